/**
 * What the seller does to an order, always along the domain's transition table and through the
 * order repository (changeOrderStatus, markOrderPaid), so the buyer's status page and mails follow
 * on their own. Each action's audit row commits with the change it records.
 */
import { centsToAmountString } from "~/domain/money";
import { eq } from "drizzle-orm";
import { canTransition } from "~/domain/order-state";
import { PAYMENT_METHOD_LABELS, parseRefundAmount, QUEUE_LABELS, type OrderAction } from "~/domain/order-desk";
import { formatMessage } from "~/domain/messages";
import { orders, payments } from "../../../db/schema";
import type { Db } from "../db.server";
import { queueOrderNotice } from "../mail/order-mail.server";
import { changeOrderStatus, markOrderPaid, type OrderTx, type StatusChangeResult } from "../orders.server";
import { payPalRequestId, type PayPalAdapter } from "../paypal/adapter.server";
import { recordSellerAction, type Actor } from "./audit.server";
import { paymentSummary } from "./order-desk.server";

export type ActionResult = { ok: true; message: string } | { ok: false; status: number; message: string };

const refused = (status: number, message: string): ActionResult => ({ ok: false, status, message });

function statusRefusal(result: Exclude<StatusChangeResult, { ok: true }>): ActionResult {
  if (result.code === "order_not_found") return refused(404, "This order does not exist.");
  const { from, to } = result.vars as { from: keyof typeof QUEUE_LABELS; to: keyof typeof QUEUE_LABELS };
  return refused(409, `${formatMessage("order_transition_refused", { from: QUEUE_LABELS[from] ?? from, to: QUEUE_LABELS[to] ?? to })}.`);
}

const audit = (seller: Actor, action: string, orderId: string, detail: Record<string, unknown> | null, now: Date) => (tx: OrderTx) =>
  recordSellerAction(tx, seller, action, orderId, detail, now);

export interface ActionDeps {
  db: Db;
  /** PayPal's adapter (null without credentials: PayPal refunds are then refused). */
  paypal: PayPalAdapter | null;
  seller: Actor;
  now?: Date;
}

export async function applyOrderAction(deps: ActionDeps, orderId: string, action: OrderAction): Promise<ActionResult> {
  const { db, seller } = deps;
  const now = deps.now ?? new Date();
  switch (action.intent) {
    case "start": {
      const result = await changeOrderStatus(db, orderId, "in_progress", seller.actor, null, now, {
        within: audit(seller, "order_in_progress", orderId, null, now),
      });
      return result.ok ? { ok: true, message: "Marked in progress." } : statusRefusal(result);
    }
    case "deliver": {
      const delivery = { sellerNote: action.publicNote || null, deliveryNote: action.privateNote };
      const result = await changeOrderStatus(db, orderId, "delivered", seller.actor, null, now, {
        delivery,
        within: audit(seller, "order_delivered", orderId, { publicNote: delivery.sellerNote, deliveryNote: delivery.deliveryNote }, now),
      });
      return result.ok ? { ok: true, message: "Delivered: the buyer's status page shows it and their email is on its way." } : statusRefusal(result);
    }
    case "cancel": {
      const result = await changeOrderStatus(db, orderId, "cancelled", seller.actor, action.reason || null, now, {
        within: audit(seller, "order_cancelled", orderId, { reason: action.reason || null }, now),
      });
      return result.ok ? { ok: true, message: "Cancelled." } : statusRefusal(result);
    }
    case "mark_paid":
      return markPaid(deps, orderId, action, now);
    case "refund":
      return refund(deps, orderId, action, now);
  }
}

async function markPaid(deps: ActionDeps, orderId: string, action: Extract<OrderAction, { intent: "mark_paid" }>, now: Date): Promise<ActionResult> {
  const { db, seller } = deps;
  const [order] = await db.select({ status: orders.status, totalCents: orders.totalCents }).from(orders).where(eq(orders.id, orderId));
  if (!order) return refused(404, "This order does not exist.");
  if (!canTransition(order.status, "paid")) return statusRefusal({ ok: false, code: "order_transition_refused", vars: { from: order.status, to: "paid" } });
  const result = await markOrderPaid(
    db,
    { orderId, provider: action.method, reference: action.reference, amountCents: order.totalCents, currency: "USD", actor: seller.actor },
    now,
    { within: audit(seller, "order_marked_paid", orderId, { method: action.method, reference: action.reference, amountCents: order.totalCents }, now) },
  );
  if (result.ok) {
    return result.alreadyPaid
      ? refused(409, "This order was already paid.")
      : { ok: true, message: `Marked paid (${PAYMENT_METHOD_LABELS[action.method]} ${action.reference}); the buyer is mailed.` };
  }
  if (result.code === "payment_reference_used") {
    return refused(409, `${PAYMENT_METHOD_LABELS[action.method]} reference ${action.reference} already paid order ${String(result.vars.order)}.`);
  }
  if (result.code === "order_not_found") return refused(404, "This order does not exist.");
  return statusRefusal({ ok: false, code: "order_transition_refused", vars: { from: order.status, to: "paid" } });
}

