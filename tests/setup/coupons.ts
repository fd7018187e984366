import { eq } from "drizzle-orm";
import { coupons } from "../../db/schema";
import type { Db } from "../../app/server/platform/db.server";

type CouponPatch = Partial<Pick<typeof coupons.$inferSelect, "isActive" | "usageLimit" | "validUntil" | "minPurchaseCents" | "value" | "description">>;

/** Sets a coupon's terms directly (the console's own edits go through app/server/catalogue/console-coupons.server.ts). */
export async function updateCoupon(db: Db, id: string, patch: CouponPatch): Promise<boolean> {
  const updated = await db.update(coupons).set(patch).where(eq(coupons.id, id)).returning({ id: coupons.id });
  return updated.length === 1;
}
