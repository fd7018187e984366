import type { TFunction } from "i18next";

/** A translated list (`"key": ["…", "…"]`); anything else (a missing key) gives an empty list. */
export function tList(t: TFunction, key: string, vars: Record<string, string> = {}): string[] {
  const value: unknown = t(key, { ...vars, returnObjects: true });
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}

/** The UTC calendar day of `now` as "YYYY-MM-DD": computed by a loader, formatted by the page. */
export function isoDay(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/**
 * "22 November 2026" in the page's language. The day is read and formatted in UTC, so the server
 * and the hydrating browser print the same text whatever their time zones.
 */
export function formatLongDate(day: string, lang: string): string {
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  return new Intl.DateTimeFormat(lang, { dateStyle: "long", timeZone: "UTC" }).format(date);
}
