import type { TFunction } from "i18next";
import type { FieldErrors } from "~/domain/seller/form-fields";

/**
 * The coupon form's field errors in the account's language (docs/decisions/055). The domain's schema
 * (seller/coupon-form.ts) and createCoupon / updateCouponTerms word them in English for the CLI and
 * their tests; each field has one or two known messages, so the field (and, where two, the message)
 * says which key. coupon-replies.server.test.ts checks that the English keys equal the domain's words.
 */
export function couponFormErrors(t: TFunction, errors: FieldErrors): FieldErrors {
  const out: FieldErrors = { ...errors };
  const say = (field: string, key: string, values?: Record<string, string | number>) => {
    if (out[field] !== undefined) out[field] = t(key, values);
  };
  say("code", out.code === "Code is required" ? "adminCoupons.errors.codeRequired" : "adminCoupons.errors.codeFormat");
  say("type", "adminCoupons.errors.type");
  say("description", out.description === "Description is required" ? "adminCoupons.errors.descriptionRequired" : "adminCoupons.errors.descriptionTooLong");
  say("usageLimit", "adminCoupons.errors.usageLimit");
  say("minPurchase", "adminCoupons.errors.minPurchase");
  say("validUntil", "adminCoupons.errors.validUntil");
  say("percent", "adminCoupons.errors.percent");
  say("amount", "adminCoupons.errors.amount");
  say("freeProductId", "adminCoupons.errors.chooseFree");
  return out;
}

/**
 * The two field errors createCoupon / updateCouponTerms find themselves: a code already taken (`code`,
 * the one refused), a free product not in the catalogue.
 */
export function couponSaveErrors(t: TFunction, errors: FieldErrors, code?: string): FieldErrors {
  const out: FieldErrors = { ...errors };
  if (out.code !== undefined && code !== undefined) out.code = t("adminCoupons.reply.codeTaken", { code });
  if (out.freeProductId !== undefined) out.freeProductId = t("adminCoupons.reply.chooseProduct");
  return out;
}
