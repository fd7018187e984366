/**
 * PayPal payments for our stored orders (DESIGN §5, docs/decisions/012): create the PayPal order,
 * capture it, apply webhooks, and sweep orders whose browser or server died mid-payment. Amounts
 * always come from the stored order; an order becomes paid only through markOrderPaid. PayPal's
 * JSON stays in the adapter: this module sees its types only.
 */
import { and, count, desc, eq, isNotNull, isNull, lt } from "drizzle-orm";
import type { PaymentErrorCode, PaymentOutcome } from "~/domain/api/paypal";
import { isLang, localizePath } from "~/domain/lang-path";
import type { OrderState } from "~/domain/order-state";
import { orderEvents, orders, paymentEvents, payments } from "../../../db/schema";
import type { Db } from "../platform/db.server";
import type { Site } from "../platform/site.server";
import { expireUnpaidOrders, findOrder, markOrderPaid, orderNeedsLoginHandoff, type OrderTx } from "../orders/orders.server";
import { coveredByDisputeRefund, refreshDispute, saveDispute } from "../disputes/disputes.server";
import { keepUnappliedRefund, recordRefund, REFUND_UNAPPLIED, type RefundRefusal } from "../orders/refunds.server";
import { type PayPalAdapter } from "../paypal/adapter.server";
import { PayPalApiError } from "../paypal/answers.server";
import { payPalRequestId } from "../paypal/order-request.server";
import { PayPalUnavailableError } from "../paypal/transport.server";
import { type PayPalWebhookEvent } from "../paypal/webhooks.server";

type StoredOrder = typeof orders.$inferSelect;

/** Status of an attempt row ("attempt" payments rows): the history of what PayPal answered. */
export const ATTEMPT = {
  created: "CREATED",
  declined: "CAPTURE_DECLINED",
  pending: "CAPTURE_PENDING",
  denied: "CAPTURE_DENIED",
  error: "CAPTURE_ERROR",
  /** PayPal took money whose amount, currency or invoice does not match the order: the seller must look. */
  mismatch: "CAPTURE_MISMATCH",
  /** PayPal took the right money for an order that can no longer become paid (cancelled): the seller must refund. */
  unapplied: "CAPTURE_UNAPPLIED",
  /** PayPal sent money back that the order's records could not take (refunds.server.ts): the seller must look. */
  refundUnapplied: REFUND_UNAPPLIED,
} as const;

const SETTLED: readonly OrderState[] = ["paid", "in_progress", "delivered", "refunded"];

/** A capture's outcome, or why it could not be made. */
export type CaptureResult = PaymentOutcome | { status: "error"; code: PaymentErrorCode };

const fail = (code: PaymentErrorCode) => ({ status: "error", code }) as const;

/** PayPal unreachable (or answering 5xx) is "try again later"; any other failure is "failed". */
function failureCode(error: unknown): PaymentErrorCode {
  if (error instanceof PayPalUnavailableError) return "payment_unavailable";
  if (error instanceof PayPalApiError) return "payment_failed";
  throw error;
}

async function loadOrder(db: Db, id: string): Promise<StoredOrder | undefined> {
  const [order] = await db.select().from(orders).where(eq(orders.id, id));
  return order;
}

async function recordAttempt(
  db: Db,
  order: Pick<StoredOrder, "id" | "totalCents">,
  status: string,
  reference: string,
  raw: unknown = null,
  amountCents = order.totalCents,
) {
  await db
    .insert(payments)
    .values({ orderId: order.id, provider: "paypal", kind: "attempt", providerRef: reference, status, amountCents, currency: "USD", raw });
}

export type StartPaymentResult = { ok: true; paypalOrderId: string } | { ok: false; code: PaymentErrorCode };

/**
 * The PayPal order for our order `orderId`, created from the STORED order on first call and reused
 * after. A concurrent second call sends the same PayPal-Request-Id, so PayPal answers with the same
 * order and only one id is ever stored.
 */
export async function startPayPalPayment(db: Db, paypal: PayPalAdapter, orderId: string, now: Date): Promise<StartPaymentResult> {
  const order = await findOrder(db, orderId);
  if (!order) return { ok: false, code: "order_not_found" };
  if (order.channel !== "paypal" || order.status !== "awaiting_payment" || order.totalCents <= 0) return { ok: false, code: "order_not_payable" };
  if (order.paypalOrderId) return { ok: true, paypalOrderId: order.paypalOrderId };

  let created;
  try {
    const returnPath = localizePath("/checkout", isLang(order.lang) ? order.lang : "en");
    created = await paypal.createPayPalOrder(order, { returnPath });
  } catch (error) {
    return { ok: false, code: failureCode(error) };
  }
  // Stored once: a concurrent call got the same PayPal order (same request id) and finds it stored.
  const claimed = await db
    .update(orders)
    .set({ paypalOrderId: created.id, updatedAt: now })
    .where(and(eq(orders.id, orderId), eq(orders.status, "awaiting_payment"), isNull(orders.paypalOrderId)))
    .returning({ id: orders.id });
  if (claimed.length > 0) {
    await recordAttempt(db, order, ATTEMPT.created, created.id, { status: created.status });
    return { ok: true, paypalOrderId: created.id };
  }
  const again = await loadOrder(db, orderId);
  if (again?.status === "awaiting_payment" && again.paypalOrderId) return { ok: true, paypalOrderId: again.paypalOrderId };
  return { ok: false, code: "order_not_payable" }; // cancelled meanwhile
}

