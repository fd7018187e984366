import { bundleSavingsCents as bundleSavingsOf } from "~/domain/pricing";
import type { Badge, Category, Product } from "../domain/product";
import { PRODUCTS } from "./products";

export { PRODUCTS };

export type CategoryKind = "triggers" | "rooms" | "bundles" | "permanent-triggers" | "gift-triggers" | "permanent-rooms";

const BY_ID: ReadonlyMap<string, Product> = new Map(PRODUCTS.map((p) => [p.id, p]));

const KIND_CATEGORIES: Record<CategoryKind, readonly Category[]> = {
  triggers: ["Permanent Triggers", "Gifting Triggers", "Triggers"],
  "permanent-triggers": ["Permanent Triggers"],
  "gift-triggers": ["Gifting Triggers"],
  rooms: ["Rooms"],
  "permanent-rooms": ["Rooms"],
  bundles: ["Bundles"],
};

const FEATURED_BADGES: readonly Badge[] = ["Best Seller", "Bestseller", "Popular", "Premium"];
const MAX_FEATURED = 6;

export function getProduct(id: string): Product | undefined {
  return BY_ID.get(id);
}

/** Products shown in grids and search (everything except coupon-only rewards). */
export function listedProducts(): Product[] {
  return PRODUCTS.filter((p) => p.listed);
}

/** Listed products of a category page, in catalogue order. */
export function productsByCategory(kind: CategoryKind): Product[] {
  const categories = KIND_CATEGORIES[kind];
  return listedProducts().filter((p) => categories.includes(p.category));
}

/** Up to six listed products carrying a best-seller, popular or premium badge. */
export function featuredProducts(): Product[] {
  return listedProducts()
    .filter((p) => p.badge !== undefined && FEATURED_BADGES.includes(p.badge))
    .slice(0, MAX_FEATURED);
}

export { isGiftProduct, savingsCents } from "~/domain/pricing";

/** A bundle's saving against its items' catalogue prices; 0 for non-bundles. */
export function bundleSavingsCents(product: Product): number {
  return product.bundleItems ? bundleSavingsOf(product.priceCents, product.bundleItems) : 0;
}
