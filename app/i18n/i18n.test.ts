import { beforeEach, describe, expect, it, vi } from "vitest";

// A fresh copy of the module, as a browser starts: nothing registered yet.
let i18n: typeof import("./i18n");
beforeEach(async () => {
  vi.resetModules();
  i18n = await import("./i18n");
});

describe("registerTranslations (the browser's strings, page by page)", () => {
  it("adds a page's areas and its entries of a shared area, keeping what is known", () => {
    i18n.registerTranslations("fr", { common: { a: "A" }, meta: { siteName: "Boutique" } });
    const early = i18n.getI18n("fr");
    i18n.registerTranslations("fr", { home: { title: "Accueil" }, meta: { home: { title: "Page d'accueil" } }, common: { a: "ignored" } });
    for (const instance of [early, i18n.getI18n("fr")]) {
      expect(instance.t("home.title")).toBe("Accueil");
      expect(instance.t("meta.home.title")).toBe("Page d'accueil");
      expect(instance.t("meta.siteName")).toBe("Boutique");
      expect(instance.t("common.a")).toBe("A");
    }
  });

  it("an instance created after several pages knows all of them", () => {
    i18n.registerTranslations("es", { meta: { siteName: "Tienda" } });
    i18n.registerTranslations("es", { meta: { cart: { title: "Carrito" } } });
    const late = i18n.getI18n("es");
    expect(late.t("meta.siteName")).toBe("Tienda");
    expect(late.t("meta.cart.title")).toBe("Carrito");
  });
});

describe("t() answers remembered (docs/decisions/057)", () => {
  it("a key asked before its area is registered is translated once it is", () => {
    const fr = i18n.getI18n("fr");
    expect(fr.t("cart.title")).toBe("cart.title");
    i18n.registerTranslations("fr", { cart: { title: "Panier" } });
    expect(fr.t("cart.title")).toBe("Panier");
    expect(fr.t("cart.title", { count: 2 })).toBe("Panier");
  });
});
