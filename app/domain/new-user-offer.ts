/**
 * When the storefront advertises the new-user offer (announcement bar, the permanent-trigger page):
 * decided from the live NEWUSER15 coupon, never from a date in code, so the seller brings the offer
 * back by extending or re-enabling the coupon (docs/decisions/016-new-user-offer.md).
 */
import { NEWUSER15, isCouponAdvertisable, type Coupon } from "./coupons";
import type { Category } from "./product";

export interface NewUserOffer {
  code: string;
}

/**
 * The offer runs while NEWUSER15 can be applied (active, not expired, under its limit) and still
 * gives what the storefront promises: a free room that exists.
 */
export function newUserOffer(coupon: Coupon | undefined, now: Date, product: (id: string) => { category: Category } | undefined): NewUserOffer | null {
  if (!coupon || coupon.code.toUpperCase() !== NEWUSER15.code) return null;
  if (!isCouponAdvertisable(coupon, now)) return null;
  if (coupon.type !== "free_product" || coupon.freeProductId === null) return null;
  if (product(coupon.freeProductId)?.category !== "Rooms") return null;
  return { code: coupon.code };
}
