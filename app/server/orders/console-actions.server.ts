/**
 * What the seller does to an order, always along the domain's transition table and through the
 * order repository (changeOrderStatus, markOrderPaid), so the buyer's status page and mails follow
 * on their own. Each action's audit row commits with the change it records.
 */
import { centsToAmountString } from "~/domain/money";
import { eq } from "drizzle-orm";
import { canTransition } from "~/domain/order-state";
import type { RefundStatus } from "~/domain/refunds";
import { PAYMENT_METHOD_LABELS, parseRefundAmount, QUEUE_LABELS, type OrderAction } from "~/domain/order-desk";
import { formatMessage } from "~/domain/messages";
import { orders, payments } from "../../../db/schema";
import type { Db } from "../platform/db.server";
import type { Site } from "../platform/site.server";
import { changeOrderStatus, markOrderPaid, type OrderTx, type StatusChangeResult } from "./orders.server";
import { keepUnappliedRefund, recordRefund, REFUND_UNAPPLIED, type RefundRefusal } from "./refunds.server";
import { type PayPalAdapter } from "../paypal/adapter.server";
import { payPalRequestId } from "../paypal/order-request.server";
import { recordSellerAction, type Actor } from "../seller-auth/audit.server";
import { paymentSummary } from "./desk.server";
import { recordProofs, type StoredProof } from "./delivery-proofs.server";

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
  /** The shop's site: the buyer's mails carry its links. */
  site: Site;
  seller: Actor;
  /** The request's time (services.now()). */
  now: Date;
}

