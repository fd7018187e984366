import { parse } from "cookie";
import { CURRENCY_COOKIE } from "~/domain/cookies";
import { NEWUSER15 } from "~/domain/coupons";
import { currencyForCountry, currencyOnLanguageChange, isPreferenceFresh, parsePreference } from "~/domain/currency";
import { splitLangFromPath } from "~/domain/lang-path";
import { newUserOffer } from "~/domain/new-user-offer";
import { toSummary } from "~/domain/product";
import type { InitialCurrency, StorefrontData } from "~/state/storefront-data";
import { readCatalogue } from "./catalogue-cache.server";
import type { Db } from "./db.server";
import { getEnv } from "./env.server";

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

/** Everything the shop's frame and the shopper state need on every page, from the catalogue cache. */
export async function storefrontData(request: Request, db?: Db): Promise<StorefrontData> {
  const catalogue = await readCatalogue(db);
  const { lang } = splitLangFromPath(new URL(request.url).pathname);
  return {
    products: catalogue.products.map((p) => toSummary(p, lang)),
    currency: initialCurrency(request),
    // The live coupon decides (the seller's edits invalidate the cache): never a code that cannot be applied today.
    announcement: newUserOffer(catalogue.coupon(NEWUSER15.code), new Date(), (id) => catalogue.product(id)),
  };
}
