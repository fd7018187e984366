import type { Db } from "../platform/db.server";
import { done, refused } from "../platform/forms.server";
import type { Seller } from "../seller-auth/guard.server";
import { setCouponActive } from "./console-coupons.server";

/** The Disable / Enable buttons of the coupon list and the coupon page (recorded by setCouponActive). */
export async function toggleCoupon(db: Db, seller: Seller, intent: string, id: string, now: Date) {
  if (intent !== "disable" && intent !== "enable") return refused(400, "Unknown action.");
  if (!(await setCouponActive(db, seller, id, intent === "enable", now))) return refused(404, "No such coupon.");
  return done(intent === "enable" ? "Coupon enabled." : "Coupon disabled: checkout refuses it now.");
}
