/**
 * What the seller does to an order, always along the domain's transition table and through the
 * order repository (changeOrderStatus, markOrderPaid), so the buyer's status page and mails follow
 * on their own. Each action's audit row commits with the change it records.
 */
import type { TFunction } from "i18next";
import { centsToAmountString } from "~/domain/money";
import { eq } from "drizzle-orm";
import { canTransition } from "~/domain/order-state";
import type { RefundStatus } from "~/domain/refunds";
import { parseRefundAmount, type OrderAction, type RefundAmountProblem } from "~/domain/order-desk";
import type { OrderState } from "~/domain/order-state";
import { consoleT } from "~/i18n/console.server";
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

/** The replies' language when the caller names none (tests, scripts): the console's English, word for word. */
const ENGLISH = consoleT("en");

/** An order state's console name ("Paid", "Payée"; English is the domain's QUEUE_LABELS), the code itself when unknown. */
const stateName = (t: TFunction, status: string) => t(`admin.status.${status}`, { defaultValue: status });

/** "12.50 USD": money stays in the shop's currency, written the same in every language (docs/decisions/055). */
const usd = (cents: number) => `${centsToAmountString(cents)} USD`;

function statusRefusal(t: TFunction, result: Exclude<StatusChangeResult, { ok: true }>): ActionResult {
  if (result.code === "order_not_found") return refused(404, t("adminOrders.replies.notFound"));
  const { from, to } = result.vars as { from: OrderState; to: OrderState };
  return refused(409, t("adminOrders.replies.transition", { from: stateName(t, from), to: stateName(t, to) }));
}

/** A refund amount parseRefundAmount refused, in the seller's language. */
export function refundAmountProblem(t: TFunction, problem: { code: RefundAmountProblem; leftCents: number }): string {
  return t(`adminOrders.replies.amount.${problem.code}`, { left: usd(problem.leftCents) });
}

const methodName = (t: TFunction, method: string) => t(`adminOrders.methods.${method}`, { defaultValue: method });

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
  /** The acting seller's `consoleT(seller.lang)`: the reply's language (English when absent). */
  t?: TFunction;
}

/** `proofs`: the delivery's screenshots, already in the private storage; recorded with the delivery (docs/decisions/043). */
export async function applyOrderAction(deps: ActionDeps, orderId: string, action: OrderAction, proofs: readonly StoredProof[] = []): Promise<ActionResult> {
  const { db, site, seller, now } = deps;
  const t = deps.t ?? ENGLISH;
  switch (action.intent) {
    case "start": {
      const result = await changeOrderStatus(db, site, orderId, "in_progress", seller.actor, null, now, {
        within: audit(seller, "order_in_progress", orderId, null, now),
      });
      return result.ok ? { ok: true, message: t("adminOrders.replies.started") } : statusRefusal(t, result);
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
      if (!result.ok) return statusRefusal(t, result);
      return { ok: true, message: proofs.length ? t("adminOrders.replies.deliveredShots", { count: proofs.length }) : t("adminOrders.replies.delivered") };
    }
    case "cancel": {
      const result = await changeOrderStatus(db, site, orderId, "cancelled", seller.actor, action.reason || null, now, {
        within: audit(seller, "order_cancelled", orderId, { reason: action.reason || null }, now),
      });
      return result.ok ? { ok: true, message: t("adminOrders.replies.cancelled") } : statusRefusal(t, result);
    }
    case "mark_paid":
      return markPaid(deps, t, orderId, action, now);
    case "refund":
      return refund(deps, t, orderId, action, now);
  }
}

async function markPaid(
  deps: ActionDeps,
  t: TFunction,
  orderId: string,
  action: Extract<OrderAction, { intent: "mark_paid" }>,
  now: Date,
): Promise<ActionResult> {
  const { db, site, seller } = deps;
  const [order] = await db.select({ status: orders.status, totalCents: orders.totalCents }).from(orders).where(eq(orders.id, orderId));
  if (!order) return refused(404, t("adminOrders.replies.notFound"));
  if (!canTransition(order.status, "paid")) return statusRefusal(t, { ok: false, code: "order_transition_refused", vars: { from: order.status, to: "paid" } });
  const result = await markOrderPaid(
    db,
    site,
    { orderId, provider: action.method, reference: action.reference, amountCents: order.totalCents, currency: "USD", actor: seller.actor },
    now,
    { within: audit(seller, "order_marked_paid", orderId, { method: action.method, reference: action.reference, amountCents: order.totalCents }, now) },
  );
  if (result.ok) {
    return result.alreadyPaid
      ? refused(409, t("adminOrders.replies.alreadyPaid"))
      : { ok: true, message: t("adminOrders.replies.markedPaid", { method: methodName(t, action.method), reference: action.reference }) };
  }
  if (result.code === "payment_reference_used") {
    const values = { reference: action.reference, order: String(result.vars.order), method: methodName(t, String(result.vars.provider)) };
    return refused(409, t("adminOrders.replies.referenceUsed", values));
  }
  if (result.code === "order_not_found") return refused(404, t("adminOrders.replies.notFound"));
  return statusRefusal(t, { ok: false, code: "order_transition_refused", vars: { from: order.status, to: "paid" } });
}

