/**
 * The seller's product form (SPEC §3 fields, issue 20): one zod schema per field, composed into the
 * form's schema, which the console runs in the browser before posting and the server runs again.
 * Texts come in three languages: English is required, French and Spanish may be left empty (the
 * storefront then shows the English text, and the console flags it).
 */
import { z } from "../zod";
import type { StoredTexts } from "../catalogue";
import {
  AUDIENCES,
  BADGES,
  CATEGORIES,
  DELIVERY_TYPES,
  LANGS,
  PLATFORMS,
  PRODUCT_TYPES,
  SKINS,
  type Audience,
  type Badge,
  type Category,
  type DeliveryType,
  type Lang,
  type Platform,
  type ProductTexts,
  type ProductType,
  type SkinCompatibility,
} from "../product";
import { checkboxField, dollarsField, optionalDollarsField, optionalText, optionalWholeNumber, refuseValue } from "./form-fields";

const LANG_NAMES: Record<Lang, string> = { en: "English", fr: "French", es: "Spanish" };

/** Limits per text field (characters); features: lines, each within the title limit. */
export const TEXT_LIMITS = { title: 120, description: 400, trackingInfo: 200, fullDescription: 4000, features: 12, seoTitle: 70, seoDescription: 170 } as const;
const FEATURE_MAX = 200;

export const TEXT_LABELS: Record<keyof ProductTexts, string> = {
  title: "Title",
  description: "Short description",
  trackingInfo: "Tracking line",
  fullDescription: "Full description",
  features: "Features (one per line)",
  seoTitle: "SEO title",
  seoDescription: "SEO description",
};

/** The form field holding `field` in `lang`: `title_en`, `features_fr`… */
export const textFieldName = (field: keyof ProductTexts, lang: Lang) => `${field}_${lang}`;

function oneOf<T extends string>(values: readonly T[], label: string) {
  return z.pipe(
    optionalText,
    z.transform((value: string | undefined, ctx) => {
      const text = (value ?? "").trim();
      return (values as readonly string[]).includes(text)
        ? (text as T)
        : refuseValue(ctx, `${label} must be one of: ${values.join(", ")}`, [], { rule: "oneOf", values: values.join(", ") });
    }),
  );
}

/** A single-line or long text; required ones refuse blank, every one has a length limit. */
export function textField(label: string, max: number, required: boolean) {
  return z.pipe(
    optionalText,
    z.transform((value: string | undefined, ctx) => {
      const text = (value ?? "").replace(/\r\n/g, "\n").trim();
      if (required && text === "") return refuseValue(ctx, `${label} is required`, [], { rule: "required" });
      if (text.length > max)
        return refuseValue(ctx, `${label} must be at most ${max} characters (now ${text.length})`, [], { rule: "tooLong", max, length: text.length });
      return text;
    }),
  );
}

/** One feature per line; blank lines are dropped. */
export function featuresField(label: string, required: boolean) {
  return z.pipe(
    optionalText,
    z.transform((value: string | undefined, ctx) => {
      const lines = (value ?? "")
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter((line) => line !== "");
      if (required && lines.length === 0) return refuseValue(ctx, `${label}: write at least one feature`, [], { rule: "featuresNone" });
      if (lines.length > TEXT_LIMITS.features)
        return refuseValue(ctx, `${label}: at most ${TEXT_LIMITS.features} features`, [], { rule: "featuresTooMany", max: TEXT_LIMITS.features });
      if (lines.some((line) => line.length > FEATURE_MAX))
        return refuseValue(ctx, `${label}: each feature at most ${FEATURE_MAX} characters`, [], { rule: "featureTooLong", max: FEATURE_MAX });
      return lines;
    }),
  );
}

const isBadge = (text: string): text is Badge => (BADGES as readonly string[]).includes(text);

export const badgeField = z.pipe(
  optionalText,
  z.transform((value: string | undefined, ctx) => {
    const badge = (value ?? "").trim();
    if (badge === "") return null;
    return isBadge(badge) ? badge : refuseValue(ctx, `Badge must be one of: ${BADGES.join(", ")}`, [], { rule: "badge", values: BADGES.join(", ") });
  }),
);

