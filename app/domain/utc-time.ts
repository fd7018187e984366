/**
 * A time as the server renders it before the browser knows the shopper's zone: "2026-11-22 14:05
 * UTC". Built by hand rather than with Intl, so the server and the hydrating browser produce the
 * same text whatever their ICU versions (no hydration mismatch), and it reads the same in every
 * language when JavaScript is off.
 */
export function formatUtc(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}
