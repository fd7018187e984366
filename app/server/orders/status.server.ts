import { asc, eq, getTableColumns } from "drizzle-orm";
import type { OrderStatusView } from "~/domain/api/order-status";
import { convertCentsAtRate, isCurrency } from "~/domain/money";
import { isOrderId } from "~/domain/order-id";
import type { OrderState } from "~/domain/order-state";
import { orderTimeline } from "~/domain/order-timeline";
import { coupons, orderEvents, orderItems, orders, products } from "../../../db/schema";
import type { Db } from "../platform/db.server";
import type { Keys } from "../platform/keys.server";
import { isOrderAccessKey } from "./links.server";

/**
 * The order's status view for the holder of its signed key, else undefined. The key is checked
 * before the database is read, so a wrong key, another order's key and an unknown order all look
 * the same from outside (same answer, no lookup to time).
 */
export async function openOrderStatus(db: Db, keys: Keys, orderId: string, key: string | null, now: Date): Promise<OrderStatusView | undefined> {
  return (await openOrderPage(db, keys, orderId, key, now))?.view;
}

/**
 * What the order page's other parts (the login hand-off, problem reports, the delivery-seen record)
 * need of the order, read once with the buyer's view: each part used to read the order row and its
 * lines again (docs/decisions/062). Each line carries its product's type, delivery and warranty as
 * stored now, archived products included.
 */
export interface OrderPageFacts {
  status: OrderState;
  isGift: boolean;
  paidAt: Date | null;
  deliveredAt: Date | null;
  items: { productId: string; type: string | null; delivery: string | null; warrantyDays: number | null }[];
}

/** The buyer's view and the page's facts, for the holder of the order's key (else undefined, as openOrderStatus). */
export async function openOrderPage(
  db: Db,
  keys: Keys,
  orderId: string,
  key: string | null,
  now: Date,
): Promise<{ view: OrderStatusView; facts: OrderPageFacts } | undefined> {
  if (!isOrderId(orderId) || !isOrderAccessKey(keys, orderId, key)) return undefined;
  return loadOrderStatus(db, orderId, now);
}

/** The buyer's view of an order: only what they entered or paid, never their email address. */
async function loadOrderStatus(db: Db, orderId: string, now: Date): Promise<{ view: OrderStatusView; facts: OrderPageFacts } | undefined> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return undefined;
  const items = await db
    .select({ ...getTableColumns(orderItems), type: products.type, delivery: products.delivery, warrantyDays: products.warrantyDays })
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, orderId));
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
  const view: OrderStatusView = {
    id: order.id,
    status: order.status,
    channel: order.channel,
    name: order.name,
    isGift: order.isGift,
    recipient: order.isGift ? order.gameUsername : null,
    items: items
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
  const facts: OrderPageFacts = {
    status: order.status,
    isGift: order.isGift,
    paidAt: order.paidAt,
    deliveredAt: order.deliveredAt,
    items: items.map(({ productId, type, delivery, warrantyDays }) => ({ productId, type, delivery, warrantyDays })),
  };
  return { view, facts };
}
