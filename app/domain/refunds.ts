/**
 * Refunds (docs/decisions/028): one rule for what is left to refund on an order and for when it is
 * fully refunded, whichever way the money goes back (the console, PayPal's webhook, a reversal, a
 * dispute, a problem report). Fully refunded: the COMPLETED refunds reach what was captured. A
 * pending refund is not money back yet, so it never makes an order refunded, but it is promised:
 * it counts against what is left to refund, so two refunds can never promise more than was paid.
 */

/** Why money went back; stored on the refund row and named in the order's history. */
export const REFUND_CAUSES = ["console", "webhook", "reversal", "dispute", "problem_report"] as const;
export type RefundCause = (typeof REFUND_CAUSES)[number];

/** A refund row's state: the money is back with the buyer, or still under way at the provider. */
export type RefundStatus = "COMPLETED" | "PENDING";

/**
 * A payments row as far as the rule needs it (attempt rows are ignored). A "reinstatement" row is
 * money PayPal gave back to the seller after a chargeback the seller won (docs/decisions/050): it
 * undoes that much of the completed refunds.
 */
export interface LedgerRow {
  kind: string;
  status: string;
  amountCents: number;
}

export interface RefundPosition {
  /** What the order's payment brought in. */
  capturedCents: number;
  /** Completed refunds: money back with the buyer. */
  refundedCents: number;
  /** Refunds the provider is still working on. */
  pendingCents: number;
  /** captured − completed − pending, never negative. */
  refundableCents: number;
  fullyRefunded: boolean;
}

/** Rows written before this rule carry PayPal's words (REFUNDED, REVERSED): any status but PENDING is money back. */
function isPendingRefund(status: string): boolean {
  return status === "PENDING";
}

/** The one definition: something was captured and the completed refunds reach it. */
function isFullyRefunded(capturedCents: number, completedRefundCents: number): boolean {
  return capturedCents > 0 && completedRefundCents >= capturedCents;
}

/** Where an order's money stands, from its payment rows. */
export function refundPosition(rows: readonly LedgerRow[]): RefundPosition {
  let capturedCents = 0;
  let refundedCents = 0;
  let pendingCents = 0;
  for (const row of rows) {
    if (row.kind === "capture") capturedCents += row.amountCents;
    else if (row.kind === "refund" && isPendingRefund(row.status)) pendingCents += row.amountCents;
    else if (row.kind === "refund") refundedCents += row.amountCents;
    else if (row.kind === "reinstatement") refundedCents -= row.amountCents;
  }
  refundedCents = Math.max(0, refundedCents);
  return {
    capturedCents,
    refundedCents,
    pendingCents,
    refundableCents: Math.max(0, capturedCents - refundedCents - pendingCents),
    fullyRefunded: isFullyRefunded(capturedCents, refundedCents),
  };
}

export type RefundCheck =
  | { ok: true }
  | {
      ok: false;
      /** refund_amount_invalid: not a positive whole number of cents; refund_no_payment: nothing was captured; refund_exceeds: more than is left. */
      code: "refund_amount_invalid" | "refund_no_payment" | "refund_exceeds";
      leftCents: number;
    };

/** Whether a new refund of `amountCents` fits what is left to refund. */
export function checkRefund(position: RefundPosition, amountCents: number): RefundCheck {
  const leftCents = position.refundableCents;
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) return { ok: false, code: "refund_amount_invalid", leftCents };
  if (position.capturedCents <= 0) return { ok: false, code: "refund_no_payment", leftCents };
  if (amountCents > leftCents) return { ok: false, code: "refund_exceeds", leftCents };
  return { ok: true };
}

/** The kinds of payments rows that move an order's money (attempt rows only tell the story). */
export const MONEY_KINDS = ["capture", "refund", "reinstatement"] as const;

/** A reversal's money still held back from the seller: reversals (completed) less what was reinstated. */
export function reinstatableCents(rows: readonly (LedgerRow & { cause?: string | null })[]): number {
  let reversed = 0;
  for (const row of rows) {
    if (row.kind === "refund" && row.cause === "reversal" && !isPendingRefund(row.status)) reversed += row.amountCents;
    else if (row.kind === "reinstatement") reversed -= row.amountCents;
  }
  return Math.max(0, reversed);
}
