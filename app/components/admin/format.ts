import { centsToAmountString } from "~/domain/money";
import { QUEUE_LABELS } from "~/domain/order-desk";
import type { OrderState } from "~/domain/order-state";

/** "2026-11-22 17:40 UTC": the same text on server and browser, whatever their time zones. */
export function formatUtc(date: Date | string | null | undefined): string {
  if (!date) return "—";
  const d = typeof date === "string" ? new Date(date) : date;
  return `${d.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

export function usd(cents: number): string {
  return `$${centsToAmountString(cents)}`;
}

export function statusLabel(status: OrderState): string {
  return QUEUE_LABELS[status];
}
