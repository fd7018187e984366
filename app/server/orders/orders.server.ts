import { randomInt } from "node:crypto";
import { and, eq, gte, inArray, isNotNull, lt, sql } from "drizzle-orm";
import { cartTotals, priceCart, type CartLine } from "~/domain/cart";
import { evaluateCoupon } from "~/domain/coupons";
import { isGiftOrder } from "~/domain/gifts";
import type { MessageCode } from "~/domain/messages";
import { RATES, type Currency } from "~/domain/money";
import { createOrderId } from "~/domain/order-id";
import { transition, type OrderState } from "~/domain/order-state";
import { toSummary, type Lang } from "~/domain/product";
import type { BuyerDetails } from "~/domain/validation";
import { orderEvents, orderItems, orders, payments, products } from "../../../db/schema";
import { orderNeedsLogin } from "~/domain/login-handoff";
import { TERMS_VERSION } from "~/domain/consent";
import { findCouponByCode, redeemCoupon, releaseCoupon } from "../catalogue/coupons.server";
import type { Db } from "../platform/db.server";
import type { Site } from "../platform/site.server";
import { invalidateCatalogue, readCatalogue } from "../catalogue/cache.server";
import { queueOrderNotice, type OrderNotice } from "./order-mail.server";
import { blockedBuyer } from "../blocklist/blocklist.server";
import { deleteLoginForStatus } from "../login-handoff/retention.server";

export interface NewOrder {
  buyer: BuyerDetails;
  lines: CartLine[];
  couponCode: string | null;
  currency: Currency;
  lang: Lang;
  /**
   * The buyer's wish to send the order to someone else's username. The stored flag is derived
   * (docs/decisions/042): true only when every line is a gifting item, ignored otherwise.
   */
  isGift: boolean;
  channel: "paypal" | "manual";
  /** When the buyer confirmed being 18+, as stored by the age gate; null when the browser sent none. */
  ageConfirmedAt?: Date | null;
  /** The rate limiter's keyed hash of the buyer's address (blocklist and signals); never the address. */
  clientKey?: string | null;
}

export interface PricedOrder {
  id: string;
  status: OrderState;
  items: { productId: string; title: string; unitPriceCents: number; quantity: number; isFree: boolean }[];
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  couponCode: string | null;
  /** Derived from the priced items (docs/decisions/042), never the request's flag as sent. */
  isGift: boolean;
}

export type CreateOrderResult = { ok: true; order: PricedOrder } | { ok: false; code: MessageCode; vars: Record<string, string | number> };

const secureRandom = () => randomInt(0, 2 ** 32) / 2 ** 32;

/** Thrown inside the order's transaction to roll it back when the coupon's last use went elsewhere. */
class CouponExhausted extends Error {}

/** Thrown inside the order's transaction to roll it back when a counted product's last units went elsewhere. */
class SoldOut extends Error {
  constructor(readonly title: string) {
    super("sold out");
  }
}

/**
 * Takes each counted product's units inside the order's transaction (docs/decisions/049): one
 * conditional UPDATE per product, which PostgreSQL runs under the row's lock and re-checks against
 * the latest committed count, so concurrent orders can never take more than there is. Returns the
 * ids whose units were taken (the lines to mark), or throws SoldOut.
 */
async function takeStock(tx: OrderTx, rows: readonly { productId: string; title: string; quantity: number }[]): Promise<Set<string>> {
  const wanted = new Map<string, { title: string; quantity: number }>();
  for (const row of rows) {
    const entry = wanted.get(row.productId) ?? { title: row.title, quantity: 0 };
    entry.quantity += row.quantity;
    wanted.set(row.productId, entry);
  }
  const taken = new Set<string>();
  for (const [productId, { title, quantity }] of wanted) {
    const [hit] = await tx
      .update(products)
      .set({ stock: sql`${products.stock} - ${quantity}` })
      .where(and(eq(products.id, productId), gte(products.stock, quantity)))
      .returning({ stock: products.stock });
    if (hit) {
      taken.add(productId);
      continue;
    }
    const [row] = await tx.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
    // Not counted (null): nothing to take. Counted but short: the whole order rolls back.
    if (row && row.stock !== null) throw new SoldOut(title);
  }
  return taken;
}

