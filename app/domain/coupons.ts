/** Coupon rules (SPEC §5, §8, §9). Pure: `now` and the coupon list are always passed in. */
import { cartTotals, type CartItem } from "./cart";
import { formatMessage, type MessageCode } from "./messages";
import { formatMoney } from "./money";
import type { ProductSummary } from "./product";

/** Declared once: the database column (db/schema.ts) takes its allowed values from here. */
export const COUPON_TYPES = ["free_product", "percentage", "fixed"] as const;
export type CouponType = (typeof COUPON_TYPES)[number];

export interface Coupon {
  id: string;
  code: string;
  type: CouponType;
  /** Percent for `percentage`, US cents for `fixed`, unused for `free_product`. */
  value: number;
  description: string;
  isActive: boolean;
  /** null means unlimited. */
  usageLimit: number | null;
  usedCount: number;
  minPurchaseCents: number;
  /** ISO date 'YYYY-MM-DD'; the coupon is valid through the end of that day, UTC. null = no end. */
  validUntil: string | null;
  freeProductId: string | null;
}

/** The new-user offer from SPEC §9: a free Tramp House Room with an eligible trigger. */
export const NEWUSER15: Coupon = {
  id: "newuser15",
  code: "NEWUSER15",
  type: "free_product",
  value: 0,
  description: "New user offer: a free Tramp House Room with your trigger",
  isActive: true,
  usageLimit: 1000,
  usedCount: 0,
  minPurchaseCents: 0,
  validUntil: "2025-12-31",
  freeProductId: "tramp-house",
};

/** The coupon input is forced to uppercase (SPEC §4). */
export function normalizeCouponInput(input: string): string {
  return input.trim().toUpperCase();
}

/** Case-insensitive, whitespace-tolerant lookup; an empty code never matches. */
export function findCoupon(coupons: readonly Coupon[], code: string): Coupon | undefined {
  const wanted = normalizeCouponInput(code);
  if (wanted === "") return undefined;
  return coupons.find((coupon) => normalizeCouponInput(coupon.code) === wanted);
}

type TriggerLike = Pick<CartItem, "id" | "title" | "category">;

/**
 * SPEC §5: title contains 'trigger' or category is exactly 'Triggers'; never King Cummy, never a room
 * or bundle. SPEC §6 adds that free-room offers never come with gifting triggers, so the 'Gifting
 * Triggers' category is excluded too (docs/decisions/004-free-room-eligibility.md).
 */
export function isEligibleTrigger(item: TriggerLike): boolean {
  if (item.id.toLowerCase() === "king-cummy") return false;
  if (item.title.trim().toLowerCase() === "king cummy") return false;
  if (item.category === "Rooms" || item.category === "Bundles" || item.category === "Gifting Triggers") return false;
  return item.title.toLowerCase().includes("trigger") || item.category === "Triggers";
}

export function hasEligibleTrigger(items: readonly TriggerLike[]): boolean {
  return items.some(isEligibleTrigger);
}

/** The free-room offer (NEWUSER15 / tramp-house) only comes with an eligible trigger. */
export function requiresEligibleTrigger(coupon: Coupon): boolean {
  return normalizeCouponInput(coupon.code) === NEWUSER15.code || (coupon.type === "free_product" && coupon.freeProductId === NEWUSER15.freeProductId);
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Expired once `now` reaches midnight UTC after validUntil. An unreadable date counts as expired. */
export function isCouponExpired(coupon: Coupon, now: Date): boolean {
  if (coupon.validUntil === null) return false;
  const match = ISO_DATE.exec(coupon.validUntil);
  if (!match) return true;
  const endExclusive = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + 1);
  return now.getTime() >= endExclusive;
}

export function isAtUsageLimit(coupon: Coupon): boolean {
  return coupon.usageLimit !== null && coupon.usedCount >= coupon.usageLimit;
}

/** The storefront never advertises a code that could not be applied right now. */
export function isCouponAdvertisable(coupon: Coupon, now: Date): boolean {
  return coupon.isActive && !isCouponExpired(coupon, now) && !isAtUsageLimit(coupon);
}

/** Discount in cents for a subtotal; always within [0, subtotal]. */
export function couponDiscountCents(coupon: Coupon, subtotalCents: number): number {
  let discount = 0;
  if (coupon.type === "percentage") discount = Math.round((subtotalCents * coupon.value) / 100);
  else if (coupon.type === "fixed") discount = Math.round(coupon.value);
  if (!Number.isFinite(discount)) return 0;
  return Math.min(Math.max(discount, 0), subtotalCents);
}

export type CouponResult =
  | { ok: true; coupon: Coupon; discountCents: number; freeProductId: string | null }
  | { ok: false; code: MessageCode; message: string; vars: Record<string, string | number> };

function refuse(code: MessageCode, vars: Record<string, string | number> = {}): CouponResult {
  return { ok: false, code, message: formatMessage(code, vars), vars };
}

/**
 * Applies the checks in the spec's order: exists, active, not expired, usage limit, minimum purchase,
 * eligible trigger. `freeProduct`, when given, confirms the reward still exists; a coupon whose
 * reward is gone is treated as no longer active.
 */
export function evaluateCoupon(input: {
  coupons: readonly Coupon[];
  code: string;
  items: readonly CartItem[];
  now: Date;
  freeProduct?: (id: string) => ProductSummary | undefined;
}): CouponResult {
  const coupon = findCoupon(input.coupons, input.code);
  if (!coupon) return refuse("coupon_invalid");
  if (!coupon.isActive) return refuse("coupon_inactive");
  if (isCouponExpired(coupon, input.now)) return refuse("coupon_expired");
  if (isAtUsageLimit(coupon)) return refuse("coupon_usage_limit");

  const { subtotalCents } = cartTotals(input.items);
  if (subtotalCents < coupon.minPurchaseCents) {
    return refuse("coupon_min_purchase", { amount: formatMoney(coupon.minPurchaseCents, "USD") });
  }
  if (requiresEligibleTrigger(coupon) && !hasEligibleTrigger(input.items)) return refuse("coupon_not_eligible");

  if (coupon.type === "free_product") {
    if (coupon.freeProductId === null) return refuse("coupon_inactive");
    if (input.freeProduct && !input.freeProduct(coupon.freeProductId)) return refuse("coupon_inactive");
    return { ok: true, coupon, discountCents: 0, freeProductId: coupon.freeProductId };
  }
  return { ok: true, coupon, discountCents: couponDiscountCents(coupon, subtotalCents), freeProductId: null };
}
