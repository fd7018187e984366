import { desc, eq, inArray, or, sql } from "drizzle-orm";
import type { OrderState } from "~/domain/order-state";
import { disputes, orders, problemReports } from "../../../db/schema";
import type { Db } from "../platform/db.server";
import { blocksOfOrder } from "./blocklist.server";

export type SignalMatch = "email" | "game username" | "PayPal payer";

export interface BuyerSignals {
  /** Other orders by the same email, game username or payer, newest first, with what matched. */
  orders: { id: string; status: OrderState; totalCents: number; createdAt: Date; matched: SignalMatch[] }[];
  /** Disputes on this order or those. */
  disputes: { id: string; orderId: string | null; status: string; outcome: string | null }[];
  /** Problem reports on the other orders (this order's own are in their own card). */
  reports: { id: number; orderId: string; reason: string; status: string; createdAt: Date }[];
  /** Which of this buyer's keys are blocked. */
  blocked: { kind: string; value: string }[];
  clientKey: string | null;
}

/** What the shop knows of an order's buyer from elsewhere (the order page's signals card). */
export async function buyerSignals(
  db: Db,
  order: { id: string; email: string; gameUsername: string; payerId: string | null; clientKey: string | null },
): Promise<BuyerSignals> {
  const email = order.email.toLowerCase();
  const game = order.gameUsername.toLowerCase();
  const same = [sql`lower(${orders.email}) = ${email}`, sql`lower(${orders.gameUsername}) = ${game}`];
  if (order.payerId) same.push(eq(orders.payerId, order.payerId));
  const rows = await db
    .select({
      id: orders.id,
      status: orders.status,
      totalCents: orders.totalCents,
      createdAt: orders.createdAt,
      email: orders.email,
      gameUsername: orders.gameUsername,
      payerId: orders.payerId,
    })
    .from(orders)
    .where(sql`${or(...same)} and ${orders.id} <> ${order.id}`)
    .orderBy(desc(orders.createdAt))
    .limit(20);
  const others = rows.map((r) => ({
    id: r.id,
    status: r.status,
    totalCents: r.totalCents,
    createdAt: r.createdAt,
    matched: [
      ...(r.email.toLowerCase() === email ? (["email"] as const) : []),
      ...(r.gameUsername.toLowerCase() === game ? (["game username"] as const) : []),
      ...(order.payerId && r.payerId === order.payerId ? (["PayPal payer"] as const) : []),
    ],
  }));
  const ids = [order.id, ...others.map((o) => o.id)];
  const found = await db
    .select({ id: disputes.id, orderId: disputes.orderId, status: disputes.status, outcome: disputes.outcome })
    .from(disputes)
    .where(inArray(disputes.orderId, ids))
    .orderBy(desc(disputes.createdAt));
  const reports =
    others.length === 0
      ? []
      : await db
          .select({
            id: problemReports.id,
            orderId: problemReports.orderId,
            reason: problemReports.reason,
            status: problemReports.status,
            createdAt: problemReports.createdAt,
          })
          .from(problemReports)
          .where(
            inArray(
              problemReports.orderId,
              others.map((o) => o.id),
            ),
          )
          .orderBy(desc(problemReports.createdAt));
  const blocked = (await blocksOfOrder(db, order)).map(({ kind, value }) => ({ kind, value }));
  return { orders: others, disputes: found, reports, blocked, clientKey: order.clientKey };
}
