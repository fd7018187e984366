/**
 * Products as stored in the `products` table (docs/decisions/033), turned into the storefront's
 * Product: texts with the English fallback applied, bundle items with their current titles and
 * prices. The catalogue cache calls listProducts once per change; nothing here runs per request.
 */
import { and, asc, eq, gt, isNull, or, type SQL } from "drizzle-orm";
import { localized, type StoredTexts } from "~/domain/catalogue";
import {
  AUDIENCES,
  BADGES,
  CATEGORIES,
  DELIVERY_TYPES,
  PLATFORMS,
  PRODUCT_TYPES,
  SKINS,
  onSale,
  type Badge,
  type BundleItem,
  type Platform,
  type Product,
  type ProductTexts,
} from "~/domain/product";
import { products } from "../../../db/schema";
import type { Db } from "../platform/db.server";

export type ProductRow = typeof products.$inferSelect;

/** onSale() (app/domain/product.ts) as SQL: the in-stock box ticked and, when counted, units left (docs/decisions/049). */
export function inStockSql(): SQL {
  return and(eq(products.inStock, true), or(isNull(products.stock), gt(products.stock, 0))) as SQL;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : fallback;

const isBadge = (b: string | null): b is Badge => b !== null && (BADGES as readonly string[]).includes(b);

const EMPTY_TEXTS: ProductTexts = { title: "", description: "", trackingInfo: "", fullDescription: "", features: [], seoTitle: "", seoDescription: "" };

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : []);

/** The row's texts; null for a row not filled yet (made before products were data, see seed.server.ts). */
export function storedTexts(row: Pick<ProductRow, "texts" | "title">): StoredTexts | null {
  const texts = row.texts as Partial<StoredTexts> | null;
  if (!texts || typeof texts !== "object" || !texts.en) return null;
  return { ...texts, en: { ...EMPTY_TEXTS, ...texts.en, title: texts.en.title || row.title } } as StoredTexts;
}

/** A stored row as the storefront's product; bundle items are filled by `withBundleItems`. Null while unfilled. */
function toProduct(row: ProductRow): Product | null {
  const texts = storedTexts(row);
  if (!texts) return null;
  const platforms = strings(row.platforms).filter((p): p is Platform => (PLATFORMS as readonly string[]).includes(p));
  const product: Product = {
    id: row.id,
    title: texts.en.title,
    titles: localized(texts, "title"),
    seoTitle: { en: texts.en.seoTitle, fr: texts.fr?.seoTitle ?? "", es: texts.es?.seoTitle ?? "" },
    seoDescription: { en: texts.en.seoDescription, fr: texts.fr?.seoDescription ?? "", es: texts.es?.seoDescription ?? "" },
    description: localized(texts, "description"),
    trackingInfo: localized(texts, "trackingInfo"),
    fullDescription: localized(texts, "fullDescription"),
    features: localized(texts, "features"),
    priceCents: row.priceCents,
    originalPriceCents: row.originalPriceCents,
    rating: row.rating,
    reviews: row.reviews,
    category: oneOf(CATEGORIES, row.category, "Triggers"),
    images: strings(row.images),
    ...(row.videoUrl ? { videoUrl: row.videoUrl } : {}),
    ...(isBadge(row.badge) ? { badge: row.badge } : {}),
    inStock: onSale(row),
    ...(row.stock !== null ? { stock: row.stock } : {}),
    ...(row.featuredPosition !== null ? { featured: row.featuredPosition } : {}),
    type: oneOf(PRODUCT_TYPES, row.type, "trigger"),
    audience: oneOf(AUDIENCES, row.audience, "everyone"),
    skin: oneOf(SKINS, row.skin, "any"),
    ...(row.actionCount !== null ? { actionCount: row.actionCount } : {}),
    ...(row.poses !== null ? { poses: row.poses } : {}),
    gestures: row.gestures,
    platforms,
    delivery: oneOf(DELIVERY_TYPES, row.delivery, "manual-upload"),
    warrantyDays: row.warrantyDays,
    listed: row.listed,
    position: row.position,
    archived: row.archivedAt !== null,
  };
  const itemIds = strings(row.bundleItemIds);
  if (itemIds.length > 0) product.bundleItems = itemIds.map((productId) => ({ productId, title: productId, priceCents: 0 }));
  return product;
}

/** Bundle items carry their item's current English title and price (the saving is computed from them). */
function withBundleItems(list: Product[]): Product[] {
  const byId = new Map(list.map((p) => [p.id, p]));
  for (const product of list) {
    if (!product.bundleItems) continue;
    product.bundleItems = product.bundleItems
      .map((item): BundleItem | null => {
        const found = byId.get(item.productId);
        return found ? { productId: found.id, title: found.title, priceCents: found.priceCents } : null;
      })
      .filter((item): item is BundleItem => item !== null);
  }
  return list;
}

const ORDER = [asc(products.position), asc(products.createdAt), asc(products.id)] as const;

/** Every filled product (archived ones too), in catalogue order. */
export async function listProducts(db: Db): Promise<Product[]> {
  const rows = await db
    .select()
    .from(products)
    .orderBy(...ORDER);
  return withBundleItems(rows.map(toProduct).filter((p): p is Product => p !== null));
}

/** One product as the storefront would show it (archived ones too), read from the database. */
export async function findProduct(db: Db, id: string): Promise<Product | undefined> {
  return (await listProducts(db)).find((p) => p.id === id);
}

export type ProductPatch = Partial<Omit<ProductRow, "id" | "createdAt" | "updatedAt">>;

export async function updateProduct(db: Db, id: string, patch: ProductPatch, now: Date): Promise<boolean> {
  const updated = await db
    .update(products)
    .set({ ...patch, updatedAt: now })
    .where(eq(products.id, id))
    .returning({ id: products.id });
  return updated.length === 1;
}
