/**
 * The one refund path (docs/decisions/028), beside markOrderPaid: the console, PayPal's webhook
 * (refund or reversal), and later disputes and problem reports all record money going back through
 * recordRefund. Under the order's row lock, one transaction holds the refund row, the order's move
 * to refunded (when the completed refunds reach the capture: app/domain/refunds.ts), its history
 * row, the buyer's mail and the game login's deletion. The refund's reference (PayPal's refund id,
 * or the seller's reference for money sent back by hand) is the idempotency key: recording it again
 * — the console's refund and then its own webhook, a repeated webhook — changes nothing.
 */
import { centsToAmountString } from "~/domain/money";
import { canReinstate, canTransition, type OrderState } from "~/domain/order-state";
import { checkRefund, MONEY_KINDS, refundPosition, reinstatableCents, type RefundCause, type RefundPosition, type RefundStatus } from "~/domain/refunds";
import { and, desc, eq, inArray } from "drizzle-orm";
import { orderEvents, payments } from "../../../db/schema";
import type { Db } from "../platform/db.server";
import type { Site } from "../platform/site.server";
import { queueOrderNotice } from "./order-mail.server";
import { lockOrder, moveOrder, paymentWithReference, type OrderTx } from "./orders.server";

/** Money going back to the buyer, as whoever saw it go reports it. */
export interface RefundReceived {
  orderId: string;
  /** What this refund gives back, in US cents. */
  amountCents: number;
  /** PayPal's refund id, or the seller's reference for a refund made by hand: one refund per reference, across all orders. */
  reference: string;
  cause: RefundCause;
  /** Who recorded it: "seller:EMAIL", "webhook"… (order history, like markOrderPaid's actor). */
  actor: string;
  /** Why, in the seller's words (order history); null when nobody said. */
  note: string | null;
  /** COMPLETED (the default): the money is back; PENDING: the provider is still sending it. */
  status?: RefundStatus;
  /** "paypal" or how the order was paid by hand; defaults to the method of the order's payment. */
  provider?: string;
  /** Only USD is refunded (orders are charged in USD). */
  currency?: string;
  /** The provider's answer or event, kept on the row. */
  raw?: unknown;
}

/** What a recorded refund did, for the caller's message and audit row. */
export interface RefundApplied {
  /** new: a refund row was written; completed: a pending one completed; repeat: this reference was already recorded as it is. */
  recorded: "new" | "completed" | "repeat";
  /** The refund row as it now stands (for a repeat: as first recorded, whoever recorded it). */
  refund: { id: number; amountCents: number; status: string; cause: RefundCause | null; provider: string };
  /** The order's money after this refund. */
  position: RefundPosition;
  orderStatus: OrderState;
  /** This refund moved the order to refunded. */
  becameRefunded: boolean;
}

export type RefundRefusal =
  | "order_not_found"
  /** Not a positive whole number of cents. */
  | "refund_amount_invalid"
  /** Nothing was captured on this order. */
  | "refund_no_payment"
  /** More than is left to refund (vars.left: cents). */
  | "refund_exceeds"
  /** Not USD. */
  | "refund_currency"
  /** No reference: a refund without one could never be recognised again. */
  | "refund_reference_missing"
  /** The reference is already a refund of another order (vars.order), or of this one for another amount. */
  | "refund_reference_used";

export type RefundResult = ({ ok: true } & RefundApplied) | { ok: false; code: RefundRefusal; vars: Record<string, string | number> };

export interface RefundOptions {
  /** Runs inside the refund's transaction when it changed something (not for a repeat): the seller's audit row. A throw undoes the whole refund. */
  within?: (tx: OrderTx, applied: RefundApplied) => Promise<void>;
}

const refused = (code: RefundRefusal, vars: Record<string, string | number> = {}): RefundResult => ({ ok: false, code, vars });

/**
 * Records one refund of an order and everything it implies, in one transaction under the order's
 * row lock, so two refunds of one order (two sellers, the console and the webhook) are applied one
 * after the other against the same numbers, and a refund can never exceed what is left. Pass the
 * caller's transaction when there is one (the webhook's): the refund commits with it.
 */
