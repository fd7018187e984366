import { sellerActions } from "../../../db/schema";
import type { Db } from "../platform/db.server";

/** Who acted: a console account, or the CLI run by an operating-system user. */
export interface Actor {
  id: number | null;
  /** "seller:EMAIL" or "cli:USER" (what order_events.actor and the audit table show). */
  actor: string;
}

type Executor = Pick<Db, "insert">;

/**
 * Records one seller action (who, what, on what, when). Pass the transaction that makes the change
 * when there is one, so the record exists exactly when the change does.
 */
export async function recordSellerAction(
  db: Executor,
  who: Actor,
  action: string,
  target: string,
  detail: Record<string, unknown> | null,
  now: Date,
): Promise<void> {
  await db.insert(sellerActions).values({ sellerId: who.id, actor: who.actor, action, target, detail: detail ?? null, createdAt: now });
}