/** A completed capture as the capture answer, the order lookup or the webhook reported it. */
interface SettledCapture {
  captureId: string;
  amountCents: number;
  currency: string;
  invoiceId: string | null;
  payerGivenName: string | null;
  /** The paying PayPal account, when the answer says (blocklist and signals). */
  payerId?: string | null;
  raw: unknown;
}

/**
 * Marks the order paid for a COMPLETED capture whose invoice is this order; markOrderPaid refuses
 * a different amount or currency. A refused capture is kept as an attempt row for the seller.
 */
async function settle(db: Db, site: Site, order: StoredOrder, capture: SettledCapture, actor: string, now: Date): Promise<CaptureResult> {
  if (capture.invoiceId !== order.id) {
    await recordAttempt(db, order, ATTEMPT.mismatch, capture.captureId, capture.raw, capture.amountCents);
    return fail("payment_failed");
  }
  const marked = await markOrderPaid(
    db,
    site,
    {
      orderId: order.id,
      provider: "paypal",
      reference: capture.captureId,
      amountCents: capture.amountCents,
      currency: capture.currency,
      raw: capture.raw,
      actor,
    },
    now,
  );
  if (!marked.ok) {
    const status = marked.code === "payment_mismatch" ? ATTEMPT.mismatch : ATTEMPT.unapplied;
    await recordAttempt(db, order, status, capture.captureId, capture.raw, capture.amountCents);
    return fail("payment_failed");
  }
  if (capture.payerId)
    await db
      .update(orders)
      .set({ payerId: capture.payerId })
      .where(and(eq(orders.id, order.id), isNull(orders.payerId)));
  return {
    status: "paid",
    givenName: capture.payerGivenName ?? order.name,
    orderId: order.id,
    isGift: order.isGift,
    needsLogin: await orderNeedsLoginHandoff(db, order.id),
  };
}

/**
 * Captures after the buyer approved. No database lock is held across the call to PayPal: the
 * request id makes concurrent or repeated captures of one attempt a single capture at PayPal, and
 * markOrderPaid's row lock makes the order paid once. Only a declined attempt moves the request id
 * on (PayPal would replay the refusal otherwise); declines are counted from the attempt rows, so
 * the numbering survives restarts.
 */
export async function capturePayPalPayment(
  db: Db,
  site: Site,
  paypal: PayPalAdapter,
  orderId: string,
  paypalOrderId: string,
  actor: string,
  now: Date,
): Promise<CaptureResult> {
  const order = await loadOrder(db, orderId);
  if (!order) return fail("order_not_found");
  if (!order.paypalOrderId || order.paypalOrderId !== paypalOrderId) return fail("request_invalid");
  if (SETTLED.includes(order.status)) {
    return { status: "paid", givenName: order.name, orderId: order.id, isGift: order.isGift, needsLogin: await orderNeedsLoginHandoff(db, order.id) };
  }
  if (order.status !== "awaiting_payment") return fail("order_not_payable");

  const [{ declined }] = await db
    .select({ declined: count() })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.kind, "attempt"), eq(payments.status, ATTEMPT.declined)));
  const result = await paypal.capturePayPalOrder(paypalOrderId, payPalRequestId("capture", orderId, declined + 1));
  switch (result.kind) {
    case "completed":
      return settle(db, site, order, result, actor, now);
    case "already_captured":
      return reconcileCaptured(db, site, paypal, order, actor, now);
    case "pending":
      await recordAttempt(db, order, ATTEMPT.pending, result.captureId, result.raw);
      return { status: "pending" };
    case "declined":
      await recordAttempt(db, order, ATTEMPT.declined, paypalOrderId, result.raw);
      return { status: "declined" };
    case "error":
      await recordAttempt(db, order, ATTEMPT.error, paypalOrderId, { status: result.status, issue: result.issue, message: result.message });
      return fail(result.status === null || result.status >= 500 ? "payment_unavailable" : "payment_failed");
  }
}

