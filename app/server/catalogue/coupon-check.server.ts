import type { AppliedCoupon } from "~/domain/api/coupon";
import { priceCart, type CartLine } from "~/domain/cart";
import { evaluateCoupon } from "~/domain/coupons";
import type { MessageCode } from "~/domain/messages";
import { toSummary } from "~/domain/product";
import { signValue, verifySignedValue } from "../platform/signed-value.server";
import type { Keys } from "../platform/keys.server";
import type { Db } from "../platform/db.server";
import { readCatalogue } from "./cache.server";
import { findCouponByCode } from "./coupons.server";

export type CouponCheck = { ok: true; coupon: AppliedCoupon } | { ok: false; code: MessageCode; vars: Record<string, string | number> };

/**
 * Checks a coupon against cart lines with the catalogue's prices and live limits: POST /api/coupon,
 * the coupon form's plain post and the pages that render an applied coupon all ask here.
 */
export async function checkCoupon(db: Db, code: string, lines: readonly CartLine[], now: Date): Promise<CouponCheck> {
  const catalogue = await readCatalogue(db);
  const summary = (id: string) => {
    const product = catalogue.product(id);
    return product && toSummary(product);
  };
  const { items } = priceCart(lines, summary);
  const cached = catalogue.coupon(code);
  // Usage counts move with every order: a limited coupon is re-read so the answer matches checkout's.
  const coupon = cached?.usageLimit != null ? await findCouponByCode(db, code) : cached;
  const result = evaluateCoupon({ coupons: coupon ? [coupon] : [], code, items, now, freeProduct: summary });
  if (!result.ok) return { ok: false, code: result.code, vars: result.vars };
  return {
    ok: true,
    coupon: {
      id: result.coupon.id,
      code: result.coupon.code,
      type: result.coupon.type,
      description: result.coupon.description,
      discountCents: result.discountCents,
      freeProduct: result.freeProductId ? (summary(result.freeProductId) ?? null) : null,
    },
  };
}

/** The coupon cookie's value: the code, signed, so a cookie cannot be used to guess codes past the rate limit. */
export function couponCookieValue(keys: Keys, code: string): string {
  return signValue(keys, `coupon:${code}`);
}

/** The code a coupon cookie carries, or null (absent, tampered with, or another kind of signed value). */
export function couponCodeFrom(keys: Keys, value: string | undefined): string | null {
  if (!value) return null;
  const signed = verifySignedValue(keys, value);
  return signed?.startsWith("coupon:") ? signed.slice("coupon:".length) : null;
}

/**
 * The coupon a page renders as applied: the signed cookie's code, checked again against the cart the
 * page renders (limits and prices may have moved since); null when there is none or it no longer applies.
 */
export async function appliedCouponFrom(
  cookieValue: string | undefined,
  lines: readonly CartLine[] | null,
  { db, keys, now }: { db: Db; keys: Keys; now: () => Date },
): Promise<AppliedCoupon | null> {
  const code = couponCodeFrom(keys, cookieValue);
  if (!code || !lines || lines.length === 0) return null;
  const result = await checkCoupon(db, code, lines, now());
  return result.ok ? result.coupon : null;
}