/** An order that ends unpaid gives its lines' taken units back (only lines whose units were taken). */
async function giveStockBack(tx: OrderTx, orderId: string): Promise<number> {
  const lines = await tx
    .select({ productId: orderItems.productId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.stockTaken, true)));
  for (const line of lines) {
    await tx
      .update(products)
      .set({ stock: sql`${products.stock} + ${line.quantity}` })
      .where(and(eq(products.id, line.productId), isNotNull(products.stock)));
  }
  await tx.update(orderItems).set({ stockTaken: false }).where(eq(orderItems.orderId, orderId));
  return lines.length;
}

/**
 * Prices the cart from the catalogue (the browser's prices are never read), re-checks the coupon
 * against the database (its usage count is live data, never cached), and stores the order with its
 * items, its first history row and the coupon's reserved use in one transaction: the usage limit
 * holds exactly under concurrent checkouts.
 */
export async function createOrder(db: Db, site: Site, input: NewOrder, now: Date): Promise<CreateOrderResult> {
  const catalogue = await readCatalogue(db);
  const products = catalogue.products.map((p) => toSummary(p));
  const byId = new Map(products.map((p) => [p.id, p]));
  const productOf = (id: string) => byId.get(id);
  const { items, outOfStock } = priceCart(input.lines, (id) => byId.get(id));
  // Sold out since the shopper's page loaded: say which, rather than charging for a smaller order
  // than the one they saw (or answering "your cart is empty" for a cart that is not).
  if (outOfStock.length > 0) return { ok: false, code: "product_out_of_stock", vars: { product: outOfStock[0].title } };
  if (items.length === 0) return { ok: false, code: "cart_empty", vars: {} };
  // A blocked buyer is told only that the order cannot be taken (docs/decisions/035); nothing reaches PayPal.
  if (await blockedBuyer(db, { email: input.buyer.email, gameUsername: input.buyer.gameUsername, clientKey: input.clientKey })) {
    return { ok: false, code: "order_refused", vars: {} };
  }

  let discountCents = 0;
  let couponId: string | null = null;
  let couponCode: string | null = null;
  let couponLimited = false;
  let freeProductId: string | null = null;
  if (input.couponCode) {
    const coupon = await findCouponByCode(db, input.couponCode);
    const result = evaluateCoupon({ coupons: coupon ? [coupon] : [], code: input.couponCode, items, now, freeProduct: (id) => byId.get(id) });
    if (!result.ok) return { ok: false, code: result.code, vars: result.vars };
    discountCents = result.discountCents;
    couponId = result.coupon.id;
    couponCode = result.coupon.code;
    couponLimited = result.coupon.usageLimit !== null;
    freeProductId = result.freeProductId;
  }
  const totals = cartTotals(items, discountCents);
  const status: OrderState = input.channel === "manual" ? "manual_pending" : "awaiting_payment";
  const rows = items.map((i) => ({ productId: i.id, title: i.title, unitPriceCents: i.priceCents, quantity: i.quantity, isFree: false, stockTaken: false }));
  const free = freeProductId ? byId.get(freeProductId) : undefined;
  if (free) rows.push({ productId: free.id, title: free.title, unitPriceCents: 0, quantity: 1, isFree: true, stockTaken: false });
  // Only products the seller counts have units to take; the others skip the extra statements.
  const counted = rows.filter((r) => catalogue.product(r.productId)?.stock !== undefined);
  let stockChanged = false;
  // Every line, the coupon's free product included: a free room makes the order one that needs the login.
  const isGift = isGiftOrder(input.isGift, rows, productOf);

  for (let attempt = 0; ; attempt++) {
    const id = createOrderId(now, secureRandom);
    try {
      await db.transaction(async (tx) => {
        const taken = counted.length > 0 ? await takeStock(tx, counted) : new Set<string>();
        stockChanged = taken.size > 0;
        for (const row of rows) row.stockTaken = taken.has(row.productId);
        const [order] = await tx
          .insert(orders)
          .values({
            id,
            status,
            channel: input.channel,
            email: input.buyer.email,
            name: input.buyer.name,
            communityUsername: input.buyer.communityUsername,
            gameUsername: input.buyer.gameUsername,
            isGift,
            lang: input.lang,
            displayCurrency: input.currency,
            displayRate: RATES[input.currency],
            subtotalCents: totals.subtotalCents,
            discountCents: totals.discountCents,
            totalCents: totals.finalTotalCents,
            couponId,
            ageConfirmedAt: input.ageConfirmedAt ?? null,
            termsVersion: TERMS_VERSION,
            clientKey: input.clientKey ?? null,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        const items = await tx
          .insert(orderItems)
          .values(rows.map((r) => ({ ...r, orderId: id })))
          .returning();
        await tx.insert(orderEvents).values({ orderId: id, fromStatus: null, toStatus: status, actor: "shopper", createdAt: now });
        if (couponId && !(await redeemCoupon(tx, couponId, id))) throw new CouponExhausted();
        // The rows just written: no need to read them back for the mail.
        await queueOrderNotice(tx, site, { order, items }, { kind: "received" }, now);
      });
      // The storefront advertises NEWUSER15 only while it is under its limit: a limited coupon's
      // cached count must not outlive this use.
      // A counted product's units changed (maybe to 0: out of stock everywhere at once).
      if (couponLimited || stockChanged) await invalidateCatalogue(db);
      return {
        ok: true,
        order: {
          id,
          status,
          // The lines as the buyer sees them; whether units were taken stays on the server.
          items: rows.map(({ productId, title, unitPriceCents, quantity, isFree }) => ({ productId, title, unitPriceCents, quantity, isFree })),
          subtotalCents: totals.subtotalCents,
          discountCents: totals.discountCents,
          totalCents: totals.finalTotalCents,
          couponCode,
          isGift,
        },
      };
    } catch (error) {
      if (error instanceof CouponExhausted) return { ok: false, code: "coupon_usage_limit", vars: {} };
      if (error instanceof SoldOut) {
        // Someone else's order took the last units: every process stops offering it.
        await invalidateCatalogue(db);
        return { ok: false, code: "product_out_of_stock", vars: { product: error.title } };
      }
      // Same second and same random suffix: try another id; anything else is a real failure.
      if (attempt < 3 && String((error as { cause?: { code?: string }; code?: string }).cause?.code ?? (error as { code?: string }).code) === "23505") continue;
      throw error;
    }
  }
}

/**
 * Whether the team needs the buyer's game login for this order: decided from its items and their
 * products' delivery as stored now (archived products too), never from the order's gift flag
 * (docs/decisions/022, 042). Tells the browser where to go once paid.
 */
export async function orderNeedsLoginHandoff(db: Pick<Db, "select">, orderId: string): Promise<boolean> {
  const rows = await db
    .select({ productId: orderItems.productId, delivery: products.delivery })
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, orderId));
  const byId = new Map(
    rows.flatMap((r) =>
      r.delivery ? [[r.productId, { delivery: r.delivery === "username-gift" ? ("username-gift" as const) : ("manual-upload" as const) }]] : [],
    ),
  );
  return orderNeedsLogin({ items: rows }, (id) => (byId.has(id) ? { type: "trigger", ...byId.get(id)! } : undefined));
}

