/**
 * What shoppers send the seller: contact messages (read/unread), reviews (published/hidden) and
 * newsletter subscribers (pending/confirmed/unsubscribed, exported as CSV).
 */
import { count, desc, eq, type SQL } from "drizzle-orm";
import { toCsv, UTF8_BOM } from "~/domain/csv";
import { contactMessages, newsletterSubscribers, reviews } from "../../../db/schema";
import type { Db } from "../platform/db.server";
import { invalidateCatalogue, readCatalogue } from "../catalogue/cache.server";
import { recordSellerAction, type Actor } from "../seller-auth/audit.server";

export const PAGE_SIZE = 50;

export interface Page<T> {
  rows: T[];
  total: number;
  page: number;
  pages: number;
}

/** ?page=N, 1-based; anything unreadable is the first page. */
export function pageNumber(url: URL): number {
  const n = Number(url.searchParams.get("page"));
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
}

async function paged<T>(total: number, page: number, read: (offset: number) => Promise<T[]>): Promise<Page<T>> {
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const current = Math.min(page, pages);
  return { rows: await read((current - 1) * PAGE_SIZE), total, page: current, pages };
}

// --- Contact messages -------------------------------------------------------------------------

export type ContactFilter = "unread" | "read" | "all";
export type InboxMessage = typeof contactMessages.$inferSelect;

const contactWhere = (filter: ContactFilter): SQL | undefined => (filter === "all" ? undefined : eq(contactMessages.handled, filter === "read"));

export async function listContactMessages(db: Db, filter: ContactFilter, page = 1): Promise<Page<InboxMessage> & { unread: number }> {
  const where = contactWhere(filter);
  const [[{ total }], [{ unread }]] = await Promise.all([
    db.select({ total: count() }).from(contactMessages).where(where),
    db.select({ unread: count() }).from(contactMessages).where(eq(contactMessages.handled, false)),
  ]);
  const result = await paged(Number(total), page, (offset) =>
    db.select().from(contactMessages).where(where).orderBy(desc(contactMessages.createdAt), desc(contactMessages.id)).limit(PAGE_SIZE).offset(offset),
  );
  return { ...result, unread: Number(unread) };
}

/** Marks a message read (handled) or unread again, with its audit row; false when there is no such message. */
export async function setMessageRead(db: Db, seller: Actor, id: number, read: boolean, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const updated = await tx.update(contactMessages).set({ handled: read }).where(eq(contactMessages.id, id)).returning({ id: contactMessages.id });
    if (updated.length === 0) return false;
    await recordSellerAction(tx, seller, read ? "message_marked_read" : "message_marked_unread", `message:${id}`, null, now);
    return true;
  });
}

// --- Reviews ----------------------------------------------------------------------------------

export type ReviewStatus = "published" | "pending" | "hidden";
export type ReviewFilter = ReviewStatus | "all";

export interface InboxReview {
  id: number;
  productId: string;
  productTitle: string;
  name: string;
  rating: number;
  comment: string;
  status: ReviewStatus;
  createdAt: Date;
}

export async function listReviews(db: Db, filter: ReviewFilter, page = 1): Promise<Page<InboxReview> & { counts: Record<ReviewStatus, number> }> {
  const where = filter === "all" ? undefined : eq(reviews.status, filter);
  const [[{ total }], byStatus] = await Promise.all([
    db.select({ total: count() }).from(reviews).where(where),
    db.select({ status: reviews.status, n: count() }).from(reviews).groupBy(reviews.status),
  ]);
  const counts: Record<ReviewStatus, number> = { published: 0, pending: 0, hidden: 0 };
  for (const { status, n } of byStatus) counts[status] = Number(n);
  const result = await paged(Number(total), page, async (offset) => {
    const rows = await db
      .select({
        id: reviews.id,
        productId: reviews.productId,
        name: reviews.name,
        rating: reviews.rating,
        comment: reviews.comment,
        status: reviews.status,
        createdAt: reviews.createdAt,
      })
      .from(reviews)
      .where(where)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(PAGE_SIZE)
      .offset(offset);
    const catalogue = await readCatalogue(db);
    return rows.map((r) => ({ ...r, productTitle: catalogue.anyProduct(r.productId)?.title ?? r.productId }));
  });
  return { ...result, counts };
}

/**
 * Publishes or hides a review, with its audit row; product pages follow at once. Returns the
 * previous status, undefined when there is no such review.
 */
