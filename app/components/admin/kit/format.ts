/**
 * How the console writes money, times and waits: US dollars (the shop's prices and payments are in
 * USD), times in the account's zone (UTC until the seller picks one, docs/decisions/055; coupon
 * expiry, exports and the dashboard's periods stay UTC days) and one style of duration per language.
 * Formats built by hand, so the server's HTML and the browser's render agree (no hydration mismatch).
 * Pages reach them through useConsole(), which passes the account's language and zone.
 */
import type { Lang } from "~/domain/lang";
import { formatMoney } from "~/domain/money";
import { formatUtc } from "~/domain/utc-time";

/** "$1,234.56" */
export const usd = (cents: number): string => formatMoney(cents, "USD");

/** "2026-11-22 17:40 UTC", or "—" when there is no time (not delivered yet, never sent). */
export function utc(date: Date | string | null | undefined): string {
  return date ? formatUtc(new Date(date)) : "—";
}

/** Re-exported: the server's analytics tables write times the same way (app/domain may be read by both). */
export { when } from "~/domain/time-zone";

/** Each language's units ("3 h 05 min" reads the same in all three; seconds and days differ). */
const UNITS: Record<Lang, { second: string; seconds: string; day: string; ago: (text: string) => string }> = {
  en: { second: "second", seconds: "seconds", day: "d", ago: (text) => `${text} ago` },
  fr: { second: "seconde", seconds: "secondes", day: "j", ago: (text) => `il y a ${text}` },
  es: { second: "segundo", seconds: "segundos", day: "d", ago: (text) => `hace ${text}` },
};

/**
 * "45 seconds", "12 min", "3 h 05 min", "2 d 4 h". How long something has waited rounds down; a wait
 * still to come (`"up"`) rounds up, so the seller is never told to try again too early.
 */
export function duration(ms: number, round: "down" | "up" = "down", lang: Lang = "en"): string {
  const whole = round === "up" ? Math.ceil : Math.floor;
  const units = UNITS[lang];
  const seconds = Math.max(0, whole(ms / 1000));
  if (seconds < 60) return `${seconds} ${seconds === 1 ? units.second : units.seconds}`;
  const minutes = whole(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ${String(minutes % 60).padStart(2, "0")} min`;
  const roundedHours = whole(minutes / 60);
  return `${Math.floor(roundedHours / 24)} ${units.day} ${roundedHours % 24} h`;
}

/** Time from `date` to the loader's `now` (never the browser's clock: the same text on both sides). */
export function elapsed(date: Date | string, now: Date | string, lang: Lang = "en"): string {
  return duration(new Date(now).getTime() - new Date(date).getTime(), "down", lang);
}

/** "3 h 05 min ago", "il y a 3 h 05 min", "hace 3 h 05 min" */
export const ago = (date: Date | string, now: Date | string, lang: Lang = "en"): string => UNITS[lang].ago(elapsed(date, now, lang));

/** A wait still to come, in whole seconds (a login throttle's Retry-After): "5 seconds", "15 min". */
export const waitLeft = (seconds: number, lang: Lang = "en"): string => duration(seconds * 1000, "up", lang);