export async function findOrder(db: Db, id: string) {
  const [order] = await db.select().from(orders).where(eq(orders.id, id));
  if (!order) return undefined;
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, id));
  return { ...order, items };
}

export type StatusChangeResult = { ok: true } | { ok: false; code: MessageCode; vars: Record<string, string | number> };

/** The transaction a status change or payment runs in, for work that must commit with it. */
export type OrderTx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface StatusChangeOptions {
  /** Delivery only: the note the buyer sees (status page, delivered mail) and the seller's private record. */
  delivery?: { sellerNote: string | null; deliveryNote: string | null };
  /** Runs inside the change's transaction once it is made (the seller's audit row). */
  within?: (tx: OrderTx) => Promise<void>;
}

/** The order row, locked until the transaction ends: every change of an order's state or money starts here. */
export async function lockOrder(tx: OrderTx, id: string): Promise<typeof orders.$inferSelect | undefined> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for("update");
  return order;
}

/**
 * Inside the transaction holding the order's lock (lockOrder), with `to` already allowed by the
 * transition table: the new state, its history row, and the game login's deletion where the new
 * state requires it (delivered, refunded, cancelled: not even for a moment).
 */
export async function moveOrder(
  tx: OrderTx,
  id: string,
  move: { from: OrderState; to: OrderState; actor: string; note: string | null; now: Date; set?: Partial<typeof orders.$inferInsert> },
): Promise<void> {
  const { from, to, actor, note, now } = move;
  await tx
    .update(orders)
    .set({ ...move.set, status: to, updatedAt: now })
    .where(eq(orders.id, id));
  await tx.insert(orderEvents).values({ orderId: id, fromStatus: from, toStatus: to, actor, note, createdAt: now });
  await deleteLoginForStatus(tx, id, to, actor, now);
}