/** Comma-separated ids (the form joins its ticked boxes), each a product id. */
export const idListField = z.pipe(
  optionalText,
  z.transform((value: string | undefined, ctx) => {
    const ids = [
      ...new Set(
        (value ?? "")
          .split(",")
          .map((id) => id.trim())
          .filter((id) => id !== ""),
      ),
    ];
    return ids.every((id) => /^[A-Za-z0-9_-]{1,80}$/.test(id)) ? ids : refuseValue(ctx, "Pick items from the list", [], { rule: "pickItems" });
  }),
);

const platformsField = z.pipe(
  optionalText,
  z.transform((value: string | undefined, ctx) => {
    const picked = (value ?? "").split(",").filter((p) => p !== "");
    if (picked.length === 0) return refuseValue(ctx, "Tick at least one platform", [], { rule: "platformNone" });
    return picked.every((p) => (PLATFORMS as readonly string[]).includes(p))
      ? (picked as Platform[])
      : refuseValue(ctx, "Unknown platform", [], { rule: "platformUnknown" });
  }),
);

function textShape() {
  const shape: Record<string, ReturnType<typeof textField> | ReturnType<typeof featuresField>> = {};
  for (const lang of LANGS) {
    const required = lang === "en";
    for (const field of ["title", "description", "trackingInfo", "fullDescription", "seoTitle", "seoDescription"] as const) {
      const seo = field === "seoTitle" || field === "seoDescription";
      shape[textFieldName(field, lang)] = textField(`${TEXT_LABELS[field]} (${LANG_NAMES[lang]})`, TEXT_LIMITS[field], required && !seo);
    }
    shape[textFieldName("features", lang)] = featuresField(`Features (${LANG_NAMES[lang]})`, required);
  }
  return shape;
}

/** "2026-11-28T09:30" (seconds optional), read as UTC, as the console's datetime field sends it; blank = no schedule. */
const publishAtField = z.pipe(
  optionalText,
  z.transform((value: string | undefined, ctx) => {
    const text = (value ?? "").trim();
    if (text === "") return null;
    const match = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(:\d{2})?$/.exec(text);
    const time = match ? new Date(`${match[1]}T${match[2]}${match[3] ?? ":00"}Z`) : null;
    if (!time || Number.isNaN(time.getTime()))
      return refuseValue(ctx, "Publish at must be a date and time like 2026-12-01 09:30 (UTC), or empty", [], { rule: "publishAt" });
    return time.toISOString();
  }),
);

/**
 * A schedule decides Listed (issue 33): a time still ahead keeps the product a draft until the
 * publish job lists it; a time already past lists it now and clears the schedule.
 */
export function applySchedule(input: ProductInput, now: Date): ProductInput {
  if (input.publishAt === null) return input;
  return new Date(input.publishAt) > now ? { ...input, listed: false } : { ...input, listed: true, publishAt: null };
}

