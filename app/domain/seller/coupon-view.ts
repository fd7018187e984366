/** How the console describes a coupon: what it gives and whether a shopper can use it now. */
import { isAtUsageLimit, isCouponExpired, type Coupon } from "../coupons";
import { formatMoney } from "../money";

export type CouponStatus = "active" | "disabled" | "expired" | "used_up";

/** Why a shopper could not use it now, in the order checkout checks (disabled first). */
export function couponStatus(coupon: Coupon, now: Date): CouponStatus {
  if (!coupon.isActive) return "disabled";
  if (isCouponExpired(coupon, now)) return "expired";
  if (isAtUsageLimit(coupon)) return "used_up";
  return "active";
}

export const COUPON_STATUS_LABEL: Record<CouponStatus, string> = {
  active: "Active",
  disabled: "Disabled",
  expired: "Expired",
  used_up: "Usage limit reached",
};

export const COUPON_TYPE_LABEL: Record<Coupon["type"], string> = {
  free_product: "Free product",
  percentage: "Percentage",
  fixed: "Fixed amount",
};

/** "10% off", "$5.00 off", "Free Tramp House Room". */
export function couponReward(coupon: Pick<Coupon, "type" | "value" | "freeProductId">, productTitle: (id: string) => string | undefined): string {
  if (coupon.type === "percentage") return `${coupon.value}% off`;
  if (coupon.type === "fixed") return `${formatMoney(coupon.value, "USD")} off`;
  const id = coupon.freeProductId;
  return `Free ${id ? (productTitle(id) ?? id) : "product (none chosen)"}`;
}

/** "997 of 1000 left", "No limit". */
export function usageLeft(coupon: Pick<Coupon, "usageLimit" | "usedCount">): string {
  if (coupon.usageLimit === null) return "No limit";
  return `${Math.max(0, coupon.usageLimit - coupon.usedCount)} of ${coupon.usageLimit} left`;
}