/**
 * Applies a status change through the transition table and records it; illegal moves are refused.
 * Becoming paid is not a plain status change: it goes through markOrderPaid with its payment row;
 * nor is becoming refunded: it goes through recordRefund (refunds.server.ts) with its refund row.
 */
export async function changeOrderStatus(
  db: Db,
  site: Site,
  id: string,
  to: OrderState,
  actor: string,
  note: string | null = null,
  now: Date,
  options: StatusChangeOptions = {},
): Promise<StatusChangeResult> {
  let releasedUses = 0;
  let returnedStock = 0;
  const changed = await db.transaction(async (tx): Promise<StatusChangeResult> => {
    const order = await lockOrder(tx, id);
    if (!order) return { ok: false, code: "order_not_found", vars: {} };
    const result = transition(order.status, to);
    if (!result.ok || to === "paid" || to === "refunded") return { ok: false, code: "order_transition_refused", vars: { from: order.status, to } };
    await moveOrder(tx, id, { from: order.status, to, actor, note, now, set: to === "delivered" ? { deliveredAt: now, ...(options.delivery ?? {}) } : {} });
    await options.within?.(tx);
    // An order that ends unpaid gives its reserved coupon use back.
    if (to === "cancelled") {
      releasedUses = await releaseCoupon(tx, id, now);
      // …and the units it took (docs/decisions/049); the restock sweep mails anyone waiting.
      returnedStock = await giveStockBack(tx, id);
    }
    const notice = buyerNoticeFor(to);
    if (notice) await queueOrderNotice(tx, site, id, notice, now);
    return { ok: true };
  });
  // A use given back may bring the new-user offer back: the cached usage count is dropped.
  if (releasedUses > 0 || returnedStock > 0) await invalidateCatalogue(db);
  return changed;
}

/** The buyer is mailed when the order ends; "in progress" shows on the status page only (refunds mail from recordRefund). */
function buyerNoticeFor(to: OrderState): OrderNotice | null {
  if (to === "delivered") return { kind: "delivered" };
  if (to === "cancelled") return { kind: "cancelled" };
  return null;
}

/** How long an unpaid order keeps its reserved coupon use before it expires (cancelled by the sweep). */
const UNPAID_ORDER_TTL_MS = 24 * 60 * 60_000;

/**
 * Cancels unpaid orders older than the TTL, releasing their coupon uses; returns how many expired.
 * An order whose payment started within the TTL (updated_at: the PayPal order was created) is kept
 * until that is as old, so a buyer paying in PayPal's window never has the order expire under them.
 */
export async function expireUnpaidOrders(db: Db, site: Site, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - UNPAID_ORDER_TTL_MS);
  const stale = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(inArray(orders.status, ["awaiting_payment", "manual_pending"]), lt(orders.createdAt, cutoff), lt(orders.updatedAt, cutoff)));
  let expired = 0;
  for (const { id } of stale) {
    // Re-checked under the row lock: a payment that lands meanwhile wins.
    const result = await changeOrderStatus(db, site, id, "cancelled", "system:expiry", "unpaid after 24 h", now);
    if (result.ok) expired++;
  }
  return expired;
}

