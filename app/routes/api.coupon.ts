import { priceCart } from "~/domain/cart";
import { couponApi } from "~/domain/api/coupon";
import { evaluateCoupon } from "~/domain/coupons";
import { toSummary } from "~/domain/product";
import { readCatalogue } from "~/server/catalogue/cache.server";
import { findCouponByCode } from "~/server/catalogue/coupons.server";
import { jsonAction, methodNotAllowed } from "~/server/web/endpoint.server";
import { RATE_LIMITS } from "~/server/platform/rate-limit.server";

/** Checks a coupon against the shopper's cart with the catalogue's prices and live limits; guessing codes is throttled. */
export const action = jsonAction(couponApi, RATE_LIMITS.coupon, async ({ input, db, now }) => {
  const catalogue = await readCatalogue(db);
  const summary = (id: string) => {
    const product = catalogue.product(id);
    return product && toSummary(product);
  };
  const { items } = priceCart(input.lines, summary);
  const cached = catalogue.coupon(input.code);
  // Usage counts move with every order: a limited coupon is re-read so the answer matches checkout's.
  const coupon = cached?.usageLimit != null ? await findCouponByCode(db, input.code) : cached;
  const result = evaluateCoupon({
    coupons: coupon ? [coupon] : [],
    code: input.code,
    items,
    now,
    freeProduct: summary,
  });
  // A refused code is an ordinary answer (200): the request itself was fine.
  if (!result.ok) return { body: { ok: false, code: result.code, vars: result.vars } };
  return {
    body: {
      ok: true,
      coupon: {
        id: result.coupon.id,
        code: result.coupon.code,
        type: result.coupon.type,
        description: result.coupon.description,
        discountCents: result.discountCents,
        freeProduct: result.freeProductId ? (summary(result.freeProductId) ?? null) : null,
      },
    },
  };
});

export const loader = methodNotAllowed;
