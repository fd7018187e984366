import { asc, eq } from "drizzle-orm";
import type { OrderStatusView } from "~/domain/api/order-status";
import { convertCentsAtRate, isCurrency } from "~/domain/money";
import { isOrderId } from "~/domain/order-id";
import { orderTimeline } from "~/domain/order-timeline";
import { coupons, orderEvents } from "../../../db/schema";
import type { Db } from "../platform/db.server";
import type { Keys } from "../platform/keys.server";
import { isOrderAccessKey } from "./links.server";
import { findOrder } from "./orders.server";

/**
 * The order's status view for the holder of its signed key, else undefined. The key is checked
 * before the database is read, so a wrong key, another order's key and an unknown order all look
 * the same from outside (same answer, no lookup to time).
 */
export async function openOrderStatus(db: Db, keys: Keys, orderId: string, key: string | null, now: Date): Promise<OrderStatusView | undefined> {
  if (!isOrderId(orderId) || !isOrderAccessKey(keys, orderId, key)) return undefined;
  return loadOrderStatus(db, orderId, now);
}

/** The buyer's view of an order: only what they entered or paid, never their email address. */
async function loadOrderStatus(db: Db, orderId: string, now: Date): Promise<OrderStatusView | undefined> {
  const order = await findOrder(db, orderId);
  if (!order) return undefined;
  const events = await db
    .select({ toStatus: orderEvents.toStatus, at: orderEvents.createdAt })
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.id));
  const [coupon] = order.couponId ? await db.select({ code: coupons.code }).from(coupons).where(eq(coupons.id, order.couponId)) : [];
  const timeline = orderTimeline({ status: order.status, createdAt: order.createdAt, events });
  const estimate =
    order.displayCurrency !== "USD" && isCurrency(order.displayCurrency)
      ? { currency: order.displayCurrency, cents: convertCentsAtRate(order.totalCents, order.displayRate) }
      : null;
  return {
    id: order.id,
    status: order.status,
    channel: order.channel,
    name: order.name,
    isGift: order.isGift,
    recipient: order.isGift ? order.gameUsername : null,
    items: order.items
      .toSorted((a, b) => a.id - b.id)
      .map(({ productId, title, unitPriceCents, quantity, isFree }) => ({ productId, title, unitPriceCents, quantity, isFree })),
    subtotalCents: order.subtotalCents,
    discountCents: order.discountCents,
    couponCode: coupon?.code ?? null,
    totalCents: order.totalCents,
    estimate,
    paidAt: order.paidAt?.toISOString() ?? null,
    timeline: timeline.map((step) => ({ key: step.key, at: step.at?.toISOString() ?? null, state: step.state })),
    sellerNote: order.sellerNote,
    serverNow: now.toISOString(),
  };
}
