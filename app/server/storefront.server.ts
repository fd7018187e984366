import { parse } from "cookie";
import { CURRENCY_COOKIE } from "~/domain/cookies";
import { NEWUSER15, isCouponAdvertisable } from "~/domain/coupons";
import { currencyForCountry, currencyOnLanguageChange, isPreferenceFresh, parsePreference } from "~/domain/currency";
import { splitLangFromPath } from "~/domain/lang-path";
import type { Currency } from "~/domain/money";
import { toSummary } from "~/domain/product";
import { resources } from "~/i18n/resources.server";
import { findCouponByCode } from "./coupons.server";
import { getDb } from "./db.server";
import { getEnv } from "./env.server";
import { listProducts } from "./products.server";

export interface InitialCurrency {
  currency: Currency;
  isManualSelection: boolean;
  /** Currency of the visitor's country when the CDN told us; null when unknown. */
  geoCurrency: Currency | null;
  /** true when no fresh stored preference exists yet: the browser may run the geo lookup. */
  needsDetection: boolean;
}

/**
 * The stored currency preference (cookie mirror of local storage) decides server-rendered prices,
 * so a returning shopper never sees a flash of dollars.
 */
export function initialCurrency(request: Request, now = Date.now()): InitialCurrency {
  const env = getEnv();
  const cookies = parse(request.headers.get("cookie") ?? "");
  const stored = parsePreference(cookies[CURRENCY_COOKIE] ?? null);
  const country = env.COUNTRY_HEADER ? request.headers.get(env.COUNTRY_HEADER) : null;
  const geoCurrency = country ? currencyForCountry(country) : null;
  const { lang } = splitLangFromPath(new URL(request.url).pathname);
  if (stored && isPreferenceFresh(stored, now)) {
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

/** Everything the frame and the shopper state need on every page. */
export async function storefrontData(request: Request) {
  const db = getDb();
  const [products, launchCoupon] = await Promise.all([listProducts(db), findCouponByCode(db, NEWUSER15.code)]);
  const { lang } = splitLangFromPath(new URL(request.url).pathname);
  return {
    // The page's language only: the browser's bundle carries no translations.
    translations: { lang, tree: resources[lang] },
    products: products.map(toSummary),
    currency: initialCurrency(request),
    // The storefront never advertises a code that cannot be applied today.
    announcement: launchCoupon && isCouponAdvertisable(launchCoupon, new Date()) ? { code: launchCoupon.code } : null,
  };
}