export async function recordRefund(db: Db | OrderTx, site: Site, refund: RefundReceived, now: Date, options: RefundOptions = {}): Promise<RefundResult> {
  const status: RefundStatus = refund.status ?? "COMPLETED";
  const currency = refund.currency ?? "USD";
  return db.transaction(async (tx): Promise<RefundResult> => {
    const order = await lockOrder(tx, refund.orderId);
    if (!order) return refused("order_not_found");
    if (currency !== "USD") return refused("refund_currency", { currency });
    if (refund.reference.trim() === "") return refused("refund_reference_missing");

    const rows = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, order.id), inArray(payments.kind, [...MONEY_KINDS])))
      .orderBy(payments.id);
    const before = refundPosition(rows);
    const existing = await paymentWithReference(tx, "refund", refund.reference);
    if (existing && (existing.orderId !== order.id || existing.amountCents !== refund.amountCents)) {
      return refused("refund_reference_used", { reference: refund.reference, order: existing.orderId, amount: existing.amountCents });
    }

    let row: typeof payments.$inferSelect;
    let recorded: RefundApplied["recorded"];
    if (existing && !(existing.status === "PENDING" && status === "COMPLETED")) {
      const applied = { recorded: "repeat", refund: summary(existing), position: before, orderStatus: order.status, becameRefunded: false } as const;
      return { ok: true, ...applied };
    }
    if (existing) {
      // PayPal finished sending a refund we recorded as pending.
      [row] = await tx
        .update(payments)
        .set({ status, ...(refund.raw === undefined ? {} : { raw: refund.raw }) })
        .where(eq(payments.id, existing.id))
        .returning();
      recorded = "completed";
    } else {
      const fits = checkRefund(before, refund.amountCents);
      if (!fits.ok) return refused(fits.code, { left: fits.leftCents, amount: refund.amountCents });
      const capture = rows.filter((r) => r.kind === "capture").at(-1)!;
      const inserted = await tx
        .insert(payments)
        .values({
          orderId: order.id,
          provider: refund.provider ?? capture.provider,
          kind: "refund",
          providerRef: refund.reference,
          status,
          amountCents: refund.amountCents,
          currency,
          raw: refund.raw ?? null,
          cause: refund.cause,
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning();
      if (inserted.length === 0) {
        // Another order's refund took the reference between the look-up and the insert.
        const other = await paymentWithReference(tx, "refund", refund.reference);
        return refused("refund_reference_used", { reference: refund.reference, order: other?.orderId ?? "", amount: other?.amountCents ?? 0 });
      }
      row = inserted[0];
      recorded = "new";
    }

    const after = refundPosition(rows.filter((r) => r.id !== row.id).concat(row));
    const completedNow = row.status !== "PENDING";
    const becameRefunded = completedNow && after.fullyRefunded && canTransition(order.status, "refunded");
    const note = historyNote(row, recorded, refund);
    if (becameRefunded) {
      // The move deletes the buyer's game login in this same transaction.
      await moveOrder(tx, order.id, { from: order.status, to: "refunded", actor: refund.actor, note, now });
    } else {
      // Partial, pending, or an order the table no longer lets become refunded (delivered): the
      // state stays, the history says what happened to the money.
      await tx.insert(orderEvents).values({ orderId: order.id, fromStatus: order.status, toStatus: order.status, actor: refund.actor, note, createdAt: now });
    }
    // The buyer hears when money is back: the whole payment, or this part of it.
    if (completedNow) {
      const notice = after.fullyRefunded
        ? ({ kind: "refunded", amountCents: after.capturedCents } as const)
        : ({ kind: "partially_refunded", amountCents: row.amountCents } as const);
      await queueOrderNotice(tx, site, order.id, notice, now);
    }
    const applied: RefundApplied = {
      recorded,
      refund: summary(row),
      position: after,
      orderStatus: becameRefunded ? "refunded" : order.status,
      becameRefunded,
    };
    await options.within?.(tx, applied);
    return { ok: true, ...applied };
  });
}

function summary(row: typeof payments.$inferSelect): RefundApplied["refund"] {
  return { id: row.id, amountCents: row.amountCents, status: row.status, cause: row.cause, provider: row.provider };
}

/** "paypal refund 1JU0… 10.00 USD (console): buyer asked" — what the seller reads in the order's history. */
function historyNote(row: typeof payments.$inferSelect, recorded: RefundApplied["recorded"], refund: RefundReceived): string {
  const what = `${row.provider} refund ${row.providerRef} ${centsToAmountString(row.amountCents)} USD`;
  const state = recorded === "completed" ? " completed" : row.status === "PENDING" ? " pending" : "";
  return `${what}${state} (${refund.cause})${refund.note ? `: ${refund.note}` : ""}`;
}

