import { describe, expect, it } from "vitest";
import { productFormRecord, productFormSchema, toProductInput } from "./product-form";

/** A complete form as the console posts it: English texts only, French and Spanish left empty. */
export const FORM: Record<string, string> = {
  price: "39.99",
  originalPrice: "54.99",
  inStock: "on",
  listed: "on",
  badge: "Popular",
  category: "Permanent Triggers",
  type: "trigger",
  audience: "male",
  skin: "any",
  actionCount: "20",
  poses: "",
  gestures: "on",
  platforms: "mobile,pc",
  delivery: "manual-upload",
  warrantyDays: "",
  bundleItems: "",
  title_en: "Gorilla Trigger",
  description_en: "A short line",
  trackingInfo_en: "Delivered by hand",
  fullDescription_en: "All about it",
  features_en: "One\n\nTwo ",
  title_fr: "Déclencheur Gorille",
};

const issues = (input: Record<string, string>) => productFormSchema.safeParse(input).error?.issues.map((i) => String(i.path[0]));

describe("productFormSchema", () => {
  it("reads the form into what is stored, missing languages left empty", () => {
    const input = toProductInput(productFormSchema.parse(FORM));
    expect(input).toMatchObject({
      priceCents: 3999,
      originalPriceCents: 5499,
      badge: "Popular",
      actionCount: 20,
      poses: null,
      warrantyDays: 0,
      platforms: ["mobile", "pc"],
    });
    expect(input.texts.en).toMatchObject({ title: "Gorilla Trigger", features: ["One", "Two"], seoTitle: "" });
    expect(input.texts.fr).toMatchObject({ title: "Déclencheur Gorille", description: "", features: [] });
  });

  it("requires every English text but no French, Spanish or SEO text", () => {
    expect(issues({ ...FORM, title_en: " ", features_en: "" })).toEqual(["title_en", "features_en"]);
    expect(issues({ ...FORM, title_fr: "", description_es: "" })).toBeUndefined();
  });

  it("refuses bad prices, unknown choices, long texts and a bundle without two items", () => {
    expect(issues({ ...FORM, price: "-5" })).toEqual(["price"]);
    // A compare-at price is optional and may be lower (it is then not shown); only a bad amount is refused.
    expect(productFormSchema.safeParse({ ...FORM, originalPrice: "20" }).success).toBe(true);
    expect(issues({ ...FORM, originalPrice: "twenty" })).toEqual(["originalPrice"]);
    expect(toProductInput(productFormSchema.parse({ ...FORM, originalPrice: "" })).originalPriceCents).toBe(0);
    expect(issues({ ...FORM, stock: "-1" })).toEqual(["stock"]);
    expect(toProductInput(productFormSchema.parse({ ...FORM, stock: "3" })).stock).toBe(3);
    expect(toProductInput(productFormSchema.parse(FORM)).stock).toBeNull();
    expect(issues({ ...FORM, publishAt: "tomorrow" })).toEqual(["publishAt"]);
    expect(toProductInput(productFormSchema.parse({ ...FORM, publishAt: "2030-01-01T10:01" })).publishAt).toBe("2030-01-01T10:01:00.000Z");
    expect(issues({ ...FORM, badge: "Cheap", category: "Hats" })).toEqual(["badge", "category"]);
    expect(issues({ ...FORM, seoTitle_fr: "x".repeat(71) })).toEqual(["seoTitle_fr"]);
    expect(issues({ ...FORM, platforms: "" })).toEqual(["platforms"]);
    expect(issues({ ...FORM, category: "Bundles", type: "bundle", bundleItems: "1" })).toEqual(["bundleItems"]);
    expect(issues({ ...FORM, category: "Bundles", type: "bundle", bundleItems: "1,4" })).toBeUndefined();
    expect(issues({ ...FORM, bundleItems: "1,4" })).toEqual(["bundleItems"]);
  });

  it("keeps delivery to a username and the Gifting Triggers category together (docs/decisions/042)", () => {
    expect(issues({ ...FORM, delivery: "username-gift" })).toEqual(["delivery"]);
    expect(issues({ ...FORM, category: "Gifting Triggers" })).toEqual(["delivery"]);
    expect(issues({ ...FORM, category: "Gifting Triggers", delivery: "username-gift", type: "room" })).toEqual(["delivery"]);
    expect(issues({ ...FORM, category: "Gifting Triggers", delivery: "username-gift" })).toBeUndefined();
  });

  it("reads repeated checkboxes from the posted form", () => {
    const form = new FormData();
    form.append("title_en", "X");
    form.append("platforms", "mobile");
    form.append("platforms", "pc");
    form.append("bundleItems", "1");
    form.append("bundleItems", "4");
    expect(productFormRecord(form)).toMatchObject({ title_en: "X", platforms: "mobile,pc", bundleItems: "1,4" });
  });
});
