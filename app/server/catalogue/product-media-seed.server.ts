/**
 * The first start with product_media gives every seeded product its current drawings (and preview
 * video) as media rows, copied into the media storage (docs/decisions/030). It runs once: as soon
 * as the table holds any row it does nothing, so a drawing the seller deleted never comes back.
 */
import { sql } from "drizzle-orm";
import type { MediaDescription } from "~/domain/media";
import { productMedia, products } from "../../../db/schema";
import type { Db } from "../platform/db.server";
import type { Media } from "../media/media.server";
import { appendProductMedia } from "./product-media.server";

/** Any 64-bit number of our own: processes starting together seed one at a time. */
const SEED_LOCK = 7_020_030;

interface SeedSource {
  id: string;
  images: readonly string[];
  videoUrl?: string;
}

/**
 * Seeds the media of the stored products' drawings (products.images and video_url, filled from the
 * seed catalogue, docs/decisions/033) when the table is empty; returns the rows written.
 */
export async function seedProductMediaRows(db: Db, media: Pick<Media, "seedProductMedia">, only?: readonly SeedSource[]): Promise<number> {
  const isEmpty = async (executor: Pick<Db, "select">) => (await executor.select({ id: productMedia.id }).from(productMedia).limit(1)).length === 0;
  if (!(await isEmpty(db))) return 0;
  const stored = await db.select({ id: products.id, images: products.images, videoUrl: products.videoUrl }).from(products).orderBy(products.position);
  const existing = new Set(stored.map((row) => row.id));
  const catalogue: readonly SeedSource[] =
    only ?? stored.map((row) => ({ id: row.id, images: Array.isArray(row.images) ? (row.images as string[]) : [], videoUrl: row.videoUrl ?? undefined }));
  // Files first (content-hashed names: copying again is a no-op), rows after, all in one transaction.
  const described: { id: string; media: MediaDescription[] }[] = [];
  for (const product of catalogue) {
    if (!existing.has(product.id)) continue;
    const seeded = await media.seedProductMedia(product);
    // The video first, as the page showed it before (its poster is the first drawing).
    described.push({ id: product.id, media: [...seeded.filter((m) => m.kind === "video"), ...seeded.filter((m) => m.kind !== "video")] });
  }
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if (!(await isEmpty(tx))) return 0;
    let rows = 0;
    for (const product of described)
      rows += (
        await appendProductMedia(
          tx,
          product.id,
          product.media.map((m) => ({ media: m })),
        )
      ).length;
    return rows;
  });
}