/** Status of the attempt row that keeps a refund the order could not take (see keepUnappliedRefund). */
export const REFUND_UNAPPLIED = "REFUND_UNAPPLIED";

/**
 * Money PayPal sent back that recordRefund refused (more than our records leave, no payment on
 * record, another currency, a reference of another order): kept as an attempt row with the reason,
 * so the seller sees it on the order and nothing PayPal did is lost.
 */
export async function keepUnappliedRefund(
  db: Pick<Db, "insert">,
  refusal: { orderId: string; reference: string; amountCents: number; currency: string; code: RefundRefusal; raw: unknown },
  now: Date,
): Promise<void> {
  await db.insert(payments).values({
    orderId: refusal.orderId,
    provider: "paypal",
    kind: "attempt",
    providerRef: refusal.reference,
    status: REFUND_UNAPPLIED,
    amountCents: refusal.amountCents,
    currency: refusal.currency,
    raw: { refused: refusal.code, event: refusal.raw ?? null },
    createdAt: now,
  });
}

/** Money PayPal gave back to the seller after a chargeback the seller won. */
export interface ReinstatementReceived {
  orderId: string;
  /** At most what reversals took and was not reinstated yet; US cents. */
  amountCents: number;
  /** One reinstatement per reference (dispute-won-<dispute id>): a repeat changes nothing. */
  reference: string;
  actor: string;
  note: string;
  raw?: unknown;
}

export type ReinstatementResult =
  | { ok: true; recorded: "new" | "repeat"; orderStatus: OrderState; restored: boolean }
  | { ok: false; code: "order_not_found" | "refund_amount_invalid" | "nothing_reversed" };

/**
 * The way back of the one money path (docs/decisions/050): a reversal (PAYMENT.CAPTURE.REVERSED)
 * recorded as a refund, then a dispute the seller won. Under the order's row lock: a
 * "reinstatement" payments row (undoing that much of the refunds, app/domain/refunds.ts), and
 * when the order is no longer fully refunded it goes back to the state it left for refunded.
 */
export async function recordReinstatement(db: Db | OrderTx, input: ReinstatementReceived, now: Date): Promise<ReinstatementResult> {
  return db.transaction(async (tx): Promise<ReinstatementResult> => {
    const order = await lockOrder(tx, input.orderId);
    if (!order) return { ok: false, code: "order_not_found" };
    const existing = await paymentWithReference(tx, "reinstatement", input.reference);
    if (existing) return { ok: true, recorded: "repeat", orderStatus: order.status, restored: false };
    if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) return { ok: false, code: "refund_amount_invalid" };
    const rows = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, order.id), inArray(payments.kind, [...MONEY_KINDS])))
      .orderBy(payments.id);
    const amount = Math.min(input.amountCents, reinstatableCents(rows));
    if (amount <= 0) return { ok: false, code: "nothing_reversed" };
    const capture = rows.filter((r) => r.kind === "capture").at(-1);
    const [row] = await tx
      .insert(payments)
      .values({
        orderId: order.id,
        provider: capture?.provider ?? "paypal",
        kind: "reinstatement",
        providerRef: input.reference,
        status: "COMPLETED",
        amountCents: amount,
        currency: "USD",
        raw: input.raw ?? null,
        createdAt: now,
      })
      .returning();
    const after = refundPosition([...rows, row]);
    const note = `${row.provider} reinstatement ${row.providerRef} ${centsToAmountString(amount)} USD: ${input.note}`;
    // The state the order left for refunded (its last move there), if the table allows going back to it.
    const [left] = await tx
      .select({ fromStatus: orderEvents.fromStatus })
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.toStatus, "refunded")))
      .orderBy(desc(orderEvents.id))
      .limit(1);
    const back = left?.fromStatus as OrderState | undefined;
    if (order.status === "refunded" && !after.fullyRefunded && back && canReinstate(order.status, back)) {
      await moveOrder(tx, order.id, { from: order.status, to: back, actor: input.actor, note, now });
      return { ok: true, recorded: "new", orderStatus: back, restored: true };
    }
    await tx.insert(orderEvents).values({ orderId: order.id, fromStatus: order.status, toStatus: order.status, actor: input.actor, note, createdAt: now });
    return { ok: true, recorded: "new", orderStatus: order.status, restored: false };
  });
}