/**
 * Refunds through PayPal's refund API for orders PayPal captured (the request id comes from the
 * form, so submitting the same form twice is one refund at PayPal); for payments taken by hand the
 * seller refunds outside and records it here with its reference. Either way the refund is recorded
 * by recordRefund, the one path every refund takes (refunds.server.ts): the refund row, the order's
 * state, its history, the buyer's mail and this audit row commit together.
 */
async function refund(deps: ActionDeps, t: TFunction, orderId: string, action: Extract<OrderAction, { intent: "refund" }>, now: Date): Promise<ActionResult> {
  const { db, site, seller } = deps;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return refused(404, t("adminOrders.replies.notFound"));
  if (!canTransition(order.status, "refunded")) {
    return refused(409, t("adminOrders.replies.notRefundable", { status: stateName(t, order.status).toLowerCase() }));
  }
  const rows = await db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(payments.id);
  const { capture, refundedCents, refundableCents } = paymentSummary(rows);
  if (!capture) return refused(409, t("adminOrders.replies.noPayment"));
  const amount = parseRefundAmount(action.amount, refundableCents);
  if (!amount.ok) return refused(422, refundAmountProblem(t, amount));

  const viaPayPal = order.channel === "paypal" && capture.provider === "paypal";
  let sent: { reference: string; status: RefundStatus; amountCents: number; raw: unknown };
  if (viaPayPal) {
    if (!deps.paypal) return refused(503, t("adminOrders.replies.noPayPal"));
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
        return refused(502, t("adminOrders.replies.payPalSilent", { issue: answer.issue ?? answer.message }));
      }
      return refused(502, t("adminOrders.replies.payPalRefused", { issue: answer.issue ?? answer.message }));
    }
    if (answer.kind === "already_refunded") return refused(409, t("adminOrders.replies.alreadyRefunded"));
    // What PayPal really sent back is what is recorded, even if it is not what was asked.
    sent = { reference: answer.refundId, status: answer.kind === "completed" ? "COMPLETED" : "PENDING", amountCents: answer.amountCents, raw: answer.raw };
  } else {
    if (!action.reference) return refused(422, t("adminOrders.replies.enterReferenceOutside"));
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
  const money = usd(sent.amountCents);
  if (!result.ok) {
    if (!viaPayPal) return refundRefusal(t, result.code, result.vars, sent.reference);
    // PayPal has sent the money: keep it where the seller sees it, and say so.
    await keepUnappliedRefund(
      db,
      { orderId, reference: sent.reference, amountCents: sent.amountCents, currency: "USD", code: result.code, raw: sent.raw },
      now,
    );
    await recordSellerAction(db, seller, "refund_unapplied", orderId, { ...detail, refused: result.code }, now);
    const why = refundRefusal(t, result.code, result.vars, sent.reference).message;
    return refused(409, t("adminOrders.replies.unapplied", { money, reference: sent.reference, why, state: REFUND_UNAPPLIED }));
  }
  const warning = sent.amountCents === amount.cents ? "" : ` ${t("adminOrders.replies.mismatch", { money, asked: usd(amount.cents) })}`;
  if (result.recorded === "repeat") {
    if (result.refund.cause === "console") return { ok: true, message: t("adminOrders.replies.repeat", { reference: sent.reference }) };
    // PayPal's webhook recorded this very refund first: the seller's action still gets its audit row.
    await recordSellerAction(db, seller, auditAs(result.position.refundableCents === 0), orderId, detail, now);
  }
  if (result.refund.status === "PENDING") return { ok: true, message: `${t("adminOrders.replies.pending", { money })}${warning}` };
  if (result.orderStatus === "refunded") return { ok: true, message: `${t("adminOrders.replies.refunded", { money })}${warning}` };
  return { ok: true, message: `${t("adminOrders.replies.refundedPart", { money, left: usd(result.position.refundableCents) })}${warning}` };
}

/** The console's words for a refund the one path refused. */
function refundRefusal(t: TFunction, code: RefundRefusal, vars: Record<string, string | number>, reference: string): Extract<ActionResult, { ok: false }> {
  switch (code) {
    case "order_not_found":
      return { ok: false, status: 404, message: t("adminOrders.replies.notFound") };
    case "refund_reference_used":
      return vars.order === ""
        ? { ok: false, status: 409, message: t("adminOrders.replies.referenceRecorded", { reference }) }
        : { ok: false, status: 409, message: t("adminOrders.replies.referenceRecordedOn", { reference, order: String(vars.order) }) };
    case "refund_exceeds":
      return { ok: false, status: 409, message: t("adminOrders.replies.exceedsMeanwhile", { left: usd(Number(vars.left)) }) };
    case "refund_no_payment":
      return { ok: false, status: 409, message: t("adminOrders.replies.noPayment") };
    case "refund_reference_missing":
      return { ok: false, status: 422, message: t("adminOrders.replies.enterReference") };
    case "refund_amount_invalid":
    case "refund_currency":
      return { ok: false, status: 422, message: t("adminOrders.replies.amountUnrecordable") };
  }
}
