/** Which display currency a visitor sees, and when it changes (SPEC §4, §9). */
import type { Lang } from "./product";
import { CURRENCIES, type Currency } from "./money";

/** Euro-area countries the spec lists (ISO 3166-1 alpha-2). */
export const EUR_COUNTRIES: ReadonlySet<string> = new Set([
  "FR",
  "DE",
  "IT",
  "ES",
  "NL",
  "BE",
  "AT",
  "PT",
  "IE",
  "FI",
  "GR",
  "LU",
  "SK",
  "SI",
  "EE",
  "LV",
  "LT",
  "CY",
  "MT",
]);

/** Currency for a geo-lookup country code; anything unknown or missing falls back to USD. */
export function currencyForCountry(countryCode?: string | null): Currency {
  const code = (countryCode ?? "").trim().toUpperCase();
  if (code === "GB") return "GBP";
  if (EUR_COUNTRIES.has(code)) return "EUR";
  return "USD";
}

export interface CurrencyPreference {
  currency: Currency;
  isManualSelection: boolean;
  /** Epoch milliseconds when the preference was stored. */
  timestamp: number;
}

/** The stored preference is trusted for 90 days, then the currency is detected again. */
export const PREFERENCE_TTL_MS = 90 * 24 * 60 * 60 * 1000;

/** A timestamp in the future (tampered or clock jump) is not trusted either. */
export function isPreferenceFresh(pref: CurrencyPreference, now: number): boolean {
  const age = now - pref.timestamp;
  return age >= 0 && age < PREFERENCE_TTL_MS;
}

/**
 * Language switches nudge an automatic currency: French implies EUR; English or Spanish undo an
 * EUR that came only from French, keeping it when the visitor is really in the euro area.
 * A manual choice is never overridden.
 */
export function currencyOnLanguageChange(input: { current: Currency; isManual: boolean; geoCurrency: Currency | null | undefined; lang: Lang }): Currency {
  const { current, isManual, geoCurrency, lang } = input;
  if (isManual) return current;
  if (lang === "fr") return "EUR";
  if (current === "EUR" && geoCurrency !== "EUR") return "USD";
  return current;
}

/** With items in the cart, a currency pick asks 'Recalculate totals?' first. */
export function needsRecalculateConfirm(cartItemCount: number): boolean {
  return cartItemCount > 0;
}

/** 'Converted from USD • updated daily' shows until the visitor picks a currency. */
export function showsConvertedNote(isManual: boolean): boolean {
  return !isManual;
}

/**
 * Reads a preference from local storage or a cookie: accepts the parsed object or its JSON text.
 * Anything malformed yields null so the caller detects the currency afresh.
 */
export function parsePreference(raw: unknown): CurrencyPreference | null {
  let value = raw;
  if (typeof raw === "string") {
    try {
      value = JSON.parse(raw);
    } catch {
      return null;
    }
  }
  // Checked by hand, not with zod: this runs on every page and zod would weigh more than the page's code.
  if (typeof value !== "object" || value === null) return null;
  const { currency, isManualSelection, timestamp } = value as Record<string, unknown>;
  if (!(CURRENCIES as readonly unknown[]).includes(currency)) return null;
  if (typeof isManualSelection !== "boolean") return null;
  if (typeof timestamp !== "number" || !Number.isInteger(timestamp) || timestamp < 0) return null;
  return { currency: currency as Currency, isManualSelection, timestamp };
}
