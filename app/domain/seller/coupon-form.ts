/**
 * The seller's coupon form: the three types of SPEC §8 with their limits. The code is chosen once,
 * at creation (codes already given to shoppers keep working; NEWUSER15 stays the new-user offer).
 */
import { z } from "../zod";
import { COUPON_TYPES, type CouponType } from "../coupons";
import { checkboxField, dollarsField, fieldErrors, optionalText, optionalWholeNumber, refuseValue, type FieldErrors } from "./form-fields";

const COUPON_CODE = /^[A-Z0-9][A-Z0-9_-]{2,31}$/;
const COUPON_DESCRIPTION_MAX = 300;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const isRealDate = (text: string) => {
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
};

const couponCodeSchema = z
  .string({ error: "Code is required" })
  .check(z.trim(), z.toUpperCase(), z.regex(COUPON_CODE, { error: "Code must be 3 to 32 letters, digits, - or _ (stored uppercase)" }));

/** Everything but the code: what creating and editing share. */
/** Trimmed; blank (or absent) is "". */
const trimmedText = z.pipe(
  optionalText,
  z.transform((value: string | undefined) => (value ?? "").trim()),
);

export const couponTermsSchema = z.pipe(
  z.object({
    type: z.enum(COUPON_TYPES, { error: "Type must be free product, percentage or fixed" }),
    /** Percent for percentage coupons; dollars for fixed ones; ignored for free products. */
    percent: optionalText,
    amount: optionalText,
    freeProductId: trimmedText,
    description: z
      .string({ error: "Description is required" })
      .check(
        z.trim(),
        z.minLength(1, { error: "Description is required", abort: true }),
        z.maxLength(COUPON_DESCRIPTION_MAX, { error: `Description must be at most ${COUPON_DESCRIPTION_MAX} characters` }),
      ),
    usageLimit: optionalWholeNumber("Usage limit", 1, 1_000_000),
    minPurchase: z.pipe(
      z.pipe(
        trimmedText,
        z.transform((text: string) => (text === "" ? "0" : text)),
      ),
      dollarsField("Minimum purchase"),
    ),
    validUntil: z.pipe(
      trimmedText,
      z.transform((text: string, ctx) => {
        if (text === "") return null;
        return ISO_DATE.test(text) && isRealDate(text) ? text : refuseValue(ctx, "Valid until must be a date (YYYY-MM-DD) or empty");
      }),
    ),
    isActive: checkboxField,
  }),
  z.transform((input, ctx) => {
    let value = 0;
    let freeProductId: string | null = null;
    if (input.type === "percentage") {
      const text = (input.percent ?? "").trim();
      if (!/^\d{1,3}$/.test(text) || Number(text) < 1 || Number(text) > 100) {
        return refuseValue(ctx, "Percent must be a whole number from 1 to 100", ["percent"]);
      }
      value = Number(text);
    } else if (input.type === "fixed") {
      const amount = dollarsField("Amount off").safeParse(input.amount ?? "");
      if (!amount.success || amount.data === 0) {
        return refuseValue(ctx, "Amount off must be more than $0.00, in dollars like 5.00", ["amount"]);
      }
      value = amount.data;
    } else {
      if (input.freeProductId === "") return refuseValue(ctx, "Choose the free product", ["freeProductId"]);
      freeProductId = input.freeProductId;
    }
    return {
      type: input.type as CouponType,
      value,
      freeProductId,
      description: input.description,
      usageLimit: input.usageLimit,
      minPurchaseCents: input.minPurchase,
      validUntil: input.validUntil,
      isActive: input.isActive,
    };
  }),
);

export type CouponTerms = z.output<typeof couponTermsSchema>;

export interface NewCoupon extends CouponTerms {
  code: string;
}

export type CouponFormResult<T> = { ok: true; coupon: T } | { ok: false; errors: FieldErrors };

/** Reads the edit form (no code: it never changes). */
export function readCouponTerms(form: Record<string, string>): CouponFormResult<CouponTerms> {
  const terms = couponTermsSchema.safeParse(form);
  return terms.success ? { ok: true, coupon: terms.data } : { ok: false, errors: fieldErrors(terms.error) };
}

/** Reads the creation form: the code and the terms, every bad field reported at once. */
export function readNewCoupon(form: Record<string, string>): CouponFormResult<NewCoupon> {
  const code = couponCodeSchema.safeParse(form.code ?? "");
  const terms = readCouponTerms(form);
  if (code.success && terms.ok) return { ok: true, coupon: { code: code.data, ...terms.coupon } };
  return { ok: false, errors: { ...(code.success ? {} : fieldErrors(code.error, "code")), ...(terms.ok ? {} : terms.errors) } };
}