/**
 * Refunds through PayPal's refund API for orders PayPal captured (the request id comes from the
 * form, so submitting the same form twice is one refund at PayPal); for payments taken by hand the
 * seller refunds outside and records it here. A refund row per refund; the order becomes refunded
 * once nothing is left (a partial refund leaves it where it is and mails the buyer the amount).
 */
async function refund(deps: ActionDeps, orderId: string, action: Extract<OrderAction, { intent: "refund" }>, now: Date): Promise<ActionResult> {
  const { db, seller } = deps;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return refused(404, "This order does not exist.");
  if (!canTransition(order.status, "refunded")) {
    return refused(409, `A ${QUEUE_LABELS[order.status].toLowerCase()} order cannot be refunded here (only paid or in-progress orders).`);
  }
  const rows = await db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(payments.id);
  const { capture, refundedCents, refundableCents } = paymentSummary(rows);
  if (!capture) return refused(409, "No payment is recorded for this order.");
  const amount = parseRefundAmount(action.amount, refundableCents);
  if (!amount.ok) return refused(422, amount.message);

  const provider = capture.provider;
  let reference: string;
  let status: string;
  let raw: unknown = null;
  if (order.channel === "paypal" && capture.provider === "paypal") {
    if (!deps.paypal) return refused(503, "PayPal is not configured on this server: refund it in PayPal, then record it here once PayPal is back.");
    const requestId = payPalRequestId("refund", orderId, action.requestKey);
    // PayPal refunds "the rest" when no amount is sent; an amount is sent whenever it is not the whole capture.
    const asked = amount.full && refundedCents === 0 ? undefined : amount.cents;
    const answer = await deps.paypal.refundCapture(capture.providerRef, asked, requestId);
    if (answer.kind === "error") {
      await recordSellerAction(
        db,
        seller,
        "refund_failed",
        orderId,
        { amountCents: amount.cents, requestId, issue: answer.issue, message: answer.message },
        now,
      );
      return refused(502, `PayPal refused the refund: ${answer.issue ?? answer.message}. Nothing was refunded.`);
    }
    if (answer.kind === "already_refunded") return refused(409, "PayPal says this payment is already fully refunded; its webhook will record it here.");
    reference = answer.refundId;
    status = answer.kind === "completed" ? "COMPLETED" : "PENDING";
    raw = answer.raw;
    if (answer.amountCents !== amount.cents) return refused(502, `PayPal refunded ${answer.amountCents} cents instead of ${amount.cents}: check PayPal.`);
  } else {
    if (!action.reference) return refused(422, "Enter the reference of the refund you made (this payment was not taken through PayPal's API).");
    reference = action.reference;
    status = "COMPLETED";
  }

  const after = refundedCents + amount.cents;
  const full = after >= capture.amountCents;
  const money = `${centsToAmountString(amount.cents)} USD`;
  const recorded = await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(payments)
      .values({ orderId, provider, kind: "refund", providerRef: reference, status, amountCents: amount.cents, currency: "USD", raw, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: payments.id });
    // PayPal answered a repeated request with the refund it already made: it is on the order already.
    if (inserted.length === 0) return false;
    await recordSellerAction(
      tx,
      seller,
      full ? "order_refunded" : "order_partially_refunded",
      orderId,
      { amountCents: amount.cents, provider, reference, status, reason: action.reason || null },
      now,
    );
    if (!full) await queueOrderNotice(tx, orderId, { kind: "partially_refunded", amountCents: amount.cents }, now);
    return true;
  });
  if (!recorded) return { ok: true, message: `This refund (${reference}) was already recorded; nothing more was refunded.` };
  if (!full)
    return {
      ok: true,
      message: `Refunded ${money} (${status.toLowerCase()}); ${centsToAmountString(capture.amountCents - after)} USD is left. The buyer is mailed.`,
    };
  const moved = await changeOrderStatus(
    db,
    orderId,
    "refunded",
    seller.actor,
    `${provider} refund ${reference}${action.reason ? `: ${action.reason}` : ""}`,
    now,
  );
  if (!moved.ok) return refused(409, `Refunded ${money}, but the order could not be marked refunded: ${statusRefusal(moved).message}`);
  return { ok: true, message: `Refunded ${money} (${status.toLowerCase()}); the order is refunded and the buyer is mailed.` };
}
