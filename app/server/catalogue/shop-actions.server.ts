import { parse, serialize } from "cookie";
import { redirect } from "react-router";
import { addItem, removeItem, updateQuantity, type CartLine } from "~/domain/cart";
import { CART_COOKIE_MAX_AGE, formatCartCookie } from "~/domain/cart-cookie";
import { CART_COOKIE, COUPON_COOKIE, CURRENCY_COOKIE, LANG_COOKIE, LANG_COOKIE_MAX_AGE } from "~/domain/cookies";
import { normalizeCouponInput } from "~/domain/coupons";
import { currencyForCountry, currencyOnLanguageChange, isPreferenceFresh, parsePreference, PREFERENCE_TTL_MS } from "~/domain/currency";
import { localizePath, splitLangFromPath } from "~/domain/lang-path";
import { expandShopDo, formQuantity, safeBackPath, withNotice, type Notice } from "~/domain/shop-actions";
import { shopActionSchema, type ShopActionInput } from "~/domain/shop-action-schema";
import { readCatalogue } from "./cache.server";
import { checkCoupon, couponCookieValue } from "./coupon-check.server";
import { cartLinesFrom } from "./storefront.server";
import { clientKey } from "../platform/client-key.server";
import { readBody, TOO_LARGE, UNREADABLE } from "../platform/http.server";
import { hit, RATE_LIMITS } from "../platform/rate-limit.server";
import type { Db } from "../platform/db.server";
import type { Env } from "../platform/env.server";
import type { Keys } from "../platform/keys.server";

/** The part of React Router's action arguments the storefront's actions use. */
interface EndpointArgs {
  request: Request;
  context: { clientIp: string; services: { db: Db; keys: Keys; env: Pick<Env, "COUNTRY_HEADER">; now: () => Date } };
}

/** Same attributes as the browser's own writes (app/state/storage.ts): the page's script reads these cookies too. */
function cookie(name: string, value: string, maxAgeSeconds: number): string {
  return serialize(name, value, { path: "/", sameSite: "lax", maxAge: Math.floor(maxAgeSeconds) });
}

/** Marked as the server's: the browser's stored cart did not see this change (app/domain/cart-cookie.ts). */
const cartCookie = (lines: readonly CartLine[]) => cookie(CART_COOKIE, formatCartCookie(lines, { byServer: true }), CART_COOKIE_MAX_AGE);
/** Every change of the cart drops the coupon (SPEC §4): the shopper applies it again, as in the browser. */
const noCoupon = () => cookie(COUPON_COOKIE, "", 0);

/** A 303 (the browser follows with a GET: Post/Redirect/Get) setting `cookies`. */
function seeOther(location: string, cookies: string[] = []): Response {
  const headers = new Headers({ "Cache-Control": "no-store" });
  for (const value of cookies) headers.append("Set-Cookie", value);
  return redirect(location, { status: 303, headers });
}

/**
 * POST /shop-actions: one storefront form post (app/domain/shop-actions.ts), answered with a redirect
 * back to the page (or to checkout) and the cookies the server already renders from. Cross-site posts
 * never get here (server/guards.ts sameOriginGuard); bad input goes back with a message, never a 500.
 */
export async function shopAction(args: EndpointArgs): Promise<Response> {
  const { request } = args;
  const raw = await readBody(request, "form");
  const fields = raw === UNREADABLE || raw === TOO_LARGE ? null : (raw as Record<string, string>);
  const back = safeBackPath(fields?.back);
  const parsed = shopActionSchema.safeParse(expandShopDo(fields ?? {}));
  if (!parsed.success) return seeOther(withNotice(back, "invalid"));
  return handle(args, parsed.data, back);
}