export const productFormSchema = z
  .object({
    price: dollarsField("Price"),
    // Shopify's compare-at price: optional, shown struck through only when higher than the price.
    originalPrice: optionalDollarsField("Compare-at price"),
    inStock: checkboxField,
    stock: optionalWholeNumber("Stock count", 0, 100_000),
    publishAt: publishAtField,
    listed: checkboxField,
    badge: badgeField,
    category: oneOf(CATEGORIES, "Category"),
    type: oneOf(PRODUCT_TYPES, "Type"),
    audience: oneOf(AUDIENCES, "Audience"),
    skin: oneOf(SKINS, "Skin compatibility"),
    actionCount: optionalWholeNumber("Number of actions", 1, 999),
    poses: optionalWholeNumber("Number of poses", 1, 999),
    gestures: checkboxField,
    platforms: platformsField,
    delivery: oneOf(DELIVERY_TYPES, "Delivery"),
    warrantyDays: optionalWholeNumber("Warranty", 0, 365),
    bundleItems: idListField,
    ...textShape(),
  })
  .check(
    z.superRefine((input, ctx) => {
      if (input.price === 0) ctx.addIssue({ code: "custom", path: ["price"], message: "Price must be more than $0.00", params: { rule: "priceZero" } });
      // Delivery decides gifts and the login hand-over, the category decides coupons (docs/decisions/042):
      // they must agree, or a permanent upload could be sold as a gift (or a gift earn a free room).
      const gifting = input.delivery === "username-gift";
      if (gifting !== (input.category === "Gifting Triggers") || (gifting && input.type !== "trigger")) {
        ctx.addIssue({
          code: "custom",
          path: ["delivery"],
          message: "Sent to a username goes with category Gifting Triggers and type trigger, and only with them",
          params: { rule: "gift" },
        });
      }
      const bundle = input.category === "Bundles" || input.type === "bundle";
      if (bundle && input.bundleItems.length < 2)
        ctx.addIssue({ code: "custom", path: ["bundleItems"], message: "A bundle needs at least two items", params: { rule: "bundleTwo" } });
      if (!bundle && input.bundleItems.length > 0)
        ctx.addIssue({ code: "custom", path: ["bundleItems"], message: "Only a bundle (category Bundles) has items", params: { rule: "bundleOnly" } });
    }),
  );

type FormOutput = z.infer<typeof productFormSchema>;

/** What the form saves: every stored field of a product but its id, ratings and media. */
export interface ProductInput {
  priceCents: number;
  /** The compare-at price; 0 (or anything not above the price) shows no saving. */
  originalPriceCents: number;
  inStock: boolean;
  /** Units left; null = not counted. */
  stock: number | null;
  /** ISO time (UTC) a draft goes on sale by itself; null = no schedule. */
  publishAt: string | null;
  listed: boolean;
  badge: Badge | null;
  category: Category;
  type: ProductType;
  audience: Audience;
  skin: SkinCompatibility;
  actionCount: number | null;
  poses: number | null;
  gestures: boolean;
  platforms: Platform[];
  delivery: DeliveryType;
  warrantyDays: number;
  bundleItemIds: string[];
  texts: StoredTexts;
}

function textsOf(form: FormOutput): StoredTexts {
  const record = form as unknown as Record<string, string | string[]>;
  const one = (lang: Lang): ProductTexts => ({
    title: record[textFieldName("title", lang)] as string,
    description: record[textFieldName("description", lang)] as string,
    trackingInfo: record[textFieldName("trackingInfo", lang)] as string,
    fullDescription: record[textFieldName("fullDescription", lang)] as string,
    features: record[textFieldName("features", lang)] as string[],
    seoTitle: record[textFieldName("seoTitle", lang)] as string,
    seoDescription: record[textFieldName("seoDescription", lang)] as string,
  });
  return { en: one("en"), fr: one("fr"), es: one("es") };
}

export function toProductInput(form: FormOutput): ProductInput {
  return {
    priceCents: form.price,
    originalPriceCents: form.originalPrice,
    inStock: form.inStock,
    stock: form.stock,
    publishAt: form.publishAt,
    listed: form.listed,
    badge: form.badge,
    category: form.category,
    type: form.type,
    audience: form.audience,
    skin: form.skin,
    actionCount: form.actionCount,
    poses: form.poses,
    gestures: form.gestures,
    platforms: form.platforms,
    delivery: form.delivery,
    warrantyDays: form.warrantyDays ?? 0,
    bundleItemIds: form.bundleItems,
    texts: textsOf(form),
  };
}

/**
 * The posted form as the record the schema reads: repeated checkboxes (`platforms`, `bundleItems`)
 * joined with commas, every other field's first value. Browser and server use the same reading.
 */
export function productFormRecord(form: FormData): Record<string, string> {
  const record: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string" && !(key in record)) record[key] = value;
  for (const name of ["platforms", "bundleItems"]) {
    record[name] = form
      .getAll(name)
      .filter((v): v is string => typeof v === "string")
      .join(",");
  }
  return record;
}
