import { describe, expect, it } from "vitest";
import { bulkEditSchema } from "~/domain/seller/bulk-edit";
import { fieldErrors } from "~/domain/seller/form-fields";
import { productFormSchema } from "~/domain/seller/product-form";
import { mediaAltSchema, sellerMediaRow, englishMediaSummary } from "~/domain/seller/product-media-form";
import { consoleT } from "~/i18n/console.server";
import { bulkFormErrors } from "~/server/catalogue/bulk-words.server";
import { productFormErrors, productSaveErrors } from "./product-form-errors";

/** A complete form (as in app/domain/seller/product-form.test.ts). */
const FORM: Record<string, string> = {
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
  gestures: "on",
  platforms: "mobile,pc",
  delivery: "manual-upload",
  bundleItems: "",
  title_en: "Gorilla Trigger",
  description_en: "A short line",
  trackingInfo_en: "Delivered by hand",
  fullDescription_en: "All about it",
  features_en: "One",
};

/** Forms that break every rule the product schema has, one field or two at a time. */
const BAD: Record<string, string>[] = [
  { price: "" },
  { price: "abc", originalPrice: "x", stock: "-1", warrantyDays: "999" },
  { price: "0" },
  { category: "Nope", type: "x", audience: "y", skin: "z", delivery: "w" },
  { title_en: "", description_en: "x".repeat(401), features_en: "" },
  { features_fr: Array.from({ length: 13 }, (_, i) => `f${i}`).join("\n"), features_es: "y".repeat(201) },
  { badge: "Nope", platforms: "", bundleItems: "bad id!" },
  { platforms: "tv", publishAt: "tomorrow" },
  { delivery: "username-gift" },
  { category: "Bundles", bundleItems: "a" },
  { bundleItems: "a,b" },
  { seoTitle_fr: "s".repeat(71) },
];

describe("the product form's refusals in the account's language (docs/decisions/055)", () => {
  const en = consoleT("en");
  const fr = consoleT("fr");
  const es = consoleT("es");

  it("in English are the domain's sentences, byte for byte", () => {
    for (const bad of BAD) {
      const result = productFormSchema.safeParse({ ...FORM, ...bad });
      if (result.success) throw new Error(`accepted ${JSON.stringify(bad)}`);
      expect(productFormErrors(result.error, en)).toEqual(fieldErrors(result.error));
    }
  });

  it("in French and Spanish every rule has its words (no key left showing, no English sentence)", () => {
    for (const bad of BAD) {
      const result = productFormSchema.safeParse({ ...FORM, ...bad });
      if (result.success) throw new Error("accepted");
      const english = fieldErrors(result.error);
      for (const t of [fr, es]) {
        const words = productFormErrors(result.error, t);
        for (const [field, message] of Object.entries(words)) {
          expect(message, field).not.toMatch(/adminProduct\.|\{\{/);
          expect(message, field).not.toBe(english[field]);
        }
      }
    }
    const missing = productFormSchema.safeParse({ ...FORM, title_en: "" });
    if (missing.success) throw new Error("accepted");
    expect(productFormErrors(missing.error, fr).title_en).toBe("« Titre (anglais) » est obligatoire");
    expect(productSaveErrors({ bundleItems: "Pick items from the list (products that are not bundles)" }, es).bundleItems).toBe(
      "Elige artículos de la lista (productos que no sean paquetes)",
    );
  });

  it("the bulk form's and the media forms' refusals too", () => {
    const bulk = bulkEditSchema.safeParse({ ids: "", bulkAction: "nope", bulkBadge: "Nope" });
    if (bulk.success) throw new Error("accepted");
    expect(bulkFormErrors(en, bulk.error)).toEqual(fieldErrors(bulk.error));
    expect(bulkFormErrors(fr, bulk.error)).toEqual({
      bulkAction: "Choisissez quoi faire des produits cochés",
      bulkBadge: expect.stringMatching(/^Le badge doit valoir l'une de ces valeurs : /),
    });
    const none = bulkEditSchema.safeParse({ ids: "", bulkAction: "list", bulkBadge: "" });
    if (none.success) throw new Error("accepted");
    expect(bulkFormErrors(en, none.error)).toEqual(fieldErrors(none.error));
    expect(bulkFormErrors(es, none.error)).toEqual({ ids: "Marca al menos un producto" });
    expect(mediaAltSchema.safeParse({ id: "1", altFr: "x".repeat(251) }).success).toBe(false);
    const image = { kind: "image" as const, formats: "AVIF, WebP", widths: 1, width: 640 };
    expect(englishMediaSummary(image)).toBe("AVIF, WebP · 1 width up to 640 px");
    expect(en("adminProduct.media.summaryImage", { ...image, count: 1 })).toBe(englishMediaSummary(image));
    const video = { kind: "video" as const, format: "MP4", kb: 12, formats: "JPEG" };
    expect(en("adminProduct.media.summaryVideo", video)).toBe(englishMediaSummary(video));
    expect(typeof sellerMediaRow).toBe("function");
  });
});
