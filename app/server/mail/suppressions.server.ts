/**
 * Addresses marketing mail must not reach (issue 30): a hard bounce or a complaint reported by the
 * mail service, a permanent refusal at send time, or the seller's own entry. Transactional mail (order
 * received, paid, delivered…) still goes: a buyer who once bounced a campaign must still get the
 * order they paid for. Every marketing sender checks here, in the query that picks recipients.
 */
import { desc, eq, sql } from "drizzle-orm";
import { mailSuppressions } from "../../../db/schema";
import type { Db } from "../platform/db.server";

export type SuppressionReason = (typeof mailSuppressions.$inferSelect)["reason"];
export type Suppression = typeof mailSuppressions.$inferSelect;

const normal = (email: string) => email.trim().toLowerCase();

/** Records a suppression; an address already suppressed keeps its first reason and time. */
export async function suppressAddress(db: Pick<Db, "insert">, email: string, reason: SuppressionReason, detail: string | null, now: Date): Promise<void> {
  await db
    .insert(mailSuppressions)
    .values({ email: normal(email), reason, detail: detail?.slice(0, 500) ?? null, createdAt: now })
    .onConflictDoNothing();
}

export async function isSuppressed(db: Pick<Db, "select">, email: string): Promise<boolean> {
  const [row] = await db
    .select({ email: mailSuppressions.email })
    .from(mailSuppressions)
    .where(eq(mailSuppressions.email, normal(email)))
    .limit(1);
  return row !== undefined;
}

/** For a recipient query: `WHERE NOT ${notSuppressed(table.email)}`-style filters use this SQL. */
export const suppressedSql = (emailColumn: unknown) => sql`exists (select 1 from ${mailSuppressions} where ${mailSuppressions.email} = lower(${emailColumn}))`;

export function listSuppressions(db: Pick<Db, "select">, limit = 200, offset = 0): Promise<Suppression[]> {
  return db.select().from(mailSuppressions).orderBy(desc(mailSuppressions.createdAt)).limit(limit).offset(offset);
}

/** The seller lifts a suppression (an address fixed, a complaint made by mistake). */
export async function liftSuppression(db: Pick<Db, "delete">, email: string): Promise<boolean> {
  const removed = await db
    .delete(mailSuppressions)
    .where(eq(mailSuppressions.email, normal(email)))
    .returning({ email: mailSuppressions.email });
  return removed.length > 0;
}
