/**
 * A problem report settled with money back: through PayPal's refund API when PayPal took the
 * payment, or recorded with the seller's reference when it was paid by hand, and in both cases
 * recorded by recordRefund with cause `problem_report` (docs/decisions/028, 034). The refund row,
 * the order's move to refunded (delivered orders included), the buyer's refund mail, the thread's
 * entry closing the report and the one audit row commit together.
 */
import { eq } from "drizzle-orm";
import type { TFunction } from "i18next";
import { centsToAmountString } from "~/domain/money";
import { parseRefundAmount } from "~/domain/order-desk";
import { canTransition } from "~/domain/order-state";
import type { RefundStatus } from "~/domain/refunds";
import { orders, payments } from "../../../db/schema";
import type { Db } from "../platform/db.server";
import type { Site } from "../platform/site.server";
import { type PayPalAdapter } from "../paypal/adapter.server";
import { payPalRequestId } from "../paypal/order-request.server";
import { keepUnappliedRefund, recordRefund } from "../orders/refunds.server";
import { recordSellerAction, type Actor } from "../seller-auth/audit.server";
import { paymentSummary } from "../orders/desk.server";
import { ENGLISH_REPLIES, lockReport, writeSellerEntry, type SellerReportResult } from "./reports.server";
import { refundAmountProblem } from "../orders/console-actions.server";
import { problemReports } from "../../../db/schema";

export interface ReportRefundInput {
  /** Dollars ("12.50"), or empty for everything left. */
  amount: string;
  /** Paid by hand: the reference of the refund the seller made. */
  reference: string;
  /** What the buyer reads in the thread. */
  reason: string;
  /** One per rendering of the form: a double submit is one refund at PayPal. */
  requestKey: string;
}

const refused = (status: number, message: string): SellerReportResult => ({ ok: false, status, message });

export async function refundReport(
  /** `t`: the acting seller's `consoleT(seller.lang)`, the reply's language (English when absent). */
  deps: { db: Db; site: Site; paypal: PayPalAdapter | null; seller: Actor; t?: TFunction },
  reportId: number,
  input: ReportRefundInput,
  now: Date,
): Promise<SellerReportResult> {
  const { db, site, seller } = deps;
  const t = deps.t ?? ENGLISH_REPLIES;
  const [report] = await db.select().from(problemReports).where(eq(problemReports.id, reportId));
  if (!report) return refused(404, t("adminReports.replies.notFound"));
  if (report.status !== "open") return refused(409, t("adminReports.replies.closed"));
  const [order] = await db.select().from(orders).where(eq(orders.id, report.orderId));
  if (!order || !canTransition(order.status, "refunded"))
    return refused(409, t("adminReports.replies.notRefundable", { status: orderState(t, order?.status) }));
  const rows = await db.select().from(payments).where(eq(payments.orderId, order.id)).orderBy(payments.id);
  const { capture, refundedCents, refundableCents } = paymentSummary(rows);
  if (!capture) return refused(409, t("adminOrders.replies.noPayment"));
  const amount = parseRefundAmount(input.amount, refundableCents);
  if (!amount.ok) return refused(422, refundAmountProblem(t, amount));

  const viaPayPal = order.channel === "paypal" && capture.provider === "paypal";
  let sent: { reference: string; status: RefundStatus; amountCents: number; raw: unknown };
  if (viaPayPal) {
    if (!deps.paypal) return refused(503, t("adminOrders.replies.noPayPal"));
    const requestId = payPalRequestId("refund", order.id, `report-${reportId}-${input.requestKey}`);
    const answer = await deps.paypal.refundCapture(capture.providerRef, amount.full && refundedCents === 0 ? undefined : amount.cents, requestId);
    if (answer.kind === "error") {
      await recordSellerAction(db, seller, "refund_failed", order.id, { reportId, amountCents: amount.cents, requestId, issue: answer.issue }, now);
      return refused(502, t("adminReports.replies.payPalDidNotRefund", { issue: answer.issue ?? answer.message }));
    }
    if (answer.kind === "already_refunded") return refused(409, t("adminOrders.replies.alreadyRefunded"));
    sent = { reference: answer.refundId, status: answer.kind === "completed" ? "COMPLETED" : "PENDING", amountCents: answer.amountCents, raw: answer.raw };
  } else {
    if (!input.reference) return refused(422, t("adminOrders.replies.enterReferenceOutside"));
    sent = { reference: input.reference, status: "COMPLETED", amountCents: amount.cents, raw: null };
  }

  const money = `${centsToAmountString(sent.amountCents)} USD`;
  const body = input.reason ? `${money} — ${input.reason}` : money;
  const entry = {
    kind: "refund" as const,
    body,
    close: true,
    audit: "report_refunded",
    detail: { amountCents: sent.amountCents, reference: sent.reference, status: sent.status, reason: input.reason },
  };
  const result = await recordRefund(
    db,
    site,
    {
      orderId: order.id,
      amountCents: sent.amountCents,
      reference: sent.reference,
      cause: "problem_report",
      actor: seller.actor,
      note: input.reason || null,
      status: sent.status,
      raw: sent.raw,
    },
    now,
    {
      within: async (tx) => {
        const target = await lockReport(tx, reportId);
        if (target && target.report.status === "open") await writeSellerEntry(tx, site, seller, target, entry, now);
      },
    },
  );
  if (!result.ok) {
    if (viaPayPal) {
      await keepUnappliedRefund(
        db,
        { orderId: order.id, reference: sent.reference, amountCents: sent.amountCents, currency: "USD", code: result.code, raw: sent.raw },
        now,
      );
      await recordSellerAction(db, seller, "refund_unapplied", order.id, { reportId, ...entry.detail, refused: result.code }, now);
      return refused(409, t("adminReports.replies.unapplied", { money, reference: sent.reference, code: result.code }));
    }
    return refused(409, t("adminReports.replies.notRecorded", { code: result.code }));
  }
  if (result.recorded === "repeat") {
    // The webhook recorded this very refund first: the report still gets its entry and audit row.
    await db.transaction(async (tx) => {
      const target = await lockReport(tx, reportId);
      if (target && target.report.status === "open") await writeSellerEntry(tx, site, seller, target, entry, now);
    });
  }
  if (result.refund.status === "PENDING") return { ok: true, message: t("adminReports.replies.pending", { money }) };
  return { ok: true, message: t("adminReports.replies.refunded", { money, status: orderState(t, result.orderStatus) }) };
}

/** An order's state inside a report's reply (English keeps the code it always showed: "the order is refunded"). */
const orderState = (t: TFunction, status: string | undefined) =>
  t(`adminReports.replies.orderStates.${status ?? "missing"}`, { defaultValue: status ?? "missing" });
