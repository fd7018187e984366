import { createHash } from "node:crypto";
import { and, desc, eq, gt } from "drizzle-orm";
import type { ApiRefusal } from "~/domain/api/contract";
import type { PublicReview } from "~/domain/api/reviews";
import type { ReviewInput } from "~/domain/validation";
import { reviews } from "../../../db/schema";
import { invalidateCatalogue, type Catalogue } from "./cache.server";
import type { Db } from "../platform/db.server";

/** One review per client per this many minutes (SPEC §5: "blocked while waiting"). */
export const REVIEW_WAIT_MINUTES = 5;

export type ReviewResult = { ok: true; review: PublicReview } | ApiRefusal;

function fingerprint(input: Pick<ReviewInput, "productId" | "name" | "comment">): string {
  const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, " ");
  return createHash("sha256")
    .update(`${input.productId}\n${norm(input.name)}\n${norm(input.comment)}`)
    .digest("hex");
}

function toPublic(row: typeof reviews.$inferSelect): PublicReview {
  return { id: row.id, productId: row.productId, name: row.name, rating: row.rating, comment: row.comment, createdAt: row.createdAt.toISOString() };
}

/**
 * Stores a validated review: identical reviews are refused, and a client must wait
 * REVIEW_WAIT_MINUTES between two reviews. Reviews are published at once; the seller can hide them.
 */
export async function submitReview(db: Db, input: ReviewInput, client: string, now: Date): Promise<ReviewResult> {
  const since = new Date(now.getTime() - REVIEW_WAIT_MINUTES * 60_000);
  const [recent] = await db
    .select({ createdAt: reviews.createdAt })
    .from(reviews)
    .where(and(eq(reviews.clientKey, client), gt(reviews.createdAt, since)))
    .orderBy(desc(reviews.createdAt))
    .limit(1);
  if (recent) {
    const minutes = Math.max(1, Math.ceil((recent.createdAt.getTime() + REVIEW_WAIT_MINUTES * 60_000 - now.getTime()) / 60_000));
    return { ok: false, code: "review_wait", vars: { minutes } };
  }
  const [row] = await db
    .insert(reviews)
    .values({
      productId: input.productId,
      name: input.name,
      rating: input.rating,
      comment: input.comment,
      fingerprint: fingerprint(input),
      status: "published",
      clientKey: client,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) return { ok: false, code: "review_duplicate", vars: {} };
  // Product pages show published reviews: pages rendered before this one must go.
  await invalidateCatalogue(db);
  return { ok: true, review: toPublic(row) };
}

export async function listPublishedReviews(db: Db, productId: string, limit = 20): Promise<PublicReview[]> {
  const rows = await db
    .select()
    .from(reviews)
    .where(and(eq(reviews.productId, productId), eq(reviews.status, "published")))
    .orderBy(desc(reviews.createdAt))
    .limit(limit);
  return rows.map(toPublic);
}

/**
 * The product page's reviews, remembered with the catalogue snapshot they were read under. Every
 * change of a review's visibility invalidates the catalogue (submitReview, setReviewStatus), which
 * drops the snapshot and these with it, here and, through NOTIFY, in every other process. Keys are
 * product ids of that catalogue, so the memory is bounded by its size.
 */
const reviewsBySnapshot = new WeakMap<Catalogue, Map<string, Promise<PublicReview[]>>>();

export function cachedPublishedReviews(db: Db, catalogue: Catalogue, productId: string): Promise<PublicReview[]> {
  let byProduct = reviewsBySnapshot.get(catalogue);
  if (!byProduct) reviewsBySnapshot.set(catalogue, (byProduct = new Map()));
  let reviewsOfProduct = byProduct.get(productId);
  if (!reviewsOfProduct) {
    const reading = listPublishedReviews(db, productId);
    byProduct.set(productId, (reviewsOfProduct = reading));
    // A failed read is not remembered.
    reading.catch(() => byProduct.get(productId) === reading && byProduct.delete(productId));
  }
  return reviewsOfProduct;
}