/** `proofs`: the delivery's screenshots, already in the private storage; recorded with the delivery (docs/decisions/043). */
export async function applyOrderAction(deps: ActionDeps, orderId: string, action: OrderAction, proofs: readonly StoredProof[] = []): Promise<ActionResult> {
  const { db, site, seller, now } = deps;
  switch (action.intent) {
    case "start": {
      const result = await changeOrderStatus(db, site, orderId, "in_progress", seller.actor, null, now, {
        within: audit(seller, "order_in_progress", orderId, null, now),
      });
      return result.ok ? { ok: true, message: "Marked in progress." } : statusRefusal(result);
    }
    case "deliver": {
      const delivery = { sellerNote: action.publicNote || null, deliveryNote: action.privateNote };
      const result = await changeOrderStatus(db, site, orderId, "delivered", seller.actor, null, now, {
        delivery,
        within: async (tx) => {
          await recordProofs(tx, orderId, null, proofs, now);
          await audit(
            seller,
            "order_delivered",
            orderId,
            { publicNote: delivery.sellerNote, deliveryNote: delivery.deliveryNote, proofs: proofs.length },
            now,
          )(tx);
        },
      });
      const shots = proofs.length ? ` with ${proofs.length} screenshot${proofs.length === 1 ? "" : "s"}` : "";
      return result.ok ? { ok: true, message: `Delivered${shots}: the buyer's status page shows it and their email is on its way.` } : statusRefusal(result);
    }
    case "cancel": {
      const result = await changeOrderStatus(db, site, orderId, "cancelled", seller.actor, action.reason || null, now, {
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
  const { db, site, seller } = deps;
  const [order] = await db.select({ status: orders.status, totalCents: orders.totalCents }).from(orders).where(eq(orders.id, orderId));
  if (!order) return refused(404, "This order does not exist.");
  if (!canTransition(order.status, "paid")) return statusRefusal({ ok: false, code: "order_transition_refused", vars: { from: order.status, to: "paid" } });
  const result = await markOrderPaid(
    db,
    site,
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
    const method = String(result.vars.provider);
    const label = method in PAYMENT_METHOD_LABELS ? PAYMENT_METHOD_LABELS[method as keyof typeof PAYMENT_METHOD_LABELS] : method;
    return refused(
      409,
      `Reference ${action.reference} already paid order ${String(result.vars.order)} (${label}): a reference pays one order, whatever the method.`,
    );
  }
  if (result.code === "order_not_found") return refused(404, "This order does not exist.");
  return statusRefusal({ ok: false, code: "order_transition_refused", vars: { from: order.status, to: "paid" } });
}

/**
 * Refunds through PayPal's refund API for orders PayPal captured (the request id comes from the
 * form, so submitting the same form twice is one refund at PayPal); for payments taken by hand the
 * seller refunds outside and records it here with its reference. Either way the refund is recorded
 * by recordRefund, the one path every refund takes (refunds.server.ts): the refund row, the order's
 * state, its history, the buyer's mail and this audit row commit together.
 */
async function refund(deps: ActionDeps, orderId: string, action: Extract<OrderAction, { intent: "refund" }>, now: Date): Promise<ActionResult> {
  const { db, site, seller } = deps;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return refused(404, "This order does not exist.");
  if (!canTransition(order.status, "refunded")) {
    return refused(409, `A ${QUEUE_LABELS[order.status].toLowerCase()} order cannot be refunded here (only paid, in-progress or delivered orders).`);
  }
  const rows = await db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(payments.id);
  const { capture, refundedCents, refundableCents } = paymentSummary(rows);
  if (!capture) return refused(409, "No payment is recorded for this order.");
  const amount = parseRefundAmount(action.amount, refundableCents);
  if (!amount.ok) return refused(422, amount.message);

  const viaPayPal = order.channel === "paypal" && capture.provider === "paypal";
  let sent: { reference: string; status: RefundStatus; amountCents: number; raw: unknown };
  if (viaPayPal) {
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
      // No answer (or a 5xx after the adapter's retries under the same request id): PayPal may have
      // refunded all the same, and a new form would carry a new request id, so say so rather than "nothing".
      if (answer.status === null || answer.status >= 500) {
        return refused(
          502,
          `PayPal did not answer (${answer.issue ?? answer.message}): the refund may have been made. Check PayPal, or wait for its notification to appear under Payments, before refunding again.`,
        );
      }
      return refused(502, `PayPal refused the refund: ${answer.issue ?? answer.message}. Nothing was refunded.`);
    }
    if (answer.kind === "already_refunded") return refused(409, "PayPal says this payment is already fully refunded; its webhook will record it here.");
    // What PayPal really sent back is what is recorded, even if it is not what was asked.
    sent = { reference: answer.refundId, status: answer.kind === "completed" ? "COMPLETED" : "PENDING", amountCents: answer.amountCents, raw: answer.raw };
  } else {
    if (!action.reference) return refused(422, "Enter the reference of the refund you made (this payment was not taken through PayPal's API).");
    sent = { reference: action.reference, status: "COMPLETED", amountCents: amount.cents, raw: null };
  }

  const reason = action.reason || null;
  const detail = { amountCents: sent.amountCents, provider: capture.provider, reference: sent.reference, status: sent.status, reason };
  const auditAs = (nothingLeft: boolean) => (nothingLeft ? "order_refunded" : "order_partially_refunded");
  const result = await recordRefund(
    db,
    site,
    {
      orderId,
      amountCents: sent.amountCents,
      reference: sent.reference,
      cause: "console",
      actor: seller.actor,
      note: reason,
      status: sent.status,
      raw: sent.raw,
    },
    now,
    { within: (tx, applied) => recordSellerAction(tx, seller, auditAs(applied.position.refundableCents === 0), orderId, detail, now) },
  );
  const money = `${centsToAmountString(sent.amountCents)} USD`;
  if (!result.ok) {
    if (!viaPayPal) return refundRefusal(result.code, result.vars, sent.reference);
    // PayPal has sent the money: keep it where the seller sees it, and say so.
    await keepUnappliedRefund(
      db,
      { orderId, reference: sent.reference, amountCents: sent.amountCents, currency: "USD", code: result.code, raw: sent.raw },
      now,
    );
    await recordSellerAction(db, seller, "refund_unapplied", orderId, { ...detail, refused: result.code }, now);
    return refused(
      409,
      `PayPal refunded ${money} (${sent.reference}), but this order's records could not take it: ${refundRefusal(result.code, result.vars, sent.reference).message} It is listed under Payments as ${REFUND_UNAPPLIED}; check PayPal.`,
    );
  }
  const warning = sent.amountCents === amount.cents ? "" : ` PayPal refunded ${money} where ${centsToAmountString(amount.cents)} USD was asked: check PayPal.`;
  if (result.recorded === "repeat") {
    if (result.refund.cause === "console") return { ok: true, message: `This refund (${sent.reference}) was already recorded; nothing more was refunded.` };
    // PayPal's webhook recorded this very refund first: the seller's action still gets its audit row.
    await recordSellerAction(db, seller, auditAs(result.position.refundableCents === 0), orderId, detail, now);
  }
  if (result.refund.status === "PENDING") {
    return { ok: true, message: `PayPal is sending ${money} back (pending): the order and the buyer's mail follow when PayPal completes it.${warning}` };
  }
  if (result.orderStatus === "refunded")
    return { ok: true, message: `Refunded ${money} (completed); the order is refunded and the buyer is mailed.${warning}` };
  return {
    ok: true,
    message: `Refunded ${money} (completed); ${centsToAmountString(result.position.refundableCents)} USD is left. The buyer is mailed.${warning}`,
  };
}

/** The console's words for a refund the one path refused. */
function refundRefusal(code: RefundRefusal, vars: Record<string, string | number>, reference: string): Extract<ActionResult, { ok: false }> {
  switch (code) {
    case "order_not_found":
      return { ok: false, status: 404, message: "This order does not exist." };
    case "refund_reference_used":
      return vars.order === ""
        ? { ok: false, status: 409, message: `Refund reference ${reference} is already recorded.` }
        : { ok: false, status: 409, message: `Refund reference ${reference} is already recorded on order ${String(vars.order)}.` };
    case "refund_exceeds":
      return {
        ok: false,
        status: 409,
        message: `At most ${centsToAmountString(Number(vars.left))} USD is left to refund (another refund was recorded meanwhile).`,
      };
    case "refund_no_payment":
      return { ok: false, status: 409, message: "No payment is recorded for this order." };
    case "refund_reference_missing":
      return { ok: false, status: 422, message: "Enter the reference of the refund you made." };
    case "refund_amount_invalid":
    case "refund_currency":
      return { ok: false, status: 422, message: "This refund amount cannot be recorded." };
  }
}
