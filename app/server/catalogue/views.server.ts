/**
 * Catalogue questions answered on the server (membership, featured, bundle savings), so client
 * bundles never carry the catalogue's long texts: pages map the ids to the shopper layout's summaries.
 * Prices and stock come from the catalogue cache (the database, read once).
 */
import { featuredProducts, productsByCategory, type CategoryKind } from "~/domain/catalogue";
import { bundleSavingsCents, isGiftProduct } from "~/domain/pricing";
import type { BundleItem, Product } from "~/domain/product";
import { readCatalogue } from "~/server/catalogue/cache.server";
import type { Db } from "~/server/platform/db.server";

export interface BundleView {
  /** The two items, each at its current price. */
  items: BundleItem[];
  /** Items bought separately minus the bundle price, never negative. */
  savingsCents: number;
}

/** A bundle's contents and saving at today's (database) prices; null for other products. */
export function bundleView(product: Product, all: readonly Product[]): BundleView | null {
  if (!product.bundleItems) return null;
  const price = (item: BundleItem) => all.find((p) => p.id === item.productId)?.priceCents ?? item.priceCents;
  const items = product.bundleItems.map((item) => ({ ...item, priceCents: price(item) }));
  return { items, savingsCents: bundleSavingsCents(product.priceCents, items) };
}

export interface ListingData {
  /** Listed product ids per requested category, in catalogue order. */
  groups: Partial<Record<CategoryKind, string[]>>;
  /** Listed featured product ids (only when asked for). */
  featured: string[];
  /** Bundle id → saving against buying its items separately. */
  bundleSavings: Record<string, number>;
}

export async function listingData(db: Db, kinds: readonly CategoryKind[], options: { featured?: boolean } = {}): Promise<ListingData> {
  const all = (await readCatalogue(db)).products;
  const listed = new Set(all.filter((p) => p.listed).map((p) => p.id));
  const ids = (products: readonly Product[]) => products.map((p) => p.id);
  const groups: Partial<Record<CategoryKind, string[]>> = {};
  for (const kind of kinds) groups[kind] = ids(productsByCategory(all, kind));
  const bundleSavings: Record<string, number> = {};
  for (const product of all) {
    const view = bundleView(product, all);
    if (view && listed.has(product.id)) bundleSavings[product.id] = view.savingsCents;
  }
  return { groups, featured: options.featured ? ids(featuredProducts(all)) : [], bundleSavings };
}

export { isGiftProduct };
