/**
 * The seller's coupons: usage per coupon, the orders that used it, creating, editing and
 * disabling. Every change invalidates the catalogue cache, which also decides the new-user offer
 * the storefront advertises (docs/decisions/016-new-user-offer.md).
 */
import { count, desc, eq, isNull, max } from "drizzle-orm";
import type { Coupon } from "~/domain/coupons";
import type { CouponTerms, NewCoupon } from "~/domain/seller/coupon-form";
import type { FieldErrors } from "~/domain/seller/form-fields";
import type { OrderState } from "~/domain/order-state";
import { couponRedemptions, coupons, orders } from "../../../db/schema";
import { invalidateCatalogue, readCatalogue } from "./cache.server";
import { toCoupon } from "./coupons.server";
import type { Db } from "../platform/db.server";
import { recordSellerAction, type Actor } from "../seller-auth/audit.server";
import type { Changes } from "./console-products.server";

export interface CouponUsage extends Coupon {
  /** Orders holding a use now (redemptions not released by a cancellation or expiry). */
  uses: number;
  lastUsedAt: Date | null;
}

export async function listCouponUsage(db: Db): Promise<CouponUsage[]> {
  const usage = db
    .select({ couponId: couponRedemptions.couponId, uses: count().as("uses"), lastUsedAt: max(couponRedemptions.createdAt).as("last_used_at") })
    .from(couponRedemptions)
    .where(isNull(couponRedemptions.releasedAt))
    .groupBy(couponRedemptions.couponId)
    .as("usage");
  const rows = await db
    .select({ coupon: coupons, uses: usage.uses, lastUsedAt: usage.lastUsedAt })
    .from(coupons)
    .leftJoin(usage, eq(usage.couponId, coupons.id))
    .orderBy(coupons.code);
  return rows.map((r) => ({ ...toCoupon(r.coupon), uses: Number(r.uses ?? 0), lastUsedAt: r.lastUsedAt ? new Date(r.lastUsedAt) : null }));
}

export async function findCoupon(db: Db, id: string): Promise<Coupon | undefined> {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id));
  return row && toCoupon(row);
}

export interface CouponOrder {
  orderId: string;
  status: OrderState;
  email: string;
  totalCents: number;
  discountCents: number;
  usedAt: Date;
  /** Set when the order was cancelled or expired unpaid and the use went back to the coupon. */
  releasedAt: Date | null;
}

/** The orders that used the coupon, newest first, released ones included (marked). */
export async function couponOrders(db: Db, couponId: string, limit = 200): Promise<CouponOrder[]> {
  return db
    .select({
      orderId: orders.id,
      status: orders.status,
      email: orders.email,
      totalCents: orders.totalCents,
      discountCents: orders.discountCents,
      usedAt: couponRedemptions.createdAt,
      releasedAt: couponRedemptions.releasedAt,
    })
    .from(couponRedemptions)
    .innerJoin(orders, eq(orders.id, couponRedemptions.orderId))
    .where(eq(couponRedemptions.couponId, couponId))
    .orderBy(desc(couponRedemptions.createdAt), desc(orders.id))
    .limit(limit);
}

export type CouponSaveResult = { ok: true; id: string; changes: Changes } | { ok: false; errors: FieldErrors } | { ok: false; reason: "not_found" };

/** The reward must be a product of the catalogue (listed or not: the Tramp House Room is reward-only). */
async function checkFreeProduct(db: Db, terms: CouponTerms): Promise<FieldErrors | null> {
  if (terms.type !== "free_product" || (await readCatalogue(db)).product(terms.freeProductId ?? "") !== undefined) return null;
  return { freeProductId: "Choose a product of the catalogue" };
}

const columns = (terms: CouponTerms) => ({
  type: terms.type,
  value: terms.value,
  freeProductId: terms.freeProductId,
  description: terms.description,
  usageLimit: terms.usageLimit,
  minPurchaseCents: terms.minPurchaseCents,
  validUntil: terms.validUntil,
  isActive: terms.isActive,
});

/** An id for the URL and for orders' coupon_id: the code in lowercase unless another coupon has it. */
async function freeId(db: Db, code: string): Promise<string> {
  const base = code.toLowerCase();
  for (let n = 1; ; n++) {
    const id = n === 1 ? base : `${base}-${n}`;
    const [taken] = await db.select({ id: coupons.id }).from(coupons).where(eq(coupons.id, id));
    if (!taken) return id;
  }
}

/** Creates the coupon with its audit row; shoppers can use it as soon as this returns. */
export async function createCoupon(db: Db, seller: Actor, input: NewCoupon, now: Date): Promise<CouponSaveResult> {
  const productError = await checkFreeProduct(db, input);
  if (productError) return { ok: false, errors: productError };
  const result = await db.transaction(async (tx): Promise<CouponSaveResult> => {
    const id = await freeId(tx, input.code);
    // The unique index on upper(code) decides a race between two sellers creating the same code.
    const inserted = await tx
      .insert(coupons)
      .values({ id, code: input.code, ...columns(input) })
      .onConflictDoNothing()
      .returning({ id: coupons.id });
    if (inserted.length === 0) return { ok: false, errors: { code: `A coupon with the code ${input.code} already exists` } };
    const changes: Changes = { code: [null, input.code], ...Object.fromEntries(Object.entries(columns(input)).map(([k, v]) => [k, [null, v]])) };
    await recordSellerAction(tx, seller, "coupon_created", `coupon:${id}`, changes, now);
    return { ok: true, id, changes };
  });
  if (result.ok) await invalidateCatalogue(db);
  return result;
}

/** Changes everything but the code (and the usage count: it is the orders' record), with its audit row. */
export async function updateCouponTerms(db: Db, seller: Actor, id: string, terms: CouponTerms, now: Date): Promise<CouponSaveResult> {
  const productError = await checkFreeProduct(db, terms);
  if (productError) return { ok: false, errors: productError };
  const after = columns(terms);
  const result = await db.transaction(async (tx): Promise<CouponSaveResult> => {
    const [row] = await tx.select().from(coupons).where(eq(coupons.id, id)).for("update");
    if (!row) return { ok: false, reason: "not_found" };
    const before = toCoupon(row);
    const changes: Changes = {};
    for (const [field, value] of Object.entries(after)) {
      const old = before[field as keyof Coupon];
      if (old !== value) changes[field] = [old, value];
    }
    if (Object.keys(changes).length === 0) return { ok: true, id, changes };
    await tx.update(coupons).set(after).where(eq(coupons.id, id));
    await recordSellerAction(tx, seller, "coupon_updated", `coupon:${id}`, changes, now);
    return { ok: true, id, changes };
  });
  if (result.ok && Object.keys(result.changes).length > 0) await invalidateCatalogue(db);
  return result;
}

/** Disables or re-enables a coupon (recorded when it changes anything); false when there is no such coupon. */
export async function setCouponActive(db: Db, seller: Actor, id: string, active: boolean, now: Date): Promise<boolean> {
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx.select({ isActive: coupons.isActive }).from(coupons).where(eq(coupons.id, id)).for("update");
    if (!row) return "missing" as const;
    if (row.isActive === active) return "unchanged" as const;
    await tx.update(coupons).set({ isActive: active }).where(eq(coupons.id, id));
    await recordSellerAction(tx, seller, active ? "coupon_enabled" : "coupon_disabled", `coupon:${id}`, null, now);
    return "changed" as const;
  });
  if (outcome === "changed") await invalidateCatalogue(db);
  return outcome !== "missing";
}
