/**
 * Order life cycle (DESIGN §5). The table is the only authority: any move not listed is refused, so
 * a delivered order can never be "re-paid" and a cancelled one never delivered. Two moves carry
 * money and have one path each: to paid through markOrderPaid (with its capture row), to refunded
 * through recordRefund (with its refund row, once completed refunds reach the capture:
 * refunds.ts). A delivered order fully refunded becomes refunded too (docs/decisions/034).
 */
import { formatMessage } from "./messages";

/** Declared once: the database column (db/schema.ts) takes its allowed values from here. */
export const ORDER_STATES = ["awaiting_payment", "manual_pending", "paid", "in_progress", "delivered", "cancelled", "refunded"] as const;
export type OrderState = (typeof ORDER_STATES)[number];

export const TRANSITIONS: Readonly<Record<OrderState, readonly OrderState[]>> = {
  awaiting_payment: ["paid", "cancelled"],
  /** Ordered by hand through Discord/WhatsApp; the seller confirms payment. */
  manual_pending: ["paid", "cancelled"],
  paid: ["in_progress", "refunded"],
  in_progress: ["delivered", "refunded"],
  /** Money back after delivery (a problem report's refund, a lost dispute): docs/decisions/034. */
  delivered: ["refunded"],
  cancelled: [],
  refunded: [],
};

export function canTransition(from: OrderState, to: OrderState): boolean {
  return TRANSITIONS[from].includes(to);
}

/**
 * The one way back from refunded (docs/decisions/050): a chargeback the seller won gives the
 * money back (a reinstatement row, app/server/orders/refunds.server.ts), and the order returns to
 * the state it left for refunded. Not in TRANSITIONS: no console action can un-refund an order.
 */
const REINSTATE_TO: readonly OrderState[] = ["paid", "in_progress", "delivered"];

export function canReinstate(from: OrderState, to: OrderState): boolean {
  return from === "refunded" && REINSTATE_TO.includes(to);
}

export type TransitionResult = { ok: true; state: OrderState } | { ok: false; code: "order_transition_refused"; message: string };

export function transition(from: OrderState, to: OrderState): TransitionResult {
  if (canTransition(from, to)) return { ok: true, state: to };
  return { ok: false, code: "order_transition_refused", message: formatMessage("order_transition_refused", { from, to }) };
}

/**
 * Where the order's journey ends (the status page stops polling, the timeline marks the last step
 * done). A delivered order is one, though money can still go back afterwards (delivered → refunded).
 */
const TERMINAL: readonly OrderState[] = ["delivered", "cancelled", "refunded"];

export function isTerminal(state: OrderState): boolean {
  return TERMINAL.includes(state);
}
