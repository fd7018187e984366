/**
 * When a login is deleted: with the order that ends (inside changeOrderStatus's transaction) and,
 * by the retention job, 7 days after payment whatever the order's status.
 */
import { and, eq, isNotNull, lte } from "drizzle-orm";
import { deletionReasonFor, LOGIN_RETENTION_MS, type LoginDeletionReason } from "~/domain/login-handoff";
import type { OrderState } from "~/domain/order-state";
import { orderLogins, orders } from "../../../db/schema";
import type { Db } from "../platform/db.server";
import { destroyUnusedRetiredKeys } from "./keys.server";
import { eraseCiphertext, recordEvent, type Executor, type Tx } from "./records.server";

/**
 * Deletes the order's login, if one is stored, and records why. Call it inside the transaction that
 * ends the order (changeOrderStatus), so the order never ends with its login still stored.
 */
async function deleteOrderLogin(tx: Executor, orderId: string, reason: LoginDeletionReason, actor: string, now: Date): Promise<boolean> {
  const erased = await eraseCiphertext(tx, orderId, reason, now);
  if (erased) await recordEvent(tx, orderId, "deleted", actor, now, reason);
  return erased;
}

/** For changeOrderStatus: the deletion a move to `status` requires, if any. */
export async function deleteLoginForStatus(tx: Tx, orderId: string, status: OrderState, actor: string, now: Date): Promise<void> {
  const reason = deletionReasonFor(status);
  if (reason) await deleteOrderLogin(tx, orderId, reason, actor, now);
}

/**
 * The retention job: every login whose order was paid at least 7 days ago is deleted whatever the
 * order's status, then retired keys left with nothing to open are destroyed. Returns how many
 * logins were deleted.
 */
export async function deleteExpiredLogins(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - LOGIN_RETENTION_MS);
  const due = await db
    .select({ orderId: orderLogins.orderId })
    .from(orderLogins)
    .innerJoin(orders, eq(orders.id, orderLogins.orderId))
    .where(and(isNotNull(orderLogins.ciphertext), lte(orders.paidAt, cutoff)));
  let deleted = 0;
  for (const { orderId } of due) {
    const done = await db.transaction((tx) => deleteOrderLogin(tx, orderId, "expired", "system:retention", now));
    if (done) deleted++;
  }
  await destroyUnusedRetiredKeys(db, now);
  return deleted;
}
