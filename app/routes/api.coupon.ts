import { priceCart } from "~/domain/cart";
import { couponApi } from "~/domain/api/coupon";
import { evaluateCoupon } from "~/domain/coupons";
import { toSummary } from "~/domain/product";
import { findCouponByCode } from "~/server/coupons.server";
import { jsonAction, methodNotAllowed } from "~/server/endpoint.server";
import { RATE_LIMITS } from "~/server/rate-limit.server";
import { listProducts } from "~/server/products.server";

/** Checks a coupon against the shopper's cart with the database's prices and limits; guessing codes is throttled. */
export const action = jsonAction(couponApi, RATE_LIMITS.coupon, async ({ input, db }) => {
  const products = (await listProducts(db)).map(toSummary);
  const byId = new Map(products.map((p) => [p.id, p]));
  const { items } = priceCart(input.lines, (id) => byId.get(id));
  const coupon = await findCouponByCode(db, input.code);
  const result = evaluateCoupon({
    coupons: coupon ? [coupon] : [],
    code: input.code,
    items,
    now: new Date(),
    freeProduct: (id) => byId.get(id),
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
        freeProduct: result.freeProductId ? (byId.get(result.freeProductId) ?? null) : null,
      },
    },
  };
});

export const loader = methodNotAllowed;
