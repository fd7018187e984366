import { and, asc, desc, eq } from "drizzle-orm";
import type { EvidenceFacts } from "~/domain/disputes";
import { emailOutbox, orderLoginEvents, orderLogins, orderPageViews, payments } from "../../../db/schema";
import type { Db } from "../platform/db.server";
import { findOrder } from "../orders/orders.server";

/**
 * What the shop recorded about an order, for the evidence packet (docs/decisions/035): the order and
 * its payment ids, the delivery and its notes, the game account, when the login was revealed and
 * deleted (never the login), the buyer's mails and when they went out, the buyer's status-page visits
 * after delivery (times only), and the terms accepted at checkout.
 */
export async function evidenceFacts(db: Db, orderId: string): Promise<EvidenceFacts | null> {
  const order = await findOrder(db, orderId);
  if (!order) return null;
  const [capture] = await db
    .select({ ref: payments.providerRef })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.kind, "capture")))
    .orderBy(desc(payments.id))
    .limit(1);
  const reveals = await db
    .select({ at: orderLoginEvents.createdAt })
    .from(orderLoginEvents)
    .where(and(eq(orderLoginEvents.orderId, orderId), eq(orderLoginEvents.kind, "revealed")))
    .orderBy(asc(orderLoginEvents.createdAt));
  const [login] = await db.select({ deletedAt: orderLogins.deletedAt }).from(orderLogins).where(eq(orderLogins.orderId, orderId));
  // The buyer's mails only (the seller's alerts go to the seller), as sent.
  const mails = await db
    .select({ kind: emailOutbox.kind, sentAt: emailOutbox.sentAt })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.orderId, orderId), eq(emailOutbox.channel, "email"), eq(emailOutbox.to, order.email), eq(emailOutbox.status, "sent")))
    .orderBy(asc(emailOutbox.sentAt));
  const visits = await db
    .select({ at: orderPageViews.viewedAt })
    .from(orderPageViews)
    .where(eq(orderPageViews.orderId, orderId))
    .orderBy(asc(orderPageViews.viewedAt));
  return {
    orderId: order.id,
    paypalOrderId: order.paypalOrderId,
    captureId: capture?.ref ?? null,
    totalCents: order.totalCents,
    createdAt: order.createdAt,
    paidAt: order.paidAt,
    deliveredAt: order.deliveredAt,
    items: order.items.map((i) => ({ title: i.title, quantity: i.quantity })),
    gameUsername: order.gameUsername,
    deliveryNote: order.deliveryNote,
    sellerNote: order.sellerNote,
    loginRevealedAt: reveals.map((r) => r.at),
    loginDeletedAt: login?.deletedAt ?? null,
    mails: mails.filter((m) => m.sentAt).map((m) => ({ kind: m.kind, sentAt: m.sentAt! })),
    visits: visits.map((v) => v.at),
    termsVersion: order.termsVersion,
    ageConfirmedAt: order.ageConfirmedAt,
  };
}
