import { PRODUCTS } from "~/catalogue";
import { NEWUSER15 } from "~/domain/coupons";
import { coupons, products } from "../../db/schema";
import type { Db } from "./db.server";

/**
 * Inserts catalogue products and the launch coupon that are not in the database yet. Rows already
 * there are left alone, so the seller's edits (price, stock, badge, coupon expiry) survive restarts.
 */
export async function seedDatabase(db: Db): Promise<void> {
  await db
    .insert(products)
    .values(
      PRODUCTS.map((p) => ({
        id: p.id,
        title: p.title,
        priceCents: p.priceCents,
        originalPriceCents: p.originalPriceCents,
        inStock: p.inStock,
        badge: p.badge ?? null,
        rating: p.rating,
        reviews: p.reviews,
        listed: p.listed,
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(coupons)
    .values({
      id: NEWUSER15.id,
      code: NEWUSER15.code,
      type: NEWUSER15.type,
      value: NEWUSER15.value,
      description: NEWUSER15.description,
      isActive: NEWUSER15.isActive,
      usageLimit: NEWUSER15.usageLimit,
      usedCount: NEWUSER15.usedCount,
      minPurchaseCents: NEWUSER15.minPurchaseCents,
      validUntil: NEWUSER15.validUntil,
      freeProductId: NEWUSER15.freeProductId,
    })
    .onConflictDoNothing();
}
