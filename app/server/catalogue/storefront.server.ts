import { parse } from "cookie";
import { CART_COOKIE, CURRENCY_COOKIE } from "~/domain/cookies";
import { parseCartCookie } from "~/domain/cart-cookie";
import type { CartLine } from "~/domain/cart";
import { NEWUSER15 } from "~/domain/coupons";
import { currencyForCountry, currencyOnLanguageChange, isPreferenceFresh, parsePreference } from "~/domain/currency";
import { LANG_COOKIE } from "~/domain/cookies";
import { isLang, pickLangFromAcceptLanguage, splitLangFromPath, type Lang } from "~/domain/lang-path";
import { newUserOffer } from "~/domain/new-user-offer";
import type { InitialCurrency, StorefrontData } from "~/state/storefront-data";
import { readCatalogue } from "./cache.server";
import type { Db } from "../platform/db.server";
import type { Env } from "../platform/env.server";

/** Reads one request header (a Fetch Request's or Express's). */
export type HeaderReader = (name: string) => string | null;

/** Where a proxy or CDN puts the shopper's country (COUNTRY_HEADER), when it does. */
type CountryHeader = Pick<Env, "COUNTRY_HEADER">;

/**
 * The stored currency preference (cookie mirror of local storage) decides server-rendered prices,
 * so a returning shopper never sees a flash of dollars.
 */
function initialCurrency(request: Request, env: CountryHeader, now: Date): InitialCurrency {
  return initialCurrencyFor(new URL(request.url).pathname, (name) => request.headers.get(name), env, now);
}

function initialCurrencyFor(pathname: string, header: HeaderReader, env: CountryHeader, now: Date): InitialCurrency {
  const cookies = parse(header("cookie") ?? "");
  const stored = parsePreference(cookies[CURRENCY_COOKIE] ?? null);
  const country = env.COUNTRY_HEADER ? header(env.COUNTRY_HEADER) : null;
  const geoCurrency = country ? currencyForCountry(country) : null;
  const { lang } = splitLangFromPath(pathname);
  if (stored && isPreferenceFresh(stored, now.getTime())) {
    return { currency: stored.currency, isManualSelection: stored.isManualSelection, geoCurrency, needsDetection: false };
  }
  const detected = geoCurrency ?? "USD";
  return {
    currency: currencyOnLanguageChange({ current: detected, isManual: false, geoCurrency, lang }),
    isManualSelection: false,
    geoCurrency,
    needsDetection: geoCurrency === null,
  };
}

/**
 * The shopper's cart as the browser mirrored it in a cookie: /cart and /checkout render it on the
 * server, so their first paint is the cart itself (docs/decisions/037). Those pages are not shared
 * by the render cache (their `headers`). null without the cookie (a cart stored before the mirror
 * existed, or cookies refused): the page then shows its placeholder until the browser reads storage.
 */
export function cartLinesFrom(request: Request): CartLine[] | null {
  const value = parse(request.headers.get("cookie") ?? "")[CART_COOKIE];
  return value === undefined ? null : parseCartCookie(value);
}

/** The language a shopper chose (cookie) or whose browser prefers it, for unprefixed (English) pages. */
export function preferredLang(header: HeaderReader): Lang | null {
  const chosen = parse(header("cookie") ?? "")[LANG_COOKIE];
  return chosen && isLang(chosen) ? chosen : pickLangFromAcceptLanguage(header("accept-language"));
}

/**
 * Everything a shopper page's HTML depends on besides its URL: the language preference (which
 * decides the redirect of unprefixed pages) and the currency the prices are rendered in. Pages with
 * the same URL and variant are identical, so the render cache (server/render-cache.ts) shares them.
 */
export function sharedPageVariant(pathname: string, header: HeaderReader, env: CountryHeader, now: Date): string {
  const currency = initialCurrencyFor(pathname, header, env, now);
  return [
    preferredLang(header) ?? "-",
    currency.currency,
    currency.isManualSelection ? "m" : "a",
    currency.geoCurrency ?? "-",
    currency.needsDetection ? "d" : "-",
  ].join(":");
}

/**
 * What the shop's frame and the shopper state need on every page, from the catalogue cache. Routes
 * pass `context.services` (the database, the environment's country header, the clock).
 */
export async function storefrontData(request: Request, { db, env, now }: { db: Db; env: CountryHeader; now: () => Date }): Promise<StorefrontData> {
  const catalogue = await readCatalogue(db);
  const at = now();
  return {
    currency: initialCurrency(request, env, at),
    // The live coupon decides (the seller's edits invalidate the cache): never a code that cannot be applied today.
    announcement: newUserOffer(catalogue.coupon(NEWUSER15.code), at, (id) => catalogue.product(id)),
  };
}
