import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Coupon } from "~/domain/coupons";
import { couponRedemptions, coupons } from "../../../db/schema";
import type { Db } from "../platform/db.server";

type Row = typeof coupons.$inferSelect;

export function toCoupon(row: Row): Coupon {
  return {
    id: row.id,
    code: row.code,
    type: row.type,
    value: row.value,
    description: row.description,
    isActive: row.isActive,
    usageLimit: row.usageLimit,
    usedCount: row.usedCount,
    minPurchaseCents: row.minPurchaseCents,
    validUntil: row.validUntil,
    freeProductId: row.freeProductId,
  };
}

export async function listCoupons(db: Db): Promise<Coupon[]> {
  return (await db.select().from(coupons).orderBy(coupons.code)).map(toCoupon);
}

export async function findCouponByCode(db: Db, code: string): Promise<Coupon | undefined> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(sql`upper(${coupons.code}) = upper(${code.trim()})`);
  return row ? toCoupon(row) : undefined;
}

/**
 * Counts one use of the coupon for the order, inside the caller's transaction. The conditional
 * update takes the row lock, so the usage limit holds under concurrent checkouts and across
 * processes; a second call for the same order is a no-op. Returns false when the limit is reached.
 */
export async function redeemCoupon(tx: Db, couponId: string, orderId: string): Promise<boolean> {
  const already = await tx.select({ id: couponRedemptions.id }).from(couponRedemptions).where(eq(couponRedemptions.orderId, orderId));
  if (already.length > 0) return true;
  const counted = await tx
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} + 1` })
    .where(and(eq(coupons.id, couponId), or(isNull(coupons.usageLimit), lt(coupons.usedCount, coupons.usageLimit))))
    .returning({ id: coupons.id });
  if (counted.length === 0) return false;
  await tx.insert(couponRedemptions).values({ couponId, orderId });
  return true;
}

/**
 * Gives the order's reserved use back to its coupon (the order expired or was cancelled unpaid),
 * inside the caller's transaction. The redemption row stays, marked released; a second call is a no-op.
 * Returns how many uses went back (0 or 1): the caller invalidates the catalogue after committing.
 */
export async function releaseCoupon(tx: Db, orderId: string, now: Date): Promise<number> {
  const released = await tx
    .update(couponRedemptions)
    .set({ releasedAt: now })
    .where(and(eq(couponRedemptions.orderId, orderId), isNull(couponRedemptions.releasedAt)))
    .returning({ couponId: couponRedemptions.couponId });
  for (const { couponId } of released) {
    await tx
      .update(coupons)
      .set({ usedCount: sql`greatest(${coupons.usedCount} - 1, 0)` })
      .where(eq(coupons.id, couponId));
  }
  return released.length;
}
