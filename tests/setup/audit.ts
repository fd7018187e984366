import { desc, eq } from "drizzle-orm";
import { sellerActions } from "../../db/schema";
import type { Db } from "../../app/server/platform/db.server";

/** The console's audit rows on one target (an order id, "seller:EMAIL"…), newest first. */
export async function actionsOn(db: Db, target: string, limit = 100) {
  return db.select().from(sellerActions).where(eq(sellerActions.target, target)).orderBy(desc(sellerActions.createdAt), desc(sellerActions.id)).limit(limit);
}
