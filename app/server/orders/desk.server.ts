/**
 * The seller's order desk: the queues, one order with everything known about it, and the CSV
 * export. Reads only; the actions live in order-actions.server.ts.
 */
import { centsToAmountString } from "~/domain/money";
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import { ORDER_PAGE_SIZE, queueOrder, type OrderQueueQuery } from "~/domain/order-desk";
import { toCsv } from "~/domain/csv";
import type { OrderState } from "~/domain/order-state";
import { MONEY_KINDS, refundPosition } from "~/domain/refunds";
import { coupons, emailOutbox, orderEvents, orderItems, orders, paymentEvents, payments, sellerActions } from "../../../db/schema";
import type { Db } from "../platform/db.server";

/** `text` for an ILIKE pattern, its own % _ \ taken literally. */
function likeText(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function searchCondition(q: string): SQL | undefined {
  if (!q) return undefined;
  const contains = `%${likeText(q)}%`;
  return or(
    ilike(orders.id, `${likeText(q)}%`),
    ilike(orders.email, contains),
    ilike(orders.gameUsername, contains),
    ilike(orders.communityUsername, contains),
    ilike(orders.name, contains),
  );
}

export interface QueueRow {
  id: string;
  status: OrderState;
  channel: "paypal" | "manual";
  email: string;
  name: string;
  gameUsername: string;
  communityUsername: string;
  isGift: boolean;
  totalCents: number;
  createdAt: Date;
  paidAt: Date | null;
  items: string;
}

export interface OrderQueue {
  rows: QueueRow[];
  total: number;
  page: number;
  pages: number;
  /** Orders per status matching the search (the tabs' numbers). */
  counts: Partial<Record<OrderState, number>>;
}

export async function listOrderQueue(db: Db, query: OrderQueueQuery): Promise<OrderQueue> {
  const search = searchCondition(query.q);
  const where = and(query.status === "all" ? undefined : eq(orders.status, query.status), search);
  const { by, direction } = queueOrder(query.status);
  const column = by === "paid_at" ? orders.paidAt : orders.createdAt;
  const [{ total }] = await db.select({ total: count() }).from(orders).where(where);
  const pages = Math.max(1, Math.ceil(total / ORDER_PAGE_SIZE));
  const page = Math.min(query.page, pages);
  const rows = await db
    .select({
      id: orders.id,
      status: orders.status,
      channel: orders.channel,
      email: orders.email,
      name: orders.name,
      gameUsername: orders.gameUsername,
      communityUsername: orders.communityUsername,
      isGift: orders.isGift,
      totalCents: orders.totalCents,
      createdAt: orders.createdAt,
      paidAt: orders.paidAt,
    })
    .from(orders)
    .where(where)
    .orderBy(direction === "asc" ? sql`${column} asc nulls last` : sql`${column} desc nulls last`, asc(orders.id))
    .limit(ORDER_PAGE_SIZE)
    .offset((page - 1) * ORDER_PAGE_SIZE);
  const items = rows.length
    ? await db
        .select()
        .from(orderItems)
        .where(
          inArray(
            orderItems.orderId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(orderItems.id))
    : [];
  const itemText = (id: string) =>
    items
      .filter((i) => i.orderId === id)
      .map((i) => `${i.title}${i.quantity > 1 ? ` × ${i.quantity}` : ""}${i.isFree ? " (free)" : ""}`)
      .join(", ");
  const counted = await db.select({ status: orders.status, n: count() }).from(orders).where(search).groupBy(orders.status);
  return {
    rows: rows.map((r) => ({ ...r, items: itemText(r.id) })),
    total,
    page,
    pages,
    counts: Object.fromEntries(counted.map((c) => [c.status, c.n])),
  };
}

export type PaymentRow = typeof payments.$inferSelect;

/** Money in and out of an order: the capture, what was refunded so far, and what is left. */
export function paymentSummary(rows: readonly PaymentRow[]) {
  const capture = rows.filter((r) => r.kind === "capture").at(-1) ?? null;
  // The refund path's own rule (app/domain/refunds.ts): pending refunds count as sent back.
  const position = refundPosition(rows);
  return { capture, refundedCents: position.refundedCents + position.pendingCents, refundableCents: position.refundableCents };
}

/** One order with everything the seller may need: items, coupon, payments, webhooks, history, mails, audit. */
export async function orderDetail(db: Db, id: string) {
  const [order] = await db.select().from(orders).where(eq(orders.id, id));
  if (!order) return null;
  const [items, coupon, paymentRows, webhooks, history, mails, audit] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, id)).orderBy(asc(orderItems.id)),
    order.couponId
      ? db.select({ code: coupons.code, type: coupons.type, value: coupons.value }).from(coupons).where(eq(coupons.id, order.couponId))
      : Promise.resolve([]),
    db.select().from(payments).where(eq(payments.orderId, id)).orderBy(asc(payments.createdAt), asc(payments.id)),
    db
      .select({
        id: paymentEvents.id,
        type: paymentEvents.type,
        resourceId: paymentEvents.resourceId,
        receivedAt: paymentEvents.receivedAt,
        processedAt: paymentEvents.processedAt,
      })
      .from(paymentEvents)
      .where(eq(paymentEvents.orderId, id))
      .orderBy(asc(paymentEvents.receivedAt)),
    db.select().from(orderEvents).where(eq(orderEvents.orderId, id)).orderBy(asc(orderEvents.createdAt), asc(orderEvents.id)),
    db
      .select({
        id: emailOutbox.id,
        channel: emailOutbox.channel,
        to: emailOutbox.to,
        kind: emailOutbox.kind,
        subject: emailOutbox.subject,
        status: emailOutbox.status,
        createdAt: emailOutbox.createdAt,
        sentAt: emailOutbox.sentAt,
      })
      .from(emailOutbox)
      .where(eq(emailOutbox.orderId, id))
      .orderBy(asc(emailOutbox.createdAt), asc(emailOutbox.id)),
    db.select().from(sellerActions).where(eq(sellerActions.target, id)).orderBy(asc(sellerActions.createdAt), asc(sellerActions.id)),
  ]);
  return { order, items, coupon: coupon[0] ?? null, payments: paymentRows, ...paymentSummary(paymentRows), webhooks, history, mails, audit };
}

