import type { TFunction } from "i18next";
import type { Db } from "../platform/db.server";
import { done, refused } from "../platform/forms.server";
import type { Seller } from "../seller-auth/guard.server";
import { setCouponActive } from "./console-coupons.server";

/**
 * The Disable / Enable buttons of the coupon list and the coupon page (recorded by setCouponActive),
 * replied in the account's language (`t` = consoleT(seller.lang), docs/decisions/055).
 */
export async function toggleCoupon(db: Db, seller: Seller, intent: string, id: string, now: Date, t: TFunction) {
  if (intent !== "disable" && intent !== "enable") return refused(400, t("admin.form.unknownAction"));
  if (!(await setCouponActive(db, seller, id, intent === "enable", now))) return refused(404, t("adminCoupons.reply.noCoupon"));
  return done(intent === "enable" ? t("adminCoupons.reply.enabled") : t("adminCoupons.reply.disabled"));
}
