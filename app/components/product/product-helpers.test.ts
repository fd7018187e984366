import { describe, expect, it } from "vitest";
import { seedCatalogue } from "~/catalogue/seed-products";
import { BADGES, CATEGORIES } from "~/domain/product";
import { getI18n } from "~/i18n/i18n";
import { AUDIENCE_KEY, BADGE_KEY, CATEGORY_KEY, DELIVERY_KEY, SKIN_KEY, TYPE_KEY } from "./labels";
import { learnMorePath } from "./product-details";
import { jsonForScript, productJsonLd } from "./product-json-ld";
import { bundleView } from "~/server/catalogue/views.server";

const PRODUCTS = seedCatalogue();

describe("catalogue labels", () => {
  const keys = [
    ...Object.values(CATEGORY_KEY),
    ...Object.values(BADGE_KEY),
    ...Object.values(TYPE_KEY),
    ...Object.values(AUDIENCE_KEY),
    ...Object.values(SKIN_KEY),
    ...Object.values(DELIVERY_KEY),
  ];
  it("covers every category and badge", () => {
    expect(Object.keys(CATEGORY_KEY).sort()).toEqual([...CATEGORIES].sort());
    expect(Object.keys(BADGE_KEY).sort()).toEqual([...BADGES].sort());
  });
  for (const lang of ["en", "fr", "es"] as const) {
    it(`translates every label in ${lang}`, () => {
      const i18n = getI18n(lang);
      const missing = keys.filter((key) => !i18n.exists(key, { lng: lang, fallbackLng: false }));
      expect(missing).toEqual([]);
    });
  }
  it("keeps the spec's English names", () => {
    const t = getI18n("en").t;
    expect(t(CATEGORY_KEY["Gifting Triggers"])).toBe("Gifting Triggers");
    expect(t(BADGE_KEY["Value for Money"])).toBe("Value for Money");
  });
});

describe("product page rules", () => {
  it("sends gifting triggers to /triggers/gift and everything else to /login-required", () => {
    const byId = (id: string) => PRODUCTS.find((p) => p.id === id)!;
    expect(learnMorePath(byId("king-kong-ultra-gift"), true)).toBe("/triggers/gift");
    expect(learnMorePath(byId("2"), false)).toBe("/login-required");
    expect(learnMorePath(byId("6"), false)).toBe("/login-required");
    expect(learnMorePath(byId("venom-firsty-bundle"), false)).toBe("/login-required");
  });

  it("the WhatsApp template is the spec's sentence", () => {
    expect(getI18n("en").t("product.whatsappMessage", { title: "VENOM-TRIGGER", price: "$54.99" })).toBe("Hi! I'd like to buy VENOM-TRIGGER for $54.99");
  });

  it("bundle savings use each item's current price", () => {
    const venomBundle = PRODUCTS.find((p) => p.id === "venom-firsty-bundle")!;
    expect(bundleView(venomBundle, PRODUCTS)).toEqual({
      items: [
        { productId: "2", title: "VENOM-TRIGGER", priceCents: 5499 },
        { productId: "7", title: "3SOME-ROOM", priceCents: 3999 },
      ],
      savingsCents: 2499,
    });
    // The seller lowers VENOM-TRIGGER to $45.00: the bundle saves less.
    const repriced = PRODUCTS.map((p) => (p.id === "2" ? { ...p, priceCents: 4500 } : p));
    expect(bundleView(venomBundle, repriced)?.savingsCents).toBe(1500);
    expect(
      bundleView(
        PRODUCTS.find((p) => p.id === "2")!,
        PRODUCTS,
      ),
    ).toBeNull();
  });
});

describe("Product JSON-LD", () => {
  it("escapes markup so the script cannot be closed early", () => {
    const text = jsonForScript({ name: "</script><script>alert(1)</script>" });
    expect(text).not.toContain("<");
    expect(JSON.parse(text)).toEqual({ name: "</script><script>alert(1)</script>" });
  });

  it("describes price, availability, images and rating", () => {
    const bunker = PRODUCTS.find((p) => p.id === "8")!;
    const data = productJsonLd(bunker, "https://shop.example", "desc", "https://shop.example/product/8");
    expect(data.offers).toMatchObject({ price: "34.99", priceCurrency: "USD", availability: "https://schema.org/OutOfStock" });
    expect(data.image[0]).toBe("https://shop.example/products/8.svg");
    expect(data.aggregateRating).toMatchObject({ ratingValue: bunker.rating, reviewCount: bunker.reviews });
  });
});
