/**
 * The product_media table (docs/decisions/030): each product's photos and preview video in order,
 * with alt texts per language. Read whole when the catalogue is loaded (catalogue-cache.server.ts
 * calls `withProductMedia`), so pages never query it; every change is followed by
 * invalidateCatalogue (app/server/catalogue/console-media.server.ts).
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { MediaDescription } from "~/domain/media";
import { mediaDescriptionSchema } from "~/domain/media-schema";
import type { Product, Localized } from "~/domain/product";
import type { ProductGallery, ProductMediaItem } from "~/domain/product-media";
import { productMedia } from "../../../db/schema";
import type { Db } from "../platform/db.server";

type Row = typeof productMedia.$inferSelect;
type Executor = Pick<Db, "select" | "insert" | "update" | "delete">;

export interface StoredProductMedia extends ProductMediaItem {
  productId: string;
  position: number;
}

/** A row as the shop uses it, or null when its stored description could not be rendered (never shown, still deletable). */
function toItem(row: Row): StoredProductMedia | null {
  const parsed = mediaDescriptionSchema.safeParse(row.media);
  if (!parsed.success) return null;
  return {
    id: row.id,
    productId: row.productId,
    position: row.position,
    media: parsed.data as MediaDescription,
    alt: { en: row.altEn, fr: row.altFr, es: row.altEs },
  };
}

const ORDER = [asc(productMedia.position), asc(productMedia.id)] as const;

/** Every product's media in order: product id → items. */
export async function listAllProductMedia(db: Executor): Promise<Map<string, StoredProductMedia[]>> {
  const rows = await db
    .select()
    .from(productMedia)
    .orderBy(asc(productMedia.productId), ...ORDER);
  const byProduct = new Map<string, StoredProductMedia[]>();
  for (const row of rows) {
    const item = toItem(row);
    if (!item) continue;
    const list = byProduct.get(row.productId) ?? [];
    list.push(item);
    byProduct.set(row.productId, list);
  }
  return byProduct;
}

/** One product's media in order. */
export async function listProductMedia(db: Executor, productId: string): Promise<StoredProductMedia[]> {
  const rows = await db
    .select()
    .from(productMedia)
    .where(eq(productMedia.productId, productId))
    .orderBy(...ORDER);
  return rows.map(toItem).filter((item): item is StoredProductMedia => item !== null);
}

/** Every stored description (any product): what `deleteUnreferenced` must keep. */
export async function allMediaDescriptions(db: Executor): Promise<MediaDescription[]> {
  const rows = await db.select({ media: productMedia.media }).from(productMedia);
  return rows.flatMap((row) => {
    const parsed = mediaDescriptionSchema.safeParse(row.media);
    return parsed.success ? [parsed.data as MediaDescription] : [];
  });
}

/** Adds media after the product's last one, in the given order; returns the new rows' ids. */
export async function appendProductMedia(
  db: Executor,
  productId: string,
  items: readonly { media: MediaDescription; alt?: Partial<Localized> }[],
): Promise<number[]> {
  if (items.length === 0) return [];
  const [{ last }] = await db
    .select({ last: sql<number>`coalesce(max(${productMedia.position}), -1)`.mapWith(Number) })
    .from(productMedia)
    .where(eq(productMedia.productId, productId));
  const inserted = await db
    .insert(productMedia)
    .values(
      items.map((item, index) => ({
        productId,
        position: last + 1 + index,
        kind: item.media.kind,
        media: item.media,
        altEn: item.alt?.en ?? "",
        altFr: item.alt?.fr ?? "",
        altEs: item.alt?.es ?? "",
      })),
    )
    .returning({ id: productMedia.id });
  return inserted.map((row) => row.id);
}

/**
 * Puts the product's media in the order of `ids`, which must name each of its media exactly once.
 * Returns false (nothing changed) otherwise.
 */
export async function reorderProductMedia(db: Executor, productId: string, ids: readonly number[]): Promise<boolean> {
  const current = await db.select({ id: productMedia.id }).from(productMedia).where(eq(productMedia.productId, productId));
  const known = new Set(current.map((row) => row.id));
  if (ids.length !== known.size || new Set(ids).size !== ids.length || !ids.every((id) => known.has(id))) return false;
  for (const [position, id] of ids.entries()) {
    await db
      .update(productMedia)
      .set({ position })
      .where(and(eq(productMedia.id, id), eq(productMedia.productId, productId)));
  }
  return true;
}

export async function updateProductMediaAlt(db: Executor, productId: string, id: number, alt: Localized): Promise<boolean> {
  const updated = await db
    .update(productMedia)
    .set({ altEn: alt.en, altFr: alt.fr, altEs: alt.es })
    .where(and(eq(productMedia.id, id), eq(productMedia.productId, productId)))
    .returning({ id: productMedia.id });
  return updated.length === 1;
}

/** Removes the rows; returns what they described (to delete the files nothing else uses). */
export async function deleteProductMedia(db: Executor, productId: string, ids: readonly number[]): Promise<StoredProductMedia[]> {
  if (ids.length === 0) return [];
  const removed = await db
    .delete(productMedia)
    .where(and(eq(productMedia.productId, productId), inArray(productMedia.id, [...ids])))
    .returning();
  return removed.map(toItem).filter((item): item is StoredProductMedia => item !== null);
}

/**
 * The products with their galleries, for the catalogue cache: one query for every product's media
 * at load time, none per request. `base` starts their URLs (the storage's public base).
 */
export async function withProductMedia(db: Db, products: Product[], base: string): Promise<Product[]> {
  const media = await listAllProductMedia(db);
  return products.map((product) => {
    const items = media.get(product.id);
    if (!items || items.length === 0) return product;
    const gallery: ProductGallery = { base, items: items.map(({ id, media, alt }) => ({ id, media, alt })) };
    return { ...product, gallery };
  });
}
