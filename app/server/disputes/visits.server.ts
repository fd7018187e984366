import { and, desc, eq, gt } from "drizzle-orm";
import { orderPageViews, orders } from "../../../db/schema";
import type { Db } from "../platform/db.server";

/** Visits closer together than this are one visit (a reload, the page's own refresh). */
const SAME_VISIT_MS = 10 * 60_000;

/**
 * Records that the buyer opened their order's status page after delivery — the time only, nothing
 * about the visitor — as evidence that the delivery was seen (docs/decisions/035). Before delivery
 * nothing is recorded. Best effort: a failure never breaks the page.
 */
export async function recordStatusPageVisit(db: Db, orderId: string, now: Date, known?: { deliveredAt: Date | null }): Promise<void> {
  try {
    // `known`: the order as the page already read it.
    const [order] = known ? [known] : await db.select({ deliveredAt: orders.deliveredAt }).from(orders).where(eq(orders.id, orderId));
    if (!order?.deliveredAt || order.deliveredAt > now) return;
    const [recent] = await db
      .select({ id: orderPageViews.id })
      .from(orderPageViews)
      .where(and(eq(orderPageViews.orderId, orderId), gt(orderPageViews.viewedAt, new Date(now.getTime() - SAME_VISIT_MS))))
      .orderBy(desc(orderPageViews.viewedAt))
      .limit(1);
    if (!recent) await db.insert(orderPageViews).values({ orderId, viewedAt: now });
  } catch {
    // Evidence is a bonus; the buyer's page comes first.
  }
}
