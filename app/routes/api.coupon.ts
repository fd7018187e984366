import { serialize } from "cookie";
import { couponApi } from "~/domain/api/coupon";
import { CART_COOKIE_MAX_AGE } from "~/domain/cart-cookie";
import { COUPON_COOKIE } from "~/domain/cookies";
import { checkCoupon, couponCookieValue } from "~/server/catalogue/coupon-check.server";
import { jsonAction, methodNotAllowed } from "~/server/web/endpoint.server";
import { RATE_LIMITS } from "~/server/platform/rate-limit.server";

/**
 * Checks a coupon against the shopper's cart with the catalogue's prices and live limits; guessing codes is throttled.
 * An accepted code is also remembered in a signed cookie, so /cart and /checkout render it (docs/decisions/056).
 */
export const action = jsonAction(couponApi, RATE_LIMITS.coupon, async ({ input, db, now, services }) => {
  const result = await checkCoupon(db, input.code, input.lines, now);
  // A refused code is an ordinary answer (200): the request itself was fine.
  if (!result.ok) return { body: { ok: false, code: result.code, vars: result.vars } };
  const cookie = serialize(COUPON_COOKIE, couponCookieValue(services.keys, result.coupon.code), { path: "/", sameSite: "lax", maxAge: CART_COOKIE_MAX_AGE });
  return { body: { ok: true, coupon: result.coupon }, headers: { "Set-Cookie": cookie } };
});

export const loader = methodNotAllowed;
