/**
 * What the login hand-off's modules share (docs/decisions/022-login-handoff-crypto.md): the result
 * shape, the order and login rows as they read them, and the login's history. Nothing here logs,
 * mails or exports a login; errors carry codes, never the request's body.
 */
import { and, asc, eq, isNotNull } from "drizzle-orm";
import { handoffStage, type HandoffProduct, type LoginDeletionReason, type LoginEventKind } from "~/domain/login-handoff";
import type { MessageCode } from "~/domain/messages";
import type { OrderState } from "~/domain/order-state";
import { orderItems, orderLoginEvents, orderLogins, orders, products } from "../../../db/schema";
import type { Db } from "../platform/db.server";

/** A transaction or the database itself. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type Executor = Db | Tx;

export type HandoffResult<T> = { ok: true; value: T } | { ok: false; status: number; code: MessageCode };

export const refused = (status: number, code: MessageCode): { ok: false; status: number; code: MessageCode } => ({ ok: false, status, code });

export interface LockedOrder {
  status: OrderState;
  isGift: boolean;
  paidAt: Date | null;
  /** Each line's product with its delivery and type as stored now (archived products too). */
  items: { productId: string; type: string | null; delivery: string | null }[];
}

export async function readOrder(tx: Executor, orderId: string, lock: boolean): Promise<LockedOrder | null> {
  const query = tx.select({ status: orders.status, isGift: orders.isGift, paidAt: orders.paidAt }).from(orders).where(eq(orders.id, orderId));
  const [order] = lock ? await query.for("update") : await query;
  if (!order) return null;
  const items = await tx
    .select({ productId: orderItems.productId, type: products.type, delivery: products.delivery })
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, orderId));
  return { ...order, items };
}

/** How each line is delivered, from the product rows read with the order (not the storefront's catalogue). */
export function productOf(order: LockedOrder): (id: string) => HandoffProduct | undefined {
  return (id) => {
    const item = order.items.find((i) => i.productId === id);
    if (!item?.delivery) return undefined;
    return {
      type: item.type === "room" ? "room" : item.type === "bundle" ? "bundle" : "trigger",
      delivery: item.delivery === "username-gift" ? "username-gift" : "manual-upload",
    };
  };
}

export const stageOf = (order: LockedOrder, now: Date) => handoffStage(order, productOf(order), now);

export async function loginRow(tx: Executor, orderId: string) {
  const [row] = await tx.select().from(orderLogins).where(eq(orderLogins.orderId, orderId));
  return row ?? null;
}

export async function recordEvent(tx: Executor, orderId: string, kind: LoginEventKind, actor: string, now: Date, reason: LoginDeletionReason | null = null) {
  await tx.insert(orderLoginEvents).values({ orderId, kind, actor, reason, createdAt: now });
}

/** The order's login history, oldest first (the console shows who; the buyer's view does not). */
export async function listLoginEvents(db: Executor, orderId: string) {
  return db
    .select({ kind: orderLoginEvents.kind, actor: orderLoginEvents.actor, reason: orderLoginEvents.reason, createdAt: orderLoginEvents.createdAt })
    .from(orderLoginEvents)
    .where(eq(orderLoginEvents.orderId, orderId))
    .orderBy(asc(orderLoginEvents.createdAt), asc(orderLoginEvents.id));
}

export const isReason = (value: string | null): value is LoginDeletionReason =>
  value === "withdrawn" || value === "delivered" || value === "refunded" || value === "cancelled" || value === "expired";

export async function eraseCiphertext(tx: Executor, orderId: string, reason: LoginDeletionReason, now: Date): Promise<boolean> {
  const erased = await tx
    .update(orderLogins)
    .set({ ciphertext: null, deletedAt: now, deletedReason: reason })
    .where(and(eq(orderLogins.orderId, orderId), isNotNull(orderLogins.ciphertext)))
    .returning({ id: orderLogins.id });
  return erased.length > 0;
}
