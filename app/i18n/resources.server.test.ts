import { describe, expect, it } from "vitest";
import { deferredTranslations, frameTranslations, inlineTranslations, resources, translationsFor, translationsVersion, type Tree } from "./resources.server";
import { getI18n } from "./i18n";

function flatten(tree: Tree, prefix = ""): Map<string, string | string[]> {
  const out = new Map<string, string | string[]>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string" || Array.isArray(value)) out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const en = flatten(resources.en);

describe("locale files", () => {
  it("has English strings", () => {
    expect(en.size).toBeGreaterThan(20);
  });

  for (const lang of ["fr", "es"] as const) {
    const other = flatten(resources[lang]);
    it(`${lang} has every key that en has`, () => {
      const missing = [...en.keys()].filter((k) => !other.has(k));
      expect(missing).toEqual([]);
    });
    it(`${lang} has no key that en lacks`, () => {
      const extra = [...other.keys()].filter((k) => !en.has(k));
      expect(extra).toEqual([]);
    });
    it(`${lang} keeps the interpolation variables of en`, () => {
      const vars = (s: string | string[]) => [...String(s).matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      const wrong = [...en.entries()].filter(([k, v]) => other.has(k) && vars(v).join() !== vars(other.get(k)!).join());
      expect(wrong.map(([k]) => k)).toEqual([]);
    });
    it(`${lang} has no empty string`, () => {
      expect([...other.entries()].filter(([, v]) => v === "" || (Array.isArray(v) && v.length === 0)).map(([k]) => k)).toEqual([]);
    });
  }

  it("translates by language and falls back to English", () => {
    expect(getI18n("fr").t("common.notFound.title")).not.toBe(getI18n("en").t("common.notFound.title"));
    expect(getI18n("en").t("common.notFound.title")).toBe("Page Not Found");
    expect(getI18n("en").t("errors.coupon_invalid")).toBe("Invalid coupon code");
  });
});

describe("deferredTranslations (GET /api/translations)", () => {
  it("sends the areas asked for in the language asked for, and nothing that is not a browser area", () => {
    const { lang, tree } = deferredTranslations("fr", ["dialogs", "emails", "constructor", "__proto__", "toString", "meta", "no such area"]);
    expect(lang).toBe("fr");
    expect(Object.keys(tree)).toEqual(["dialogs"]);
    expect(tree.dialogs).toEqual(resources.fr.dialogs);
  });

  it("falls back to English for an unknown language", () => {
    expect(deferredTranslations("xx", ["dialogs"]).lang).toBe("en");
  });

  it("sends a page's own entries of meta by name, never the whole of meta or the console's areas", () => {
    const { tree } = deferredTranslations("es", ["home", "meta.home", "meta.nope", "meta", "admin", "adminOrders"]);
    expect(Object.keys(tree)).toEqual(["home", "meta"]);
    expect(tree.meta).toEqual({ home: (resources.es.meta as Tree).home });
  });
});

describe("a page's strings: the strings on a client navigation, their address on an HTML document", () => {
  const areas = ["cart", "product", "meta.product"] as const;

  it("a navigation's data carries the strings themselves", () => {
    expect(translationsFor({ params: { lang: "fr" }, context: { document: false } }, areas)).toEqual({
      lang: "fr",
      tree: { cart: resources.fr.cart, product: resources.fr.product, meta: { product: (resources.fr.meta as Tree).product } },
    });
  });

  it("a document names an address that fetches exactly those strings, with their version", () => {
    const named = translationsFor({ params: { lang: "fr" }, context: { document: true } }, areas);
    expect(named).not.toHaveProperty("tree");
    const href = new URL((named as { href: string }).href, "http://shop.test");
    expect(href.pathname).toBe("/api/translations");
    const asked = href.searchParams.get("areas")!.split(",");
    expect(deferredTranslations(href.searchParams.get("lang")!, asked)).toEqual(inlineTranslations("fr", areas));
    expect(href.searchParams.get("v")).toBe(translationsVersion("fr", asked));
  });

  it("the frame's address differs by language, and its version changes when a string does", () => {
    const en = frameTranslations("en", { document: true }) as { href: string };
    const fr = frameTranslations("fr", { document: true }) as { href: string };
    expect(en.href).toContain("lang=en");
    expect(fr.href).toContain("lang=fr");
    const frame = ["frame", "common"];
    const before = translationsVersion("en", frame);
    const common = resources.en.common as Tree;
    const saved = common.notFound;
    try {
      common.notFound = { ...(saved as Tree), title: "Lost" };
      expect(translationsVersion("en", frame)).not.toBe(before);
    } finally {
      common.notFound = saved;
    }
  });
});
