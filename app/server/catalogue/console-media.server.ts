/**
 * The seller's product media (docs/decisions/030): upload photos and one preview video, reorder,
 * alt texts per language, delete. Each action writes its rows and its one audit row in one
 * transaction, then refreshes the storefront in every process (invalidateCatalogue). Files are
 * stored before the rows and removed when the rows could not be written, so a refusal or a failure
 * leaves neither a stray file nor a half row.
 */
import { and, eq, sql } from "drizzle-orm";
import type { MediaDescription } from "~/domain/media";
import type { Localized } from "~/domain/product";
import { productMedia, products } from "../../../db/schema";
import { invalidateCatalogue } from "./cache.server";
import {
  allMediaDescriptions,
  appendProductMedia,
  deleteProductMedia,
  listProductMedia,
  reorderProductMedia,
  updateProductMediaAlt,
  type StoredProductMedia,
} from "./product-media.server";
import type { Db } from "../platform/db.server";
import { MEDIA_UPLOAD_FIELDS } from "../media/ingest-upload.server";
import type { Media } from "../media/media.server";
import { MediaError } from "../media/media-error.server";
import { recordSellerAction, type Actor } from "../seller-auth/audit.server";

/**
 * What an action did: the English message (scripts, tests), and — but for the media pipeline's own
 * refusals (MediaError) — its key in the console's `adminProduct` area with the values, so the
 * console says it in the account's language (docs/decisions/055).
 */
export type MediaActionResult = ({ ok: true } | { ok: false; status: number }) & { message: string; key?: string; values?: Record<string, string | number> };

const refusal = (status: number, message: string, key?: string): MediaActionResult => ({ ok: false, status, message, ...(key ? { key } : {}) });
const NO_PRODUCT = refusal(404, "No such product.", "adminProduct.mediaReplies.noProduct");
const NO_MEDIA = refusal(404, "No such photo or video on this product.", "adminProduct.mediaReplies.noMedia");

const target = (productId: string) => `product:${productId}`;

async function productExists(db: Pick<Db, "select">, id: string): Promise<boolean> {
  return (await db.select({ id: products.id }).from(products).where(eq(products.id, id))).length === 1;
}

async function hasVideo(db: Pick<Db, "select">, productId: string): Promise<boolean> {
  const rows = await db
    .select({ id: productMedia.id })
    .from(productMedia)
    .where(and(eq(productMedia.productId, productId), eq(productMedia.kind, "video")))
    .limit(1);
  return rows.length === 1;
}

const ONE_VIDEO = refusal(409, "This product already has its preview video: delete it before uploading another.", "adminProduct.mediaReplies.oneVideo");

/** What the console lists: the product's media in order (from the database, never the cache). */
export function sellerProductMedia(db: Db, productId: string): Promise<StoredProductMedia[]> {
  return listProductMedia(db, productId);
}

/**
 * An upload (multipart: `photos`, `video`, `poster`) for one product: read to temporary files,
 * checked and processed, stored, then its rows and audit row written. A refusal answers the
 * MediaError's status and message; nothing stays behind.
 */
