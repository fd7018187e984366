import { and, desc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import { orderCutoff, visitCutoff, type RetentionPolicy } from "~/domain/privacy";
import {
  disputes,
  orderEvents,
  orderPageViews,
  orders,
  privacyRequests,
  privacyRuns,
  problemReportEntries,
  problemReports,
  rateLimits,
} from "../../../db/schema";
import type { Db } from "../platform/db.server";
import type { PrivateStorage } from "../media/private-storage.server";
import { eraseBuyer, pseudonymiseOrder, removeFiles } from "./erase.server";

export type PrivacyRun = typeof privacyRuns.$inferSelect;

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/**
 * Orders due under the policy: finished (delivered, cancelled, refunded), not pseudonymised yet, whose
 * last event — the order row's own times, its history, its report thread, its disputes — is older than
 * RETENTION_ORDER_MONTHS, with no open dispute and no open problem report.
 */
export async function ordersDueForPseudonymisation(db: Db, policy: RetentionPolicy, now: Date): Promise<string[]> {
  const cutoff = orderCutoff(policy, now);
  const lastEvent = sql`greatest(
    ${orders.createdAt}, ${orders.updatedAt}, coalesce(${orders.paidAt}, ${orders.createdAt}), coalesce(${orders.deliveredAt}, ${orders.createdAt}),
    coalesce((select max(${orderEvents.createdAt}) from ${orderEvents} where ${orderEvents.orderId} = ${orders.id}), ${orders.createdAt}),
    coalesce((select max(${disputes.updatedAt}) from ${disputes} where ${disputes.orderId} = ${orders.id}), ${orders.createdAt}),
    coalesce((select max(${problemReportEntries.createdAt}) from ${problemReportEntries} join ${problemReports} on ${problemReports.id} = ${problemReportEntries.reportId} where ${problemReports.orderId} = ${orders.id}), ${orders.createdAt})
  )`;
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        isNull(orders.pseudonymisedAt),
        inArray(orders.status, ["delivered", "cancelled", "refunded"]),
        sql`${lastEvent} < ${at(cutoff)}`,
        sql`not exists (select 1 from ${disputes} where ${disputes.orderId} = ${orders.id} and ${disputes.status} <> 'RESOLVED')`,
        sql`not exists (select 1 from ${problemReports} where ${problemReports.orderId} = ${orders.id} and ${problemReports.status} = 'open')`,
      ),
    )
    .orderBy(orders.id);
  return rows.map((r) => r.id);
}

/**
 * The retention job (docs/decisions/041): pseudonymises the orders the policy makes due, deletes
 * status-page visits and rate-limit rows older than RETENTION_VISIT_DAYS, applies buyers' delete
 * requests that were waiting for an order to finish, and records the run. It decides from dates
 * alone, so a restored backup made before an earlier run is pseudonymised again by the next one.
 */
export async function applyRetention(db: Db, policy: RetentionPolicy, now: Date, files?: Pick<PrivateStorage, "delete">): Promise<PrivacyRun> {
  const due = await ordersDueForPseudonymisation(db, policy, now);
  const pseudonymised: string[] = [];
  for (const orderId of due) {
    // One transaction per order: a long backlog never holds one huge lock, and a failure keeps what was done.
    await db
      .transaction(async (tx) => {
        const [row] = await tx.select({ done: orders.pseudonymisedAt }).from(orders).where(eq(orders.id, orderId)).for("update");
        if (!row || row.done) return;
        const proofKeys = await pseudonymiseOrder(tx, orderId, now);
        pseudonymised.push(orderId);
        return proofKeys;
      })
      .then((keys) => removeFiles(files, keys ?? []));
  }
  const cutoff = visitCutoff(policy, now);
  const visits = await db.delete(orderPageViews).where(lt(orderPageViews.viewedAt, cutoff)).returning({ id: orderPageViews.id });
  const limits = await db.delete(rateLimits).where(lt(rateLimits.windowStart, cutoff)).returning({ key: rateLimits.key });
  const requestsApplied = await applyScheduledDeletions(db, now, files);
  const [run] = await db
    .insert(privacyRuns)
    .values({
      ranAt: now,
      policy,
      ordersPseudonymised: pseudonymised.length,
      visitsDeleted: visits.length,
      rateLimitsDeleted: limits.length,
      requestsApplied,
      orderIds: pseudonymised,
    })
    .returning();
  return run!;
}

/** Delete requests that waited for an order to finish: tried again; done once nothing holds any order. */
async function applyScheduledDeletions(db: Db, now: Date, files: Pick<PrivateStorage, "delete"> | undefined): Promise<number> {
  const scheduled = await db.select().from(privacyRequests).where(eq(privacyRequests.status, "scheduled"));
  let applied = 0;
  for (const request of scheduled) {
    if (!request.email) continue;
    const result = await eraseBuyer(db, request.email, now);
    await removeFiles(files, result.proofKeys);
    if (result.waiting.length === 0) {
      await db.update(privacyRequests).set({ status: "done", doneAt: now, email: null, reason: null }).where(eq(privacyRequests.id, request.id));
      applied += 1;
    } else {
      const reason = [...new Set(result.waiting.flatMap((w) => w.blockers))].join(",");
      await db.update(privacyRequests).set({ reason }).where(eq(privacyRequests.id, request.id));
    }
  }
  return applied;
}

/** The console's list: the latest runs first. */
export async function listPrivacyRuns(db: Db, limit = 30): Promise<PrivacyRun[]> {
  return db.select().from(privacyRuns).orderBy(desc(privacyRuns.ranAt), desc(privacyRuns.id)).limit(limit);
}
