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

/** The minutes `zone` is ahead of UTC at `date` (Intl gives the wall clock's numbers; the rest is arithmetic). */
function offsetMinutes(date: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
  }).formatToParts(date);
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(n("year"), n("month") - 1, n("day"), n("hour") % 24, n("minute"));
  return Math.round((wall - Math.floor(date.getTime() / 60_000) * 60_000) / 60_000);
}

/**
 * "2026-11-22 18:40 UTC+1" in the account's zone ("… UTC" exactly as utc() in UTC), "—" for none.
 * The offset rather than the zone's name: the same in every language, and says what to add.
 */
export function when(date: Date | string | null | undefined, timeZone = "UTC"): string {
  if (!date) return "—";
  const d = new Date(date);
  if (timeZone === "UTC") return formatUtc(d);
  let offset: number;
  try {
    offset = offsetMinutes(d, timeZone);
  } catch {
    return formatUtc(d);
  }
  const local = new Date(d.getTime() + offset * 60_000).toISOString().slice(0, 16).replace("T", " ");
  const sign = offset < 0 ? "−" : "+";
  const abs = Math.abs(offset);
  const label = offset === 0 ? "UTC" : `UTC${sign}${Math.floor(abs / 60)}${abs % 60 ? `:${String(abs % 60).padStart(2, "0")}` : ""}`;
  return `${local} ${label}`;
}

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