/** Captured earlier (another tab, the sweep, an answer lost in a crash): PayPal's order says how. */
async function reconcileCaptured(db: Db, site: Site, paypal: PayPalAdapter, order: StoredOrder, actor: string, now: Date): Promise<CaptureResult> {
  let view;
  try {
    view = await paypal.getPayPalOrder(order.paypalOrderId!);
  } catch (error) {
    return fail(failureCode(error));
  }
  const capture = view?.capture;
  if (capture?.status === "COMPLETED")
    return settle(db, site, order, { ...capture, payerGivenName: view!.payerGivenName, payerId: view!.payerId, raw: null }, actor, now);
  if (capture?.status === "PENDING") return { status: "pending" };
  return fail("payment_failed");
}

/**
 * After a decline only the buyer can go on (another funding source, then the browser captures):
 * the sweep does not retry the refused one every few minutes on their card.
 */
async function lastAttemptDeclined(db: Db, orderId: string): Promise<boolean> {
  const [last] = await db
    .select({ status: payments.status })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.kind, "attempt")))
    .orderBy(desc(payments.id))
    .limit(1);
  return last?.status === ATTEMPT.declined;
}

export interface SweepReport {
  checked: number;
  paid: number;
  failed: number;
}

/**
 * The sweep (DESIGN §5.5): unpaid orders with a PayPal order are looked up; an APPROVED one (the
 * browser died before capture) is captured unless its last capture was declined, a COMPLETED one
 * (our capture answer was lost) is marked paid. Orders touched in the last `minAgeMs` are left to the browser still paying them.
 */
export async function reconcilePayPalOrders(
  db: Db,
  site: Site,
  paypal: PayPalAdapter,
  { now, minAgeMs = 60_000 }: { now: Date; minAgeMs?: number },
): Promise<SweepReport> {
  const open = await db
    .select()
    .from(orders)
    .where(and(eq(orders.status, "awaiting_payment"), isNotNull(orders.paypalOrderId), lt(orders.updatedAt, new Date(now.getTime() - minAgeMs))));
  const report: SweepReport = { checked: 0, paid: 0, failed: 0 };
  for (const order of open) {
    report.checked++;
    try {
      const view = await paypal.getPayPalOrder(order.paypalOrderId!);
      let result: CaptureResult | null = null;
      if (view?.status === "APPROVED" && !(await lastAttemptDeclined(db, order.id))) {
        result = await capturePayPalPayment(db, site, paypal, order.id, order.paypalOrderId!, "sweep", now);
      } else if (view?.capture?.status === "COMPLETED")
        result = await settle(db, site, order, { ...view.capture, payerGivenName: view.payerGivenName, payerId: view.payerId, raw: null }, "sweep", now);
      if (result?.status === "paid") report.paid++;
      if (result?.status === "error") report.failed++;
    } catch {
      // PayPal unreachable for this order: the next sweep tries again.
      report.failed++;
    }
  }
  return report;
}

export type WebhookOutcome =
  /** Applied (or stored with nothing to apply). */
  | "processed"
  /** This event id was handled before: nothing done. */
  | "duplicate"
  /** Signature check failed or the body is not an event: refused (400), nothing stored. */
  | "unverified"
  /** PayPal could not check the signature: answer 5xx so PayPal delivers again. */
  | "unavailable";

/** The order an event is about: our id in invoice_id/custom_id, else the PayPal order, else the refunded capture. */
async function eventOrder(db: Db, event: PayPalWebhookEvent): Promise<StoredOrder | undefined> {
  if (event.invoiceId) {
    const order = await loadOrder(db, event.invoiceId);
    if (order) return order;
  }
  if (event.paypalOrderId) {
    const [order] = await db.select().from(orders).where(eq(orders.paypalOrderId, event.paypalOrderId));
    if (order) return order;
  }
  if (event.captureId) {
    const [row] = await db
      .select({ orderId: payments.orderId })
      .from(payments)
      .where(and(eq(payments.provider, "paypal"), eq(payments.kind, "capture"), eq(payments.providerRef, event.captureId)));
    if (row) return loadOrder(db, row.orderId);
  }
  return undefined;
}

/**
 * A webhook delivery: verified with PayPal, stored by event id, and applied in the same
 * transaction, so a repeated delivery finds its id and changes nothing, and a failure part-way
 * leaves nothing stored (PayPal delivers again).
 */
