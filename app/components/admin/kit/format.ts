/**
 * How the console writes money, times and waits: US dollars (the shop's prices and payments are in
 * USD), UTC (coupon expiry, exports and the dashboard's periods are UTC days; the seller has no zone
 * of their own) and one style of duration. Fixed formats, so the server's HTML and the browser's
 * render agree (no hydration mismatch).
 */
import { formatMoney } from "~/domain/money";
import { formatUtc } from "~/domain/utc-time";

/** "$1,234.56" */
export const usd = (cents: number): string => formatMoney(cents, "USD");

/** "2026-11-22 17:40 UTC", or "—" when there is no time (not delivered yet, never sent). */
export function utc(date: Date | string | null | undefined): string {
  return date ? formatUtc(new Date(date)) : "—";
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;

/**
 * "45 seconds", "12 min", "3 h 05 min", "2 d 4 h". How long something has waited rounds down; a wait
 * still to come (`"up"`) rounds up, so the seller is never told to try again too early.
 */
export function duration(ms: number, round: "down" | "up" = "down"): string {
  const whole = round === "up" ? Math.ceil : Math.floor;
  const seconds = Math.max(0, whole(ms / 1000));
  if (seconds < 60) return plural(seconds, "second");
  const minutes = whole(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ${String(minutes % 60).padStart(2, "0")} min`;
  const roundedHours = whole(minutes / 60);
  return `${Math.floor(roundedHours / 24)} d ${roundedHours % 24} h`;
}

/** Time from `date` to the loader's `now` (never the browser's clock: the same text on both sides). */
export function elapsed(date: Date | string, now: Date | string): string {
  return duration(new Date(now).getTime() - new Date(date).getTime());
}

/** "3 h 05 min ago" */
export const ago = (date: Date | string, now: Date | string): string => `${elapsed(date, now)} ago`;

/** A wait still to come, in whole seconds (a login throttle's Retry-After): "5 seconds", "15 min". */
export const waitLeft = (seconds: number): string => duration(seconds * 1000, "up");
