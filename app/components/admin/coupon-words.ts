import type { TFunction } from "i18next";
import type { Coupon } from "~/domain/coupons";
import { formatMoney } from "~/domain/money";

/**
 * What a coupon gives and how many uses it has left, in the account's language (adminCoupons): the
 * English equals the domain's couponReward / usageLeft (seller/coupon-view.ts), which the CLI keeps.
 */
export function rewardText(t: TFunction, coupon: Pick<Coupon, "type" | "value" | "freeProductId">, productTitle: (id: string) => string | undefined): string {
  if (coupon.type === "percentage") return t("adminCoupons.reward.percentage", { value: coupon.value });
  if (coupon.type === "fixed") return t("adminCoupons.reward.fixed", { amount: formatMoney(coupon.value, "USD") });
  const id = coupon.freeProductId;
  return id ? t("adminCoupons.reward.free", { title: productTitle(id) ?? id }) : t("adminCoupons.reward.freeNone");
}

export function usageLeftText(t: TFunction, coupon: Pick<Coupon, "usageLimit" | "usedCount">): string {
  if (coupon.usageLimit === null) return t("adminCoupons.usage.noLimit");
  return t("adminCoupons.usage.left", { left: Math.max(0, coupon.usageLimit - coupon.usedCount), limit: coupon.usageLimit });
}
