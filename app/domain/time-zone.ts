/**
 * The seller's time zone (a console setting, docs/decisions/051): where the analytics' days are
 * cut, and where page views are dated.
 */

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
