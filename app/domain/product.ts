/** Product types shared by the catalogue, the server and the UI. Amounts are integer US cents. */
import { coverOf, type ProductCover, type ProductGallery } from "./product-media";

import type { Lang, Localized } from "./lang";
// Most of the shop names languages through the product model; the definitions live in ./lang.
export { LANGS, type Lang, type Localized } from "./lang";

export const CATEGORIES = ["Permanent Triggers", "Gifting Triggers", "Triggers", "Rooms", "Bundles"] as const;
export type Category = (typeof CATEGORIES)[number];

export const BADGES = ["Best Seller", "Popular", "Premium", "New Release", "Bestseller", "New", "Exclusive", "Bundle Deal", "Value for Money"] as const;
export type Badge = (typeof BADGES)[number];

export type ProductType = "trigger" | "room" | "bundle";
export type Audience = "male" | "everyone" | "mixed";
export type SkinCompatibility = "any" | "black" | "dark";
export type DeliveryType = "manual-upload" | "username-gift";

export interface BundleItem {
  productId: string;
  title: string;
  priceCents: number;
}

/** A product's texts in one language, as the seller types them (app/domain/catalogue.ts applies the English fallback). */
export interface ProductTexts {
  title: string;
  description: string;
  trackingInfo: string;
  fullDescription: string;
  features: string[];
  /** Empty: the page's title and description are made from the product's title and short description. */
  seoTitle: string;
  seoDescription: string;
}

export const PLATFORMS = ["mobile", "pc"] as const;
export type Platform = (typeof PLATFORMS)[number];
export const PRODUCT_TYPES = ["trigger", "room", "bundle"] as const;
export const AUDIENCES = ["male", "everyone", "mixed"] as const;
export const SKINS = ["any", "black", "dark"] as const;
export const DELIVERY_TYPES = ["manual-upload", "username-gift"] as const;

export interface Product {
  id: string;
  /** The English title: order lines, the console, mails to the seller. Pages show `titles[lang]`. */
  title: string;
  /** The title per language, a missing one filled with the English title. */
  titles: Localized;
  /** SEO title and description per language ("" = made from the title and short description). */
  seoTitle: Localized;
  seoDescription: Localized;
  /** Short text for cards and search. */
  description: Localized;
  /** Line about delivery tracking shown on the product page. */
  trackingInfo: Localized;
  fullDescription: Localized;
  priceCents: number;
  originalPriceCents: number;
  /** 4.7 to 5. */
  rating: number;
  reviews: number;
  category: Category;
  /** Public paths, first is the main image. */
  images: string[];
  /** Public path of the product video (ids 1, 2, 4, 6, 7, 9, 10). The first image is its poster. */
  videoUrl?: string;
  badge?: Badge;
  features: Localized<string[]>;
  inStock: boolean;
  type: ProductType;
  audience: Audience;
  skin: SkinCompatibility;
  /** 20 or 25 for triggers; rooms may state poses instead. */
  actionCount?: number;
  poses?: number;
  gestures: boolean;
  platforms: readonly Platform[];
  delivery: DeliveryType;
  /** Replacement warranty in days (30 for gifting triggers), 0 when none. */
  warrantyDays: number;
  /** A bundle's items (two or more), titles and prices from the current catalogue; savings = sum of item prices − bundle price. */
  bundleItems?: readonly BundleItem[];
  /** false for drafts and products that exist only as a coupon reward (tramp-house): no public page, not sold on their own. */
  listed: boolean;
  /** Order in listings (ascending). */
  position: number;
  /** Place in the home page's featured row (ascending); absent = not featured (docs/decisions/048). */
  featured?: number;
  /** Units left when the seller counts them (docs/decisions/049); absent = not counted. `inStock` is false at 0. */
  stock?: number;
  /** Archived: gone from the storefront (404, sitemap, search, cart); past orders keep their lines. */
  archived: boolean;
  /** The seller's photos and video (product_media, docs/decisions/030); `images`/`videoUrl` are used when it is empty. */
  gallery?: ProductGallery;
}

/**
 * Whether a product can be bought: In stock ticked and, when the seller counts units, some left (a
 * count sold down to 0 is out of stock whatever the box says; docs/decisions/049). inStockSql() in
 * app/server/catalogue/products.server.ts is the same rule for queries.
 */
export function onSale(stocked: { inStock: boolean; stock: number | null }): boolean {
  return stocked.inStock && (stocked.stock === null || stocked.stock > 0);
}

/**
 * What every page needs of every product (cards, cart, search): no long texts, the main image only,
 * and the short description in the page's language and English (search matches both) when the
 * summary is made for a page.
 */
export type ProductSummary = Pick<
  Product,
  "id" | "title" | "priceCents" | "originalPriceCents" | "rating" | "reviews" | "category" | "images" | "badge" | "inStock" | "type" | "listed" | "delivery"
> & { description: Partial<Localized>; cover?: ProductCover };

export function toSummary(p: Product, lang?: Lang): ProductSummary {
  const { id, title, priceCents, originalPriceCents, rating, reviews, category, badge, inStock, type, listed, delivery } = p;
  const description = lang ? { en: p.description.en, [lang]: p.description[lang] } : p.description;
  const cover = coverOf(p.gallery, lang);
  return {
    id,
    title: lang ? p.titles[lang] : title,
    description,
    priceCents,
    originalPriceCents,
    rating,
    reviews,
    category,
    images: p.images.slice(0, 1),
    badge,
    inStock,
    type,
    listed,
    delivery,
    ...(cover ? { cover } : {}),
  };
}