export async function setReviewStatus(db: Db, seller: Actor, id: number, status: "published" | "hidden", now: Date): Promise<ReviewStatus | undefined> {
  const before = await db.transaction(async (tx) => {
    const [row] = await tx.select({ status: reviews.status }).from(reviews).where(eq(reviews.id, id)).for("update");
    if (!row) return undefined;
    await tx.update(reviews).set({ status }).where(eq(reviews.id, id));
    await recordSellerAction(tx, seller, status === "published" ? "review_published" : "review_hidden", `review:${id}`, { status: [row.status, status] }, now);
    return row.status;
  });
  // Product pages (and the reviews remembered with the catalogue) must drop a hidden review at once.
  if (before !== undefined) await invalidateCatalogue(db);
  return before;
}

// --- Newsletter -------------------------------------------------------------------------------

const SUBSCRIBER_STATUSES = ["confirmed", "pending", "unsubscribed"] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];
export type SubscriberFilter = SubscriberStatus | "all";
export type Subscriber = Pick<typeof newsletterSubscribers.$inferSelect, "email" | "lang" | "status" | "createdAt" | "confirmedAt" | "unsubscribedAt">;

const subscriberColumns = {
  email: newsletterSubscribers.email,
  lang: newsletterSubscribers.lang,
  status: newsletterSubscribers.status,
  createdAt: newsletterSubscribers.createdAt,
  confirmedAt: newsletterSubscribers.confirmedAt,
  unsubscribedAt: newsletterSubscribers.unsubscribedAt,
};

/** ?show=confirmed|pending|unsubscribed|all; confirmed (the addresses that may be mailed) by default. */
export function subscriberFilterOf(url: URL): SubscriberFilter {
  const show = url.searchParams.get("show");
  return show === "all" || (SUBSCRIBER_STATUSES as readonly string[]).includes(show ?? "") ? (show as SubscriberFilter) : "confirmed";
}

const subscriberWhere = (filter: SubscriberFilter) => (filter === "all" ? undefined : eq(newsletterSubscribers.status, filter));

export async function listSubscribers(db: Db, filter: SubscriberFilter, page = 1): Promise<Page<Subscriber> & { counts: Record<SubscriberStatus, number> }> {
  const where = subscriberWhere(filter);
  const [[{ total }], byStatus] = await Promise.all([
    db.select({ total: count() }).from(newsletterSubscribers).where(where),
    db.select({ status: newsletterSubscribers.status, n: count() }).from(newsletterSubscribers).groupBy(newsletterSubscribers.status),
  ]);
  const counts: Record<SubscriberStatus, number> = { confirmed: 0, pending: 0, unsubscribed: 0 };
  for (const { status, n } of byStatus) counts[status] = Number(n);
  const result = await paged(Number(total), page, (offset) =>
    db
      .select(subscriberColumns)
      .from(newsletterSubscribers)
      .where(where)
      .orderBy(desc(newsletterSubscribers.createdAt), newsletterSubscribers.email)
      .limit(PAGE_SIZE)
      .offset(offset),
  );
  return { ...result, counts };
}

/** Every subscriber of the filter as CSV, oldest first (the order a mailing tool imports). */
export async function subscribersCsv(db: Db, filter: SubscriberFilter): Promise<{ csv: string; rows: number }> {
  const rows = await db
    .select(subscriberColumns)
    .from(newsletterSubscribers)
    .where(subscriberWhere(filter))
    .orderBy(newsletterSubscribers.createdAt, newsletterSubscribers.email);
  // The BOM makes Excel read the file as UTF-8 (addresses may hold non-ASCII letters).
  const csv =
    UTF8_BOM +
    toCsv(
      ["email", "status", "language", "subscribed_at", "confirmed_at", "unsubscribed_at"],
      rows.map((r) => [r.email, r.status, r.lang, r.createdAt, r.confirmedAt, r.unsubscribedAt]),
    );
  return { csv, rows: rows.length };
}

/** What waits in each inbox list: unread messages, reviews to moderate, confirmed subscribers. */
export async function inboxCounts(db: Db): Promise<{ unread: number; pendingReviews: number; confirmed: number }> {
  const [[unread], [pending], [confirmed]] = await Promise.all([
    db.select({ n: count() }).from(contactMessages).where(eq(contactMessages.handled, false)),
    db.select({ n: count() }).from(reviews).where(eq(reviews.status, "pending")),
    db.select({ n: count() }).from(newsletterSubscribers).where(eq(newsletterSubscribers.status, "confirmed")),
  ]);
  return { unread: Number(unread.n), pendingReviews: Number(pending.n), confirmed: Number(confirmed.n) };
}