async function handle({ request, context }: EndpointArgs, input: ShopActionInput, back: string): Promise<Response> {
  const { services } = context;
  const { lang } = splitLangFromPath(back);
  const local = (path: string) => localizePath(path, lang);
  const lines = cartLinesFrom(request) ?? [];
  const invalid = () => seeOther(withNotice(back, "invalid"));
  const notice = (n: Notice, item?: string, cookies?: string[]) => seeOther(withNotice(back, n, item), cookies);

  switch (input.intent) {
    case "add":
    case "buy": {
      if (!input.id) return invalid();
      const product = (await readCatalogue(services.db)).product(input.id);
      if (!product) return notice("unavailable");
      if (!product.inStock) {
        // Buy Now on a product out of stock: its page, with the Discord message (the toast's words).
        if (input.intent === "buy") return seeOther(withNotice(local(`/product/${encodeURIComponent(product.id)}`), "discord"));
        return notice("unavailable", product.id);
      }
      if (input.intent === "add") return notice("added", product.id, [cartCookie(addItem(lines, product.id)), noCoupon()]);
      // Already in the cart: go and pay for it rather than doubling the quantity (as with JavaScript).
      if (lines.some((line) => line.id === product.id)) return seeOther(local("/checkout"));
      return seeOther(local("/checkout"), [cartCookie(addItem(lines, product.id)), noCoupon()]);
    }
    case "quantity": {
      const quantity = formQuantity(input.quantity);
      if (!input.id || quantity === null) return invalid();
      return seeOther(back, [cartCookie(updateQuantity(lines, input.id, quantity)), noCoupon()]);
    }
    case "remove":
      if (!input.id) return invalid();
      return seeOther(back, [cartCookie(removeItem(lines, input.id)), noCoupon()]);
    case "coupon": {
      const code = normalizeCouponInput(input.coupon ?? "");
      if (!code) return invalid();
      // Guessing codes is throttled like POST /api/coupon.
      const now = services.now();
      const limit = await hit(services.db, RATE_LIMITS.coupon, clientKey(services.keys, context.clientIp), now);
      if (!limit.allowed) return notice("coupon-refused", "rate_limited");
      const result = await checkCoupon(services.db, code, lines, now);
      if (!result.ok) {
        const target = new URL(withNotice(back, "coupon-refused", result.code), "http://shop.invalid");
        if (typeof result.vars.amount === "string") target.searchParams.set("amount", result.vars.amount);
        return seeOther(target.pathname + target.search + target.hash);
      }
      return seeOther(back, [cookie(COUPON_COOKIE, couponCookieValue(services.keys, result.coupon.code), CART_COOKIE_MAX_AGE)]);
    }
    case "coupon-remove":
      return notice("coupon-removed", undefined, [noCoupon()]);
    case "currency": {
      if (!input.currency) return invalid();
      const preference = { currency: input.currency, isManualSelection: true, timestamp: services.now().getTime() };
      return seeOther(back, [cookie(CURRENCY_COOKIE, JSON.stringify(preference), PREFERENCE_TTL_MS / 1000)]);
    }
    case "lang": {
      if (!input.lang) return invalid();
      const cookies = [cookie(LANG_COOKIE, input.lang, LANG_COOKIE_MAX_AGE)];
      // As in the browser (app/state/currency.tsx): an automatic currency follows the language (French → EUR).
      const stored = parsePreference(parse(request.headers.get("cookie") ?? "")[CURRENCY_COOKIE] ?? null);
      const now = services.now().getTime();
      if (stored && isPreferenceFresh(stored, now) && !stored.isManualSelection) {
        const geo = context.services.env.COUNTRY_HEADER ? request.headers.get(context.services.env.COUNTRY_HEADER) : null;
        const next = currencyOnLanguageChange({
          current: stored.currency,
          isManual: false,
          geoCurrency: geo ? currencyForCountry(geo) : null,
          lang: input.lang,
        });
        if (next !== stored.currency)
          cookies.push(cookie(CURRENCY_COOKIE, JSON.stringify({ currency: next, isManualSelection: false, timestamp: now }), PREFERENCE_TTL_MS / 1000));
      }
      return seeOther(localizePath(back, input.lang), cookies);
    }
  }
}

/** The coupon cookie of a request (see couponCodeFrom). */
export function couponCookieOf(request: Request): string | undefined {
  return parse(request.headers.get("cookie") ?? "")[COUPON_COOKIE];
}