export async function handlePayPalWebhook(
  db: Db,
  site: Site,
  paypal: PayPalAdapter,
  webhookId: string,
  headers: Headers | Record<string, string | string[] | undefined>,
  rawBody: string,
  now: Date,
): Promise<WebhookOutcome> {
  let verified: boolean;
  try {
    verified = await paypal.verifyWebhookSignature(headers, rawBody, webhookId);
  } catch (error) {
    if (error instanceof PayPalUnavailableError || error instanceof PayPalApiError) return "unavailable";
    throw error;
  }
  const event = verified ? paypal.parseWebhookEvent(rawBody) : null;
  if (!event) return "unverified";

  const outcome = await db.transaction(async (tx): Promise<WebhookOutcome> => {
    const order = await eventOrder(tx, event);
    const stored = await tx
      .insert(paymentEvents)
      .values({ id: event.eventId, type: event.eventType, resourceId: event.resourceId, orderId: order?.id ?? null, payload: event.raw })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (stored.length === 0) return "duplicate";
    // A dispute is kept even when its capture is not one of ours (the seller sees it, nothing is applied).
    if (event.dispute) await saveDispute(tx, site, event.dispute, { fromApi: false }, now);
    else if (order) await applyEvent(tx, site, event, order, now);
    await tx.update(paymentEvents).set({ processedAt: now }).where(eq(paymentEvents.id, event.eventId));
    return "processed";
  });
  // The full dispute (deadline, outcome) comes from the Disputes API, after the event is safely
  // stored and outside its transaction; if PayPal cannot answer now, the dispute job reads it later.
  if (outcome === "processed" && event.dispute) await refreshDispute(db, site, paypal, event.dispute.id, now);
  return outcome;
}

async function applyEvent(db: OrderTx, site: Site, event: PayPalWebhookEvent, order: StoredOrder, now: Date): Promise<void> {
  const reference = event.resourceId ?? event.eventId;
  switch (event.kind) {
    case "capture_completed":
      if (event.amountCents === null || event.currency === null) {
        await recordAttempt(db, order, ATTEMPT.mismatch, reference, event.raw);
        return;
      }
      await settle(
        db,
        site,
        order,
        {
          captureId: reference,
          amountCents: event.amountCents,
          currency: event.currency,
          invoiceId: event.invoiceId ?? order.id,
          payerGivenName: null,
          raw: event.raw,
        },
        "webhook",
        now,
      );
      return;
    case "capture_pending":
      await recordAttempt(db, order, ATTEMPT.pending, reference, event.raw);
      return;
    case "capture_denied":
      // The order stays unpaid (the buyer may pay again); its history says why the money never came.
      await recordAttempt(db, order, ATTEMPT.denied, reference, event.raw);
      await db.insert(orderEvents).values({
        orderId: order.id,
        fromStatus: order.status,
        toStatus: order.status,
        actor: "webhook",
        note: `paypal capture ${reference} denied`,
        createdAt: now,
      });
      return;
    case "capture_refunded":
    case "capture_reversed":
      await applyRefund(db, site, event, order, reference, now);
      return;
    case "dispute_created":
    case "dispute_updated":
    case "dispute_resolved":
    case "other":
      return;
  }
}

/**
 * A refund or a reversal (chargeback) through the one refund path: PayPal's refund id is the key,
 * so the webhook of a refund the console already recorded, or a repeat, changes nothing; a pending
 * refund the console recorded becomes completed. What the order cannot take is kept for the seller.
 */
async function applyRefund(tx: OrderTx, site: Site, event: PayPalWebhookEvent, order: StoredOrder, reference: string, now: Date): Promise<void> {
  const unapplied = (code: RefundRefusal) =>
    keepUnappliedRefund(
      tx,
      { orderId: order.id, reference, amountCents: event.amountCents ?? 0, currency: event.currency ?? "USD", code, raw: event.raw },
      now,
    );
  if (event.amountCents === null) return unapplied("refund_amount_invalid");
  // A lost dispute already recorded this money (PayPal also reports it as a reversal or refund).
  if (await coveredByDisputeRefund(tx, order.id, event.amountCents)) {
    await tx.insert(orderEvents).values({
      orderId: order.id,
      fromStatus: order.status,
      toStatus: order.status,
      actor: "webhook",
      note: `paypal ${event.kind === "capture_reversed" ? "reversal" : "refund"} ${reference} already recorded as the lost dispute's refund`,
      createdAt: now,
    });
    return;
  }
  const result = await recordRefund(
    tx,
    site,
    {
      orderId: order.id,
      amountCents: event.amountCents,
      reference,
      cause: event.kind === "capture_reversed" ? "reversal" : "webhook",
      actor: "webhook",
      note: null,
      status: event.status === "PENDING" ? "PENDING" : "COMPLETED",
      provider: "paypal",
      currency: event.currency ?? "USD",
      raw: event.raw,
    },
    now,
  );
  if (!result.ok) await unapplied(result.code);
}

/**
 * The payment job: first settle what PayPal took or the buyer approved, then expire what is still
 * unpaid after 24 h. In this order an approved order that nobody captured is captured, not expired.
 */
export async function sweepPayments(db: Db, site: Site, paypal: PayPalAdapter | null, now: Date): Promise<void> {
  if (paypal) await reconcilePayPalOrders(db, site, paypal, { now });
  await expireUnpaidOrders(db, site, now);
}
