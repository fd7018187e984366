import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_LANG,
  LANGS,
  hreflangAlternates,
  isLang,
  localizePath,
  normalizeLang,
  pickLangFromAcceptLanguage,
  splitLangFromPath,
  stripLangPrefix,
} from "./lang-path";

describe("languages", () => {
  it("are en (default), fr, es", () => {
    expect(LANGS).toEqual(["en", "fr", "es"]);
    expect(DEFAULT_LANG).toBe("en");
    expect(isLang("fr")).toBe(true);
    expect(isLang("FR")).toBe(false);
    expect(isLang("de")).toBe(false);
  });

  it("normalises regional variants", () => {
    expect(normalizeLang("fr-CA")).toBe("fr");
    expect(normalizeLang("es-MX")).toBe("es");
    expect(normalizeLang("EN-us")).toBe("en");
    expect(normalizeLang("es_419")).toBe("es");
    expect(normalizeLang("de")).toBeNull();
    expect(normalizeLang("")).toBeNull();
    expect(normalizeLang(null)).toBeNull();
    expect(normalizeLang(undefined)).toBeNull();
  });
});

describe("splitLangFromPath", () => {
  it("reads the first segment", () => {
    expect(splitLangFromPath("/fr/cart")).toEqual({ lang: "fr", rest: "/cart" });
    expect(splitLangFromPath("/es")).toEqual({ lang: "es", rest: "/" });
    expect(splitLangFromPath("/es/")).toEqual({ lang: "es", rest: "/" });
    expect(splitLangFromPath("/en/triggers/gift")).toEqual({ lang: "en", rest: "/triggers/gift" });
    expect(splitLangFromPath("/cart")).toEqual({ lang: "en", rest: "/cart" });
    expect(splitLangFromPath("/")).toEqual({ lang: "en", rest: "/" });
    expect(splitLangFromPath("")).toEqual({ lang: "en", rest: "/" });
  });

  it("keeps the query string and hash", () => {
    expect(splitLangFromPath("/fr?x=1")).toEqual({ lang: "fr", rest: "/?x=1" });
    expect(splitLangFromPath("/fr/help-center#delivery")).toEqual({ lang: "fr", rest: "/help-center#delivery" });
  });

  it("does not mistake look-alikes for a prefix", () => {
    expect(splitLangFromPath("/french/x")).toEqual({ lang: "en", rest: "/french/x" });
    expect(splitLangFromPath("/de/cart")).toEqual({ lang: "en", rest: "/de/cart" });
    expect(splitLangFromPath("/FR/cart")).toEqual({ lang: "en", rest: "/FR/cart" });
    expect(splitLangFromPath("/cart?next=/fr")).toEqual({ lang: "en", rest: "/cart?next=/fr" });
  });

  it("strips the prefix", () => {
    expect(stripLangPrefix("/es/product/1?success=true")).toBe("/product/1?success=true");
  });
});

describe("localizePath", () => {
  it("adds, replaces or removes the prefix", () => {
    expect(localizePath("/cart", "fr")).toBe("/fr/cart");
    expect(localizePath("/fr/cart", "es")).toBe("/es/cart");
    expect(localizePath("/fr/cart", "en")).toBe("/cart");
    expect(localizePath("/en/cart", "en")).toBe("/cart");
    expect(localizePath("/", "fr")).toBe("/fr");
    expect(localizePath("/es", "fr")).toBe("/fr");
    expect(localizePath("/fr", "en")).toBe("/");
    expect(localizePath("cart", "es")).toBe("/es/cart");
  });

  it("keeps query string and hash", () => {
    expect(localizePath("/checkout?gift=true&product=king-kong-ultra-gift", "es")).toBe("/es/checkout?gift=true&product=king-kong-ultra-gift");
    expect(localizePath("/?q=1", "fr")).toBe("/fr?q=1");
    expect(localizePath("/#top", "fr")).toBe("/fr#top");
    expect(localizePath("/es/help-center#delivery", "fr")).toBe("/fr/help-center#delivery");
  });

  it("never makes a path a browser would read as another site", () => {
    // '//host' and '/\\host' are protocol-relative URLs: a redirect there would leave the shop.
    expect(localizePath("/en//evil.example", "en")).toBe("/evil.example");
    expect(localizePath("/en/\\evil.example", "en")).toBe("/evil.example");
    expect(localizePath("//evil.example/x?y=//z", "en")).toBe("/evil.example/x?y=//z");
    expect(localizePath("/fr///evil.example", "es")).toBe("/es/evil.example");
    expect(localizePath("\\\\evil.example", "fr")).toBe("/fr/evil.example");
  });

  it("always answers a same-site path, whatever it is given", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom("/", "\\", "en", "fr", "es", "?", "#", "a", ".", "%2F", " ") }),
        fc.constantFrom(...LANGS),
        (path, lang) => {
          const target = localizePath(path, lang);
          expect(target).toMatch(/^\/(?![/\\])/);
          expect(new URL(target, "https://shop.example").origin).toBe("https://shop.example");
        },
      ),
    );
  });
});

describe("pickLangFromAcceptLanguage", () => {
  it("takes the first supported language by q order", () => {
    expect(pickLangFromAcceptLanguage("fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5")).toBe("fr");
    expect(pickLangFromAcceptLanguage("de-DE,de;q=0.9,es;q=0.8,en;q=0.7")).toBe("es");
    expect(pickLangFromAcceptLanguage("en;q=0.5, es-MX;q=0.9")).toBe("es");
    expect(pickLangFromAcceptLanguage("es, fr")).toBe("es");
  });

  it("ignores q=0, malformed q and '*'", () => {
    expect(pickLangFromAcceptLanguage("fr;q=0, en;q=0.1")).toBe("en");
    expect(pickLangFromAcceptLanguage("fr;q=abc, es;q=0.2")).toBe("es");
    expect(pickLangFromAcceptLanguage("*")).toBeNull();
  });

  it("returns null when nothing is supported", () => {
    expect(pickLangFromAcceptLanguage("de, it;q=0.8")).toBeNull();
    expect(pickLangFromAcceptLanguage("")).toBeNull();
    expect(pickLangFromAcceptLanguage(null)).toBeNull();
    expect(pickLangFromAcceptLanguage(undefined)).toBeNull();
  });
});

describe("hreflangAlternates", () => {
  it("lists every language and x-default pointing at the English page", () => {
    expect(hreflangAlternates("/fr/product/2?x=1")).toEqual([
      { hrefLang: "en", path: "/product/2?x=1" },
      { hrefLang: "fr", path: "/fr/product/2?x=1" },
      { hrefLang: "es", path: "/es/product/2?x=1" },
      { hrefLang: "x-default", path: "/product/2?x=1" },
    ]);
  });
});