export type OrderDetail = NonNullable<Awaited<ReturnType<typeof orderDetail>>>;

/** The longest export: a year. */
export const EXPORT_MAX_DAYS = 366;

/** Orders placed from `from` to `to` (UTC days, both included) as CSV, oldest first. */
export async function exportOrdersCsv(db: Db, from: string, to: string): Promise<string> {
  const start = new Date(`${from}T00:00:00Z`);
  const end = new Date(new Date(`${to}T00:00:00Z`).getTime() + 24 * 3_600_000);
  const rows = await db
    .select({ order: orders, couponCode: coupons.code })
    .from(orders)
    .leftJoin(coupons, eq(coupons.id, orders.couponId))
    .where(and(gte(orders.createdAt, start), lt(orders.createdAt, end)))
    .orderBy(asc(orders.createdAt), asc(orders.id));
  const ids = rows.map((r) => r.order.id);
  const [items, money] = ids.length
    ? await Promise.all([
        db.select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(asc(orderItems.id)),
        db
          .select()
          .from(payments)
          .where(and(inArray(payments.orderId, ids), inArray(payments.kind, [...MONEY_KINDS])))
          .orderBy(asc(payments.id)),
      ])
    : [[], []];
  const header = [
    "order_id",
    "created_at",
    "status",
    "channel",
    "paid_at",
    "delivered_at",
    "email",
    "name",
    "discord_username",
    "game_username",
    "gift",
    "items",
    "subtotal_usd",
    "discount_usd",
    "total_usd",
    "coupon",
    "display_currency",
    "display_rate",
    "payment_provider",
    "payment_reference",
    "refunded_usd",
    "seller_note",
  ];
  const lines = rows.map(({ order, couponCode }) => {
    const own = money.filter((p) => p.orderId === order.id);
    const { capture, refundedCents } = paymentSummary(own);
    return [
      order.id,
      order.createdAt.toISOString(),
      order.status,
      order.channel,
      order.paidAt?.toISOString(),
      order.deliveredAt?.toISOString(),
      order.email,
      order.name,
      order.communityUsername,
      order.gameUsername,
      order.isGift,
      items
        .filter((i) => i.orderId === order.id)
        .map((i) => `${i.title} x${i.quantity}${i.isFree ? " (free)" : ""}`)
        .join("; "),
      centsToAmountString(order.subtotalCents),
      centsToAmountString(order.discountCents),
      centsToAmountString(order.totalCents),
      couponCode,
      order.displayCurrency,
      order.displayRate,
      capture?.provider,
      capture?.providerRef,
      centsToAmountString(refundedCents),
      order.sellerNote,
    ];
  });
  return toCsv(header, lines);
}

/** Newest first: the last few orders of one buyer email, for the detail page's "other orders". */
export async function otherOrdersOf(db: Db, email: string, exceptId: string) {
  return db
    .select({ id: orders.id, status: orders.status, totalCents: orders.totalCents, createdAt: orders.createdAt })
    .from(orders)
    .where(and(eq(sql`lower(${orders.email})`, email.toLowerCase()), sql`${orders.id} <> ${exceptId}`))
    .orderBy(desc(orders.createdAt))
    .limit(10);
}

/** How many paid orders wait for delivery (the console's Orders badge). */
export async function paidOrderCount(db: Db): Promise<number> {
  const [paid] = await db.select({ n: count() }).from(orders).where(eq(orders.status, "paid"));
  return Number(paid.n);
}
