/**
 * The seller's dashboard figures: sales today / this week / this month (UTC), orders waiting past
 * the 12–24 h delivery promise, the last PayPal webhook and the email outbox's health.
 */
import { and, asc, count, desc, eq, gte, inArray, isNotNull, lte, max, sql } from "drizzle-orm";
import type { OrderState } from "~/domain/order-state";
import { periodStarts, type Periods } from "~/domain/seller/periods";
import { emailOutbox, orders, paymentEvents, payments } from "../../../db/schema";
import type { Db } from "../platform/db.server";

export interface Sales {
  /** Orders whose payment arrived in the period (refunded ones included). */
  paidOrders: number;
  /** Their totals less what was refunded on them, US cents. */
  revenueCents: number;
  refundedCents: number;
}

export interface WaitingOrder {
  id: string;
  status: OrderState;
  paidAt: Date;
}

export interface Dashboard {
  now: Date;
  sales: Record<keyof Periods, Sales>;
  waiting: { over12h: number; over24h: number; oldest: WaitingOrder[] };
  lastWebhook: { type: string; receivedAt: Date; processedAt: Date | null } | null;
  outbox: { pending: number; failed: number; oldestPendingAt: Date | null; lastSentAt: Date | null };
}

/** Paid, not yet delivered: the seller still owes the buyer the item. */
const OPEN: OrderState[] = ["paid", "in_progress"];
const HOUR = 3_600_000;

async function salesSince(db: Db, from: Date, now: Date): Promise<Sales> {
  const refunds = db
    // A reinstatement (a chargeback won, docs/decisions/050) gives refunded money back.
    .select({
      orderId: payments.orderId,
      cents: sql<number>`sum(case when ${payments.kind} = 'reinstatement' then -${payments.amountCents} else ${payments.amountCents} end)`.as("cents"),
    })
    .from(payments)
    .where(inArray(payments.kind, ["refund", "reinstatement"]))
    .groupBy(payments.orderId)
    .as("refunds");
  const [row] = await db
    .select({
      paidOrders: count(),
      totalCents: sql<string>`coalesce(sum(${orders.totalCents}), 0)`,
      refundedCents: sql<string>`coalesce(sum(least(greatest(coalesce(${refunds.cents}, 0), 0), ${orders.totalCents})), 0)`,
    })
    .from(orders)
    .leftJoin(refunds, eq(refunds.orderId, orders.id))
    .where(and(isNotNull(orders.paidAt), gte(orders.paidAt, from), lte(orders.paidAt, now)));
  const refundedCents = Number(row.refundedCents);
  return { paidOrders: Number(row.paidOrders), revenueCents: Number(row.totalCents) - refundedCents, refundedCents };
}

export async function loadDashboard(db: Db, now: Date): Promise<Dashboard> {
  const periods = periodStarts(now);
  const waitingSince = (hours: number) =>
    db
      .select({ n: count() })
      .from(orders)
      .where(and(inArray(orders.status, OPEN), lte(orders.paidAt, new Date(now.getTime() - hours * HOUR))));
  const [day, week, month, [over12h], [over24h], oldest, [webhook], outboxCounts, [outboxTimes]] = await Promise.all([
    salesSince(db, periods.day, now),
    salesSince(db, periods.week, now),
    salesSince(db, periods.month, now),
    waitingSince(12),
    waitingSince(24),
    db
      .select({ id: orders.id, status: orders.status, paidAt: orders.paidAt })
      .from(orders)
      .where(and(inArray(orders.status, OPEN), lte(orders.paidAt, new Date(now.getTime() - 12 * HOUR))))
      .orderBy(asc(orders.paidAt))
      .limit(10),
    db
      .select({ type: paymentEvents.type, receivedAt: paymentEvents.receivedAt, processedAt: paymentEvents.processedAt })
      .from(paymentEvents)
      .orderBy(desc(paymentEvents.receivedAt))
      .limit(1),
    db
      .select({ status: emailOutbox.status, n: count() })
      .from(emailOutbox)
      .where(inArray(emailOutbox.status, ["pending", "failed"]))
      .groupBy(emailOutbox.status),
    db
      .select({
        oldestPendingAt: sql<Date | string | null>`min(${emailOutbox.createdAt}) filter (where ${emailOutbox.status} = 'pending')`,
        lastSentAt: max(emailOutbox.sentAt),
      })
      .from(emailOutbox),
  ]);
  const outboxCount = (status: string) => Number(outboxCounts.find((r) => r.status === status)?.n ?? 0);
  const asDate = (value: Date | string | null | undefined) => (value ? new Date(value) : null);
  return {
    now,
    sales: { day, week, month },
    waiting: {
      over12h: Number(over12h.n),
      over24h: Number(over24h.n),
      oldest: oldest.flatMap((o) => (o.paidAt ? [{ id: o.id, status: o.status, paidAt: o.paidAt }] : [])),
    },
    lastWebhook: webhook ?? null,
    outbox: {
      pending: outboxCount("pending"),
      failed: outboxCount("failed"),
      oldestPendingAt: asDate(outboxTimes?.oldestPendingAt),
      lastSentAt: asDate(outboxTimes?.lastSentAt),
    },
  };
}
