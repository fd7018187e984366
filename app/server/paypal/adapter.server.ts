/**
 * The one object that talks to PayPal for the shop: order requests (order-request.server.ts) sent
 * over the transport, PayPal's answers read into our types (answers.server.ts), and webhook
 * signatures checked (webhooks.server.ts). Callers never see PayPal field names. The contracts it
 * follows are in tests/contracts/paypal/ (docs/decisions/011).
 */
import {
  failure,
  issueOf,
  ok,
  order,
  refund,
  toOrderView,
  unexpected,
  type CaptureResult,
  type PayPalOrderRef,
  type PayPalOrderView,
  type RefundResult,
} from "./answers.server";
import type { PayPalConfig } from "./config.server";
import { createDisputesApi } from "./disputes.server";
import { buildOrderRequest, payPalRequestId, usd, type CreatePayPalOrderOptions, type PayableOrder } from "./order-request.server";
import { createPayPalTransport, type PayPalResponse } from "./transport.server";
import { parseWebhookEvent, verifyWebhook, type HeaderSource } from "./webhooks.server";

export function createPayPalAdapter(config: PayPalConfig) {
  const { request } = createPayPalTransport(config);

  /** Creates (or, for the same order, finds again) the PayPal order; throws if PayPal refuses. */
  async function createPayPalOrder(stored: PayableOrder, options: CreatePayPalOrderOptions = {}): Promise<PayPalOrderRef> {
    const body = buildOrderRequest(stored, config, options);
    const response = await request({ method: "POST", path: "/v2/checkout/orders", body, requestId: payPalRequestId("create", stored.id) });
    const parsed = order.safeParse(response.body);
    if (!ok(response) || !parsed.success) throw unexpected(`create order ${stored.id}`, response);
    return { id: parsed.data.id, status: parsed.data.status };
  }

  /** The PayPal order as we need it for reconciling; null if PayPal does not know it. */
  async function getPayPalOrder(id: string): Promise<PayPalOrderView | null> {
    const response = await request({ method: "GET", path: `/v2/checkout/orders/${encodeURIComponent(id)}` });
    if (response.status === 404) return null;
    const parsed = order.safeParse(response.body);
    if (!ok(response) || !parsed.success) throw unexpected(`get order ${id}`, response);
    return toOrderView(parsed.data);
  }

  /** Captures an approved order. The caller decides what a result means for our order. */
  async function capturePayPalOrder(id: string, requestId: string): Promise<CaptureResult> {
    let response: PayPalResponse;
    try {
      response = await request({ method: "POST", path: `/v2/checkout/orders/${encodeURIComponent(id)}/capture`, body: {}, requestId });
    } catch (error) {
      return failure(error);
    }
    const { issue, message } = issueOf(response);
    if (response.status === 422 && issue === "INSTRUMENT_DECLINED") return { kind: "declined", raw: response.body };
    if (response.status === 422 && issue === "ORDER_ALREADY_CAPTURED") return { kind: "already_captured" };
    const parsed = order.safeParse(response.body);
    if (!ok(response) || !parsed.success) return { kind: "error", status: response.status, issue, message };
    const view = toOrderView(parsed.data);
    const captured = view.capture;
    if (!captured) return { kind: "error", status: response.status, issue: null, message: "PayPal answered the capture without a capture" };
    if (captured.status === "COMPLETED") {
      const { captureId, amountCents, currency, invoiceId } = captured;
      return { kind: "completed", captureId, amountCents, currency, invoiceId, payerGivenName: view.payerGivenName, payerId: view.payerId, raw: response.body };
    }
    if (captured.status === "PENDING") {
      const reason = parsed.data.purchase_units?.[0]?.payments?.captures?.[0]?.status_details?.reason ?? null;
      return { kind: "pending", captureId: captured.captureId, reason, raw: response.body };
    }
    if (captured.status === "DECLINED" || captured.status === "FAILED") return { kind: "declined", raw: response.body };
    return { kind: "error", status: response.status, issue: captured.status, message: `Unexpected capture status ${captured.status}` };
  }

  /** Refunds a capture in full, or `amountCents` of it. */
  async function refundCapture(captureId: string, amountCents: number | undefined, requestId: string): Promise<RefundResult> {
    if (amountCents !== undefined && !(Number.isSafeInteger(amountCents) && amountCents > 0)) {
      throw new RangeError(`Refund amount must be positive cents: ${amountCents}`);
    }
    let response: PayPalResponse;
    try {
      const body = amountCents === undefined ? {} : { amount: usd(amountCents) };
      response = await request({ method: "POST", path: `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`, body, requestId });
    } catch (error) {
      return failure(error);
    }
    const { issue, message } = issueOf(response);
    if (response.status === 422 && issue === "CAPTURE_FULLY_REFUNDED") return { kind: "already_refunded" };
    const parsed = refund.safeParse(response.body);
    if (!ok(response) || !parsed.success) return { kind: "error", status: response.status, issue, message };
    const { id, status } = parsed.data;
    if (status !== "COMPLETED" && status !== "PENDING") return { kind: "error", status: response.status, issue: status, message: `Refund ${status}` };
    return { kind: status === "COMPLETED" ? "completed" : "pending", refundId: id, amountCents: parsed.data.amount.value, raw: response.body };
  }

  /**
   * Asks PayPal whether a webhook delivery is genuine (webhooks.server.ts); throws
   * PayPalUnavailableError when PayPal cannot answer.
   */
  const verifyWebhookSignature = (headers: HeaderSource, rawBody: string, webhookId: string) => verifyWebhook(request, headers, rawBody, webhookId);

  return { createPayPalOrder, getPayPalOrder, capturePayPalOrder, refundCapture, verifyWebhookSignature, parseWebhookEvent, ...createDisputesApi(request) };
}

export type PayPalAdapter = ReturnType<typeof createPayPalAdapter>;
