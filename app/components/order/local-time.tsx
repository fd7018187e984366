import { formatUtc } from "~/domain/utc-time";
import { useLang } from "~/state/lang";
import { useHydrated } from "./use-hydrated";

/** "22 Nov 2026, 15:05 CET" in the page's language and the browser's time zone. */
export function formatLocalTime(date: Date, lang: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(lang, {
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZoneName: "short",
    timeZone,
  }).format(date);
}

/**
 * A point in time: the server writes it in UTC (readable without JavaScript), the browser rewrites
 * it in the shopper's language and time zone once hydrated. `dateTime` carries the exact instant.
 */
export function LocalTime({ iso, className }: { iso: string; className?: string }) {
  const lang = useLang();
  const hydrated = useHydrated();
  const date = new Date(iso);
  return (
    <time dateTime={iso} className={className}>
      {hydrated ? formatLocalTime(date, lang) : formatUtc(date)}
    </time>
  );
}
