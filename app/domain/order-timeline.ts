/**
 * The order's steps as the buyer sees them on its status page: received → paid → in progress →
 * delivered, or an order that ended early (cancelled before payment, refunded after it). Times come
 * from the order's history (order_events), the first time each state was reached.
 */
import { isTerminal, type OrderState } from "./order-state";

export type TimelineKey = "received" | "paid" | "in_progress" | "delivered" | "cancelled" | "refunded";

export interface TimelineStep {
  key: TimelineKey;
  /** When the order reached this step; null for steps to come (or a history row that is missing). */
  at: Date | null;
  /** done: reached; current: reached and where the order now waits; upcoming: not reached yet. */
  state: "done" | "current" | "upcoming";
}

export interface TimelineInput {
  status: OrderState;
  createdAt: Date;
  /** The order's history rows, in any order. */
  events: readonly { toStatus: OrderState; at: Date }[];
}

const HAPPY_PATH: readonly TimelineKey[] = ["received", "paid", "in_progress", "delivered"];

/** Where each state sits on the happy path; unpaid states are still "received". */
const POSITION: Record<OrderState, number> = {
  awaiting_payment: 0,
  manual_pending: 0,
  paid: 1,
  in_progress: 2,
  delivered: 3,
  cancelled: -1,
  refunded: -1,
};

export function orderTimeline({ status, createdAt, events }: TimelineInput): TimelineStep[] {
  const firstAt = (key: TimelineKey): Date | null => {
    if (key === "received") return createdAt;
    const times = events.filter((e) => e.toStatus === key).map((e) => e.at.getTime());
    return times.length > 0 ? new Date(Math.min(...times)) : null;
  };
  const done = (key: TimelineKey): TimelineStep => ({ key, at: firstAt(key), state: "done" });

  if (status === "cancelled" || status === "refunded") {
    // Only the steps the order really went through, then how it ended.
    const reached = HAPPY_PATH.filter((key) => key === "received" || firstAt(key) !== null);
    return [...reached.map(done), done(status)];
  }
  const position = POSITION[status];
  const terminal = isTerminal(status);
  return HAPPY_PATH.map((key, index) => {
    if (index > position) return { key, at: null, state: "upcoming" };
    return { key, at: firstAt(key), state: index === position && !terminal ? "current" : "done" };
  });
}
