/**
 * Every cookie the shop uses, named once: the browser writes them and the server reads them, so
 * a rename on one side can never silently break the other.
 */

/** The shopper's explicit language choice; decides whether a first visit is redirected. */
export const LANG_COOKIE = "lang";
/** About a year, in seconds. */
export const LANG_COOKIE_MAX_AGE = 31_536_000;

/** Mirror of the stored currency preference (JSON), so server-rendered prices are in that currency. */
export const CURRENCY_COOKIE = "currency";

/** Mirror of the stored cart (`id:quantity,…`), so /cart and /checkout render it on the server (app/domain/cart-cookie.ts). */
export const CART_COOKIE = "cart";

/**
 * The coupon the server last accepted for this cart, signed by the server (docs/decisions/056), so
 * /cart and /checkout render it after a plain form post; every change of the cart clears it.
 */
export const COUPON_COOKIE = "coupon";
