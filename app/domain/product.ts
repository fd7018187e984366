/** Product types shared by the catalogue, the server and the UI. Amounts are integer US cents. */
import { coverOf, type ProductCover, type ProductGallery } from "./product-media";

export const LANGS = ["en", "fr", "es"] as const;
export type Lang = (typeof LANGS)[number];
export type Localized<T = string> = Record<Lang, T>;

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

export interface Product {
  id: string;
  title: string;
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
  platforms: readonly ("mobile" | "pc")[];
  delivery: DeliveryType;
  /** Replacement warranty in days (30 for gifting triggers), 0 when none. */
  warrantyDays: number;
  /** Exactly two items for bundles; savings = sum of item prices − bundle price. */
  bundleItems?: readonly [BundleItem, BundleItem];
  /** false for products that exist only as a coupon reward (tramp-house). */
  listed: boolean;
  /** The seller's photos and video (product_media, docs/decisions/030); `images`/`videoUrl` are used when it is empty. */
  gallery?: ProductGallery;
}

/**
 * What every page needs of every product (cards, cart, search): no long texts, the main image only,
 * and the short description in the page's language and English (search matches both) when the
 * summary is made for a page.
 */
export type ProductSummary = Pick<
  Product,
  "id" | "title" | "priceCents" | "originalPriceCents" | "rating" | "reviews" | "category" | "images" | "badge" | "inStock" | "type" | "listed"
> & { description: Partial<Localized>; cover?: ProductCover };

export function toSummary(p: Product, lang?: Lang): ProductSummary {
  const { id, title, priceCents, originalPriceCents, rating, reviews, category, badge, inStock, type, listed } = p;
  const description = lang ? { en: p.description.en, [lang]: p.description[lang] } : p.description;
  const cover = coverOf(p.gallery, lang);
  return {
    id,
    title,
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
    ...(cover ? { cover } : {}),
  };
}
