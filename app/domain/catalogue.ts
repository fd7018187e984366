/**
 * Catalogue rules over a list of products (the in-memory catalogue, docs/decisions/033): which
 * products a category page and the featured row show, the English fallback of texts the seller has
 * not translated yet, and new product ids. Pure: no database, no React.
 */
import { LANGS, type Badge, type Category, type Lang, type Localized, type Product, type ProductTexts } from "./product";

export type CategoryKind = "triggers" | "rooms" | "bundles" | "permanent-triggers" | "gift-triggers" | "permanent-rooms";

const KIND_CATEGORIES: Record<CategoryKind, readonly Category[]> = {
  triggers: ["Permanent Triggers", "Gifting Triggers", "Triggers"],
  "permanent-triggers": ["Permanent Triggers"],
  "gift-triggers": ["Gifting Triggers"],
  rooms: ["Rooms"],
  "permanent-rooms": ["Rooms"],
  bundles: ["Bundles"],
};

/**
 * The badges whose products the seed features (the first six listed, in catalogue order). Since
 * docs/decisions/048 the seller's explicit choice decides the row; a badge is only a label.
 */
export const SEED_FEATURED_BADGES: readonly Badge[] = ["Best Seller", "Bestseller", "Popular", "Premium"];
/** How many featured products the home page's row shows. */
export const MAX_FEATURED = 6;

/** What the public may see: listed and not archived, in the given (catalogue) order. */
export function publicProducts(products: readonly Product[]): Product[] {
  return products.filter((p) => p.listed && !p.archived);
}

/** Listed products of a category page, in catalogue order. */
export function productsByCategory(products: readonly Product[], kind: CategoryKind): Product[] {
  const categories = KIND_CATEGORIES[kind];
  return publicProducts(products).filter((p) => categories.includes(p.category));
}

/** The first six public products the seller featured, in the seller's featured order (docs/decisions/048). */
export function featuredProducts(products: readonly Product[]): Product[] {
  return publicProducts(products)
    .filter((p) => p.featured !== undefined)
    .sort((a, b) => (a.featured ?? 0) - (b.featured ?? 0))
    .slice(0, MAX_FEATURED);
}

/** The seed's featured row: the first six listed products with a best-seller, popular or premium badge. */
export function seedFeaturedIds(products: readonly Pick<Product, "id" | "listed" | "badge">[]): string[] {
  return products
    .filter((p) => p.listed)
    .filter((p) => p.badge !== undefined && SEED_FEATURED_BADGES.includes(p.badge))
    .slice(0, MAX_FEATURED)
    .map((p) => p.id);
}

/** The texts as stored: English complete, French and Spanish possibly partial or missing. */
export type StoredTexts = { en: ProductTexts } & Partial<Record<Exclude<Lang, "en">, Partial<ProductTexts>>>;

/** The fields a translation must have; SEO texts are optional in every language. */
export const REQUIRED_TEXT_FIELDS = ["title", "description", "trackingInfo", "fullDescription", "features"] as const;
export type RequiredTextField = (typeof REQUIRED_TEXT_FIELDS)[number];

const isBlank = (value: string | string[] | undefined): boolean =>
  value === undefined || (Array.isArray(value) ? value.every((v) => v.trim() === "") : value.trim() === "");

/** The text of `field` in `lang`, or the English one when that language has none. */
export function textIn<K extends keyof ProductTexts>(texts: StoredTexts, lang: Lang, field: K): ProductTexts[K] {
  const own = texts[lang]?.[field] as ProductTexts[K] | undefined;
  return isBlank(own) ? texts.en[field] : (own as ProductTexts[K]);
}

/** Every language's value of `field`, English filling the gaps: what the storefront renders. */
export function localized<K extends keyof ProductTexts>(texts: StoredTexts, field: K): Localized<ProductTexts[K]> {
  return { en: textIn(texts, "en", field), fr: textIn(texts, "fr", field), es: textIn(texts, "es", field) };
}

/** Per language, the required fields that have no text of their own (shown as falling back to English). */
export function missingTexts(texts: StoredTexts): Record<Lang, RequiredTextField[]> {
  const out = {} as Record<Lang, RequiredTextField[]>;
  for (const lang of LANGS) out[lang] = REQUIRED_TEXT_FIELDS.filter((field) => isBlank(texts[lang]?.[field]));
  return out;
}

/** A URL-safe id from the English title, unique among `taken` (a suffix -2, -3… when needed). Never changes afterwards. */
export function newProductId(title: string, taken: ReadonlySet<string>): string {
  const slug =
    title
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60)
      .replace(/-+$/g, "") || "product";
  if (!taken.has(slug)) return slug;
  for (let n = 2; ; n++) if (!taken.has(`${slug}-${n}`)) return `${slug}-${n}`;
}
