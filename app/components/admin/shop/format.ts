/**
 * How the shop pages of the console show amounts and times: US dollars (the shop's prices and
 * payments are in USD) and UTC (what coupon expiry and the dashboard periods use). Fixed formats,
 * so the server's HTML and the browser's render agree.
 */
import { formatMoney } from "~/domain/money";
import { formatWait } from "~/domain/seller/periods";

export const usd = (cents: number) => formatMoney(cents, "USD");

/** "2026-03-11 15:04 UTC" */
export function when(date: Date | string): string {
  return `${new Date(date).toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

/** "3 h 5 min ago", against the loader's `now` (never the browser's clock: no hydration mismatch). */
export function ago(date: Date | string, now: Date | string): string {
  return `${formatWait(new Date(now).getTime() - new Date(date).getTime())} ago`;
}