export interface PaymentReceived {
  orderId: string;
  /** paypal, or how the seller was paid for a manual order (card, crypto, money transfer…). */
  provider: string;
  /** The provider's capture id or the seller's payment reference. */
  reference: string;
  amountCents: number;
  currency: string;
  raw?: unknown;
  actor: string;
}

export type MarkPaidResult =
  | { ok: true; alreadyPaid: boolean }
  | {
      ok: false;
      /** payment_reference_used: that reference already paid ANOTHER order, under any method (a typo, or a payment counted twice). */
      code: "order_not_found" | "order_transition_refused" | "payment_mismatch" | "payment_reference_used";
      vars: Record<string, string | number>;
    };

const SETTLED: readonly OrderState[] = ["paid", "in_progress", "delivered", "refunded"];

/** The capture (or refund) row holding `reference` under any method, compared as the unique index does (payments_kind_ref). */
export async function paymentWithReference(tx: Pick<Db, "select">, kind: "capture" | "refund" | "reinstatement", reference: string) {
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.kind, kind), sql`lower(${payments.providerRef}) = lower(${reference})`))
    .limit(1);
  return row;
}

/**
 * The one way an order becomes paid (capture, webhook, sweep, the seller marking a manual order
 * paid): under the order's row lock, the transition, the payment row and the history row commit
 * together. A payment for a different amount or currency than the stored order is refused, and so
 * is a reference that already paid another order under any method; a repeat of the same payment
 * (retry, webhook after capture) changes nothing.
 */
export async function markOrderPaid(
  db: Db,
  site: Site,
  payment: PaymentReceived,
  now: Date,
  options: Pick<StatusChangeOptions, "within"> = {},
): Promise<MarkPaidResult> {
  return db.transaction(async (tx): Promise<MarkPaidResult> => {
    const order = await lockOrder(tx, payment.orderId);
    if (!order) return { ok: false, code: "order_not_found", vars: {} };
    if (payment.amountCents !== order.totalCents || payment.currency !== "USD") {
      return { ok: false, code: "payment_mismatch", vars: { expected: order.totalCents, received: payment.amountCents, currency: payment.currency } };
    }
    if (SETTLED.includes(order.status)) return { ok: true, alreadyPaid: true };
    const moved = transition(order.status, "paid");
    if (!moved.ok) return { ok: false, code: moved.code, vars: { from: order.status, to: "paid" } };
    const used = await paymentWithReference(tx, "capture", payment.reference);
    if (used && used.orderId !== payment.orderId) {
      return { ok: false, code: "payment_reference_used", vars: { reference: payment.reference, order: used.orderId, provider: used.provider } };
    }
    const inserted = await tx
      .insert(payments)
      .values({
        orderId: payment.orderId,
        provider: payment.provider,
        kind: "capture",
        providerRef: payment.reference,
        status: "COMPLETED",
        amountCents: payment.amountCents,
        currency: payment.currency,
        raw: payment.raw ?? null,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ orderId: payments.orderId });
    if (inserted.length === 0 && !used) {
      // Another order took the reference between the look-up and the insert (the unique index said so).
      const other = await paymentWithReference(tx, "capture", payment.reference);
      return {
        ok: false,
        code: "payment_reference_used",
        vars: { reference: payment.reference, order: other?.orderId ?? "", provider: other?.provider ?? "" },
      };
    }
    await moveOrder(tx, payment.orderId, {
      from: order.status,
      to: "paid",
      actor: payment.actor,
      note: `${payment.provider} ${payment.reference}`,
      now,
      set: { paidAt: now },
    });
    await queueOrderNotice(tx, site, payment.orderId, { kind: "paid" }, now);
    await options.within?.(tx);
    return { ok: true, alreadyPaid: false };
  });
}
