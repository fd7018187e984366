import { randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import { cartTotals, priceCart, type CartLine } from "~/domain/cart";
import { evaluateCoupon } from "~/domain/coupons";
import type { MessageCode } from "~/domain/messages";
import { RATES, type Currency } from "~/domain/money";
import { createOrderId } from "~/domain/order-id";
import { transition, type OrderState } from "~/domain/order-state";
import { toSummary, type Lang } from "~/domain/product";
import type { PaymentDetails } from "~/domain/validation";
import { orderEvents, orderItems, orders } from "../../db/schema";
import { findCouponByCode } from "./coupons.server";
import type { Db } from "./db.server";
import { readCatalogue } from "./catalogue-cache.server";

export interface NewOrder {
  details: PaymentDetails;
  lines: CartLine[];
  couponCode: string | null;
  currency: Currency;
  lang: Lang;
  isGift: boolean;
  channel: "paypal" | "manual";
}

export interface PricedOrder {
  id: string;
  status: OrderState;
  items: { productId: string; title: string; unitPriceCents: number; quantity: number; isFree: boolean }[];
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  couponCode: string | null;
}

export type CreateOrderResult = { ok: true; order: PricedOrder } | { ok: false; code: MessageCode; vars: Record<string, string | number> };

const secureRandom = () => randomInt(0, 2 ** 32) / 2 ** 32;

/**
 * Prices the cart from the catalogue (the browser's prices are never read), re-checks the coupon
 * against the database (its usage count is live data, never cached), and stores the order with its items and first history row in one transaction.
 */
export async function createOrder(db: Db, input: NewOrder, now = new Date()): Promise<CreateOrderResult> {
  const products = (await readCatalogue(db)).products.map((p) => toSummary(p));
  const byId = new Map(products.map((p) => [p.id, p]));
  const { items } = priceCart(input.lines, (id) => byId.get(id));
  if (items.length === 0) return { ok: false, code: "cart_empty", vars: {} };

  let discountCents = 0;
  let couponId: string | null = null;
  let couponCode: string | null = null;
  let freeProductId: string | null = null;
  if (input.couponCode) {
    const coupon = await findCouponByCode(db, input.couponCode);
    const result = evaluateCoupon({ coupons: coupon ? [coupon] : [], code: input.couponCode, items, now, freeProduct: (id) => byId.get(id) });
    if (!result.ok) return { ok: false, code: result.code, vars: result.vars };
    discountCents = result.discountCents;
    couponId = result.coupon.id;
    couponCode = result.coupon.code;
    freeProductId = result.freeProductId;
  }
  const totals = cartTotals(items, discountCents);
  const status: OrderState = input.channel === "manual" ? "manual_pending" : "awaiting_payment";
  const rows = items.map((i) => ({ productId: i.id, title: i.title, unitPriceCents: i.priceCents, quantity: i.quantity, isFree: false }));
  const free = freeProductId ? byId.get(freeProductId) : undefined;
  if (free) rows.push({ productId: free.id, title: free.title, unitPriceCents: 0, quantity: 1, isFree: true });

  for (let attempt = 0; ; attempt++) {
    const id = createOrderId(now, secureRandom);
    try {
      await db.transaction(async (tx) => {
        await tx.insert(orders).values({
          id,
          status,
          channel: input.channel,
          email: input.details.EMAIL,
          name: input.details.FNAME,
          communityUsername: input.details.USERNAME,
          gameUsername: input.details.VUUSER,
          isGift: input.isGift,
          lang: input.lang,
          displayCurrency: input.currency,
          displayRate: RATES[input.currency],
          subtotalCents: totals.subtotalCents,
          discountCents: totals.discountCents,
          totalCents: totals.finalTotalCents,
          couponId,
          createdAt: now,
          updatedAt: now,
        });
        await tx.insert(orderItems).values(rows.map((r) => ({ ...r, orderId: id })));
        await tx.insert(orderEvents).values({ orderId: id, fromStatus: null, toStatus: status, actor: "shopper", createdAt: now });
      });
      return {
        ok: true,
        order: { id, status, items: rows, subtotalCents: totals.subtotalCents, discountCents: totals.discountCents, totalCents: totals.finalTotalCents, couponCode },
      };
    } catch (error) {
      // Same second and same random suffix: try another id; anything else is a real failure.
      if (attempt < 3 && String((error as { cause?: { code?: string }; code?: string }).cause?.code ?? (error as { code?: string }).code) === "23505") continue;
      throw error;
    }
  }
}

export async function findOrder(db: Db, id: string) {
  const [order] = await db.select().from(orders).where(eq(orders.id, id));
  if (!order) return undefined;
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, id));
  return { ...order, items };
}

export type StatusChangeResult = { ok: true } | { ok: false; code: MessageCode; vars: Record<string, string | number> };

/** Applies a status change through the transition table and records it; illegal moves are refused. */
export async function changeOrderStatus(
  db: Db,
  id: string,
  to: OrderState,
  actor: string,
  note: string | null = null,
  now = new Date(),
): Promise<StatusChangeResult> {
  return db.transaction(async (tx): Promise<StatusChangeResult> => {
    const [order] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, id)).for("update");
    if (!order) return { ok: false, code: "order_not_found", vars: {} };
    const result = transition(order.status, to);
    if (!result.ok) return { ok: false, code: result.code, vars: { from: order.status, to } };
    await tx
      .update(orders)
      .set({
        status: to,
        updatedAt: now,
        ...(to === "paid" ? { paidAt: now } : {}),
        ...(to === "delivered" ? { deliveredAt: now } : {}),
      })
      .where(eq(orders.id, id));
    await tx.insert(orderEvents).values({ orderId: id, fromStatus: order.status, toStatus: to, actor, note, createdAt: now });
    return { ok: true };
  });
}