export async function uploadProductMedia(db: Db, media: Media, seller: Actor, productId: string, request: Request, now: Date): Promise<MediaActionResult> {
  try {
    return await media.withUpload(request, async (upload) => {
      if (!(await productExists(db, productId))) return NO_PRODUCT;
      if (upload.files.length === 0) return refusal(422, "Choose at least one photo or a video to upload.", "adminProduct.mediaReplies.chooseFile");
      const sendsVideo = upload.files.some((file) => file.field === MEDIA_UPLOAD_FIELDS.video);
      if (sendsVideo && (await hasVideo(db, productId))) return ONE_VIDEO;
      const ingested = await media.ingestUpload(upload);
      try {
        const saved = await db.transaction(async (tx) => {
          // Checked again under a lock on the product row: two uploads at once still make one video.
          await tx.execute(sql`select 1 from ${products} where ${products.id} = ${productId} for update`);
          if (ingested.video && (await hasVideo(tx, productId))) return false;
          const ids = await appendProductMedia(
            tx,
            productId,
            ingested.media.map((m) => ({ media: m })),
          );
          await recordSellerAction(
            tx,
            seller,
            "product_media_added",
            target(productId),
            {
              ids,
              files: upload.files.map((file) => file.name),
              photos: ingested.photos.length,
              video: ingested.video !== null,
            },
            now,
          );
          return true;
        });
        if (!saved) {
          await ingested.discard();
          return ONE_VIDEO;
        }
      } catch (error) {
        await ingested.discard().catch(() => {});
        throw error;
      }
      await invalidateCatalogue(db);
      const photos = ingested.photos.length;
      const parts = [photos > 0 ? `${photos} photo${photos === 1 ? "" : "s"}` : null, ingested.video ? "the preview video" : null].filter(Boolean);
      const key = ingested.video ? (photos > 0 ? "addedPhotosVideo" : "addedVideo") : "addedPhotos";
      return {
        ok: true,
        message: `Added ${parts.join(" and ")}. The storefront shows it now.`,
        key: `adminProduct.mediaReplies.${key}`,
        values: { count: photos },
      };
    });
  } catch (error) {
    if (error instanceof MediaError) return refusal(error.status, error.message);
    throw error;
  }
}

/** Puts the media in the order of `ids` (each of the product's media exactly once). */
export async function reorderMedia(db: Db, seller: Actor, productId: string, ids: readonly number[], now: Date): Promise<MediaActionResult> {
  const result = await db.transaction(async (tx) => {
    if (!(await productExists(tx, productId))) return NO_PRODUCT;
    const before = (await listProductMedia(tx, productId)).map((item) => item.id);
    if (!(await reorderProductMedia(tx, productId, ids)))
      return refusal(409, "The media changed meanwhile: reload the page and try again.", "adminProduct.mediaReplies.changed");
    await recordSellerAction(tx, seller, "product_media_reordered", target(productId), { before, after: ids }, now);
    return { ok: true, message: "New order saved. The storefront shows it now.", key: "adminProduct.mediaReplies.orderSaved" } as const;
  });
  if (result.ok) await invalidateCatalogue(db);
  return result;
}

/** Sets one media's alt texts in the three languages. */
export async function saveMediaAlt(db: Db, seller: Actor, productId: string, id: number, alt: Localized, now: Date): Promise<MediaActionResult> {
  const result = await db.transaction(async (tx) => {
    const before = (await listProductMedia(tx, productId)).find((item) => item.id === id);
    if (!before) return NO_MEDIA;
    if (!(await updateProductMediaAlt(tx, productId, id, alt))) return NO_MEDIA;
    await recordSellerAction(tx, seller, "product_media_alt_changed", target(productId), { id, before: before.alt, after: alt }, now);
    return { ok: true, message: "Alt text saved.", key: "adminProduct.mediaReplies.altSaved" } as const;
  });
  if (result.ok) await invalidateCatalogue(db);
  return result;
}

/** Deletes one media row, then the files no other row (of any product) still uses. */
export async function removeMedia(
  db: Db,
  media: Pick<Media, "deleteUnreferenced">,
  seller: Actor,
  productId: string,
  id: number,
  now: Date,
): Promise<MediaActionResult> {
  let removed: MediaDescription[] = [];
  const result = await db.transaction(async (tx) => {
    const gone = await deleteProductMedia(tx, productId, [id]);
    if (gone.length === 0) return NO_MEDIA;
    removed = gone.map((item) => item.media);
    await recordSellerAction(tx, seller, "product_media_deleted", target(productId), { id, kind: gone[0].media.kind, alt: gone[0].alt }, now);
    const video = gone[0].media.kind === "video";
    return {
      ok: true,
      message: `${video ? "Video" : "Photo"} deleted.`,
      key: video ? "adminProduct.mediaReplies.videoDeleted" : "adminProduct.mediaReplies.photoDeleted",
    } as const;
  });
  if (!result.ok) return result;
  await invalidateCatalogue(db);
  // After the commit: a file is removed only once no stored row names it.
  await media.deleteUnreferenced(removed, await allMediaDescriptions(db)).catch(() => {});
  return result;
}
