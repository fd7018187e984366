import { readFileSync } from "node:fs";
import { z } from "zod";
import { PRODUCTS } from "~/catalogue";
import { COUPON_TYPES, NEWUSER15 } from "~/domain/coupons";
import { coupons, products } from "../../db/schema";
import type { Db } from "./db.server";

/**
 * Inserts catalogue products and the launch coupon that are not in the database yet. Rows already
 * there are left alone, so the seller's edits (price, stock, badge, coupon expiry) survive restarts.
 */
const couponFileSchema = z.array(
  z.object({
    id: z.string().min(1).max(64),
    code: z
      .string()
      .min(1)
      .max(64)
      .transform((c) => c.trim().toUpperCase()),
    type: z.enum(COUPON_TYPES),
    value: z.number().int().min(0).default(0),
    description: z.string().min(1).max(300),
    isActive: z.boolean().default(true),
    usageLimit: z.number().int().min(0).nullable().default(null),
    usedCount: z.number().int().min(0).default(0),
    minPurchaseCents: z.number().int().min(0).default(0),
    validUntil: z.iso.date().nullable().default(null),
    freeProductId: z.string().nullable().default(null),
  }),
);

/** Coupons from a JSON file (SEED_COUPONS_FILE), inserted when missing, like the launch coupon. */
export async function seedCouponsFromFile(db: Db, file: string): Promise<number> {
  const parsed = couponFileSchema.safeParse(JSON.parse(readFileSync(file, "utf8")));
  if (!parsed.success) throw new Error(`SEED_COUPONS_FILE ${file}: ${parsed.error.issues[0]?.message}`);
  const inserted = await db.insert(coupons).values(parsed.data).onConflictDoNothing().returning({ id: coupons.id });
  return inserted.length;
}

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
