/**
 * The shop's delivery promise (SPEC: items are delivered by hand within 12–24 hours of payment), as
 * the order-status page states it: a window, a countdown to its end, and an honest "late" after it.
 */
import type { OrderState } from "./order-state";

const HOUR_MS = 60 * 60_000;
export const DELIVERY_EARLIEST_MS = 12 * HOUR_MS;
export const DELIVERY_LATEST_MS = 24 * HOUR_MS;

export type DeliveryPromise =
  /** Within the first 12 hours: delivery is expected between `earliest` and `latest`. */
  | { phase: "expected"; earliest: Date; latest: Date; remainingMs: number }
  /** Between 12 and 24 hours: due at any moment, at the latest by `latest`. */
  | { phase: "due"; latest: Date; remainingMs: number }
  /** Past 24 hours: later than promised (the seller is alerted, app/server/orders/late-orders.server.ts). */
  | { phase: "late"; latest: Date; lateByMs: number };

/** The promise runs from payment until delivery; unpaid, delivered or closed orders have none. */
export function hasDeliveryPromise(status: OrderState): boolean {
  return status === "paid" || status === "in_progress";
}

/** Where `now` stands against the promise for an order paid at `paidAt`. */
export function deliveryPromise(paidAt: Date, now: Date): DeliveryPromise {
  const paid = paidAt.getTime();
  const earliest = new Date(paid + DELIVERY_EARLIEST_MS);
  const latest = new Date(paid + DELIVERY_LATEST_MS);
  const remainingMs = latest.getTime() - now.getTime();
  if (remainingMs <= 0) return { phase: "late", latest, lateByMs: now.getTime() - latest.getTime() };
  if (now.getTime() < earliest.getTime()) return { phase: "expected", earliest, latest, remainingMs };
  return { phase: "due", latest, remainingMs };
}

/**
 * A remaining time as whole hours and minutes, rounded UP to the minute: while any time is left the
 * countdown never reads "0 h 0 min", and it never shows less time than is really left.
 */
export function remainingParts(ms: number): { hours: number; minutes: number } {
  const totalMinutes = Math.max(0, Math.ceil(ms / 60_000));
  return { hours: Math.floor(totalMinutes / 60), minutes: totalMinutes % 60 };
}
