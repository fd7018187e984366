/**
 * Money is integer US cents everywhere in the domain and the database; display currencies are a
 * presentation concern (DESIGN §4). Payment is always in USD.
 */
export const CURRENCIES = ["USD", "GBP", "EUR"] as const;
export type Currency = (typeof CURRENCIES)[number];

/** The symbol the currency switcher shows beside each code. */
export const CURRENCY_SYMBOLS: Readonly<Record<Currency, string>> = { USD: "$", GBP: "£", EUR: "€" };

/** Display rates relative to USD (SPEC §9). */
export const RATES: Readonly<Record<Currency, number>> = { USD: 1, GBP: 0.79, EUR: 0.92 };

export function isCurrency(value: unknown): value is Currency {
  return typeof value === "string" && (CURRENCIES as readonly string[]).includes(value);
}

/** USD cents to display-currency cents at `rate`, rounded to the nearest cent (an order keeps the rate it was shown). */
export function convertCentsAtRate(usdCents: number, rate: number): number {
  return Math.round(usdCents * rate);
}

/** USD cents to display-currency cents at today's rate, rounded to the nearest cent. */
export function convertCents(usdCents: number, currency: Currency): number {
  return convertCentsAtRate(usdCents, RATES[currency]);
}

/** Locale whose Intl output matches the spec's formats: $x.xx, £x.xx, x,xx €. */
const DEFAULT_LOCALE: Record<Currency, string> = { USD: "en-US", GBP: "en-GB", EUR: "fr-FR" };

/**
 * The one space used in formatted EUR amounts: a regular no-break space (U+00A0).
 * Intl emits a narrow no-break space (U+202F) for fr-FR in recent ICU and U+00A0 in older ones;
 * normalising makes server and browser render identical text (no hydration mismatch).
 */
export const MONEY_SPACE = "\u00a0";

/** Building an Intl.NumberFormat costs far more than formatting with one: one per locale and currency. */
const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(tag: string, currency: Currency): Intl.NumberFormat {
  const key = `${tag}|${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(tag, { style: "currency", currency, minimumFractionDigits: 2, maximumFractionDigits: 2 });
    // Bounded: the locale may come from a caller, and a handful of tags is all the shop uses.
    if (formatters.size < 32) formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * Formats cents already expressed in `currency`.
 * EUR is always `x,xx €` (SPEC §9) whatever `locale` says; `locale` only re-styles USD and GBP.
 */
export function formatMoney(cents: number, currency: Currency, locale?: string): string {
  const tag = currency === "EUR" ? DEFAULT_LOCALE.EUR : (locale ?? DEFAULT_LOCALE[currency]);
  return formatterFor(tag, currency)
    .format(cents / 100)
    .replace(/[\u202f\u00a0\u2009 ]/g, MONEY_SPACE);
}

/** Converts a USD price to `currency` and formats it. */
export function formatPrice(usdCents: number, currency: Currency): string {
  return formatMoney(convertCents(usdCents, currency), currency);
}

/** Only EUR prices carry the 'VAT included (TTC)' note (SPEC §2, §9). */
export function showsVatIncluded(currency: Currency): boolean {
  return currency === "EUR";
}

/**
 * Dollars to cents without binary-float surprises: 34.99 * 100 is 3498.9999…, and 1.005 * 100 is
 * 100.4999…; rounding to 12 significant digits first recovers the intended decimal value.
 */
export function dollarsToCents(dollars: number): number {
  if (!Number.isFinite(dollars)) throw new RangeError(`Not a finite amount: ${dollars}`);
  const cents = Math.round(Number((dollars * 100).toPrecision(12)));
  return cents === 0 ? 0 : cents; // no -0
}

/** Cents to the 2-decimal string PayPal expects ("34.99"), using integer maths only. */
export function centsToAmountString(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Cents must be a safe integer: ${cents}`);
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}
