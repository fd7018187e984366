/**
 * The seller's time zone (a console setting, docs/decisions/051): where the analytics' days are
 * cut, and where page views are dated; and an account's zone for the console's times (docs/decisions/055).
 */
import { formatUtc } from "./utc-time";

/** Whether `zone` is an IANA time zone this runtime knows ("UTC", "Europe/Paris"). */
export function isTimeZone(zone: string): boolean {
  if (zone.length === 0 || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (YYYY-MM-DD) of `at` in `zone`: where the seller's days are cut. */
export function dayIn(at: Date, zone: string): string {
  let format = dayFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" });
    dayFormats.set(zone, format);
  }
  return format.format(at);
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
