import type { TFunction } from "i18next";
import type { FieldErrors } from "~/domain/seller/form-fields";

/**
 * The two field errors createCoupon / updateCouponTerms find themselves (a code already taken, a free
 * product not in the catalogue), in the account's language; the server module keeps its English for
 * the CLI and its tests. Other fields' messages come from the domain's schema and pass unchanged.
 */
export function couponSaveErrors(t: TFunction, errors: FieldErrors, code?: string): FieldErrors {
  const out: FieldErrors = { ...errors };
  if (out.code !== undefined && code !== undefined) out.code = t("adminCoupons.reply.codeTaken", { code });
  if (out.freeProductId !== undefined) out.freeProductId = t("adminCoupons.reply.chooseProduct");
  return out;
}
