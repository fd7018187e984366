/**
 * The one module that knows PayPal's JSON (Orders v2, Payments v2, Webhooks v1): it builds PayPal
 * requests from OUR stored order and turns PayPal's answers into our types. Callers never see
 * PayPal field names. The contracts it follows are in tests/contracts/paypal/ (docs/decisions/011).
 */
import { z } from "zod";
import { lineTotalCents } from "~/domain/cart";
import { centsToAmountString, dollarsToCents } from "~/domain/money";
import type { PayPalConfig } from "./config.server";
import { createDisputesApi, parseDispute, type PayPalDispute } from "./disputes.server";
import { createPayPalTransport, PayPalUnavailableError, type PayPalResponse } from "./transport.server";

export { PayPalUnavailableError };
export type { PayPalConfig, PayPalDispute };

/** The parts of our stored order (orders row + items) a PayPal order is built from. */
export interface PayableOrder {
  id: string;
  items: readonly { productId: string; title: string; unitPriceCents: number; quantity: number; isFree: boolean }[];
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  couponId: string | null;
}

export interface CreatePayPalOrderOptions {
  /** Shop path PayPal returns to, with any language prefix ('/checkout', '/fr/product/9'). */
  returnPath?: string;
}

export interface PayPalOrderRef {
  id: string;
  status: string;
}

export interface PayPalCapture {
  captureId: string;
  status: string;
  amountCents: number;
  currency: string;
  invoiceId: string | null;
}

export interface PayPalOrderView {
  id: string;
  status: string;
  invoiceId: string | null;
  payerGivenName: string | null;
  /** The PayPal account that paid (blocklist and signals), once approved. */
  payerId: string | null;
  /** The first capture of the order, once there is one. */
  capture: PayPalCapture | null;
}

export type CaptureResult =
  | {
      kind: "completed";
      captureId: string;
      amountCents: number;
      currency: string;
      invoiceId: string | null;
      payerGivenName: string | null;
      payerId: string | null;
      raw: unknown;
    }
  | { kind: "pending"; captureId: string; reason: string | null; raw: unknown }
  /** The buyer's funding source was refused: send them back to the PayPal buttons (actions.restart()). */
  | { kind: "declined"; raw: unknown }
  /** Captured earlier (another tab, the sweep, a lost answer): look the order up. */
  | { kind: "already_captured" }
  | { kind: "error"; status: number | null; issue: string | null; message: string };

export type RefundResult =
  | { kind: "completed" | "pending"; refundId: string; amountCents: number; raw: unknown }
  | { kind: "already_refunded" }
  | { kind: "error"; status: number | null; issue: string | null; message: string };

/** PayPal answered a request we cannot turn into a result (4xx other than the known cases). */
export class PayPalApiError extends Error {
  override name = "PayPalApiError";
  constructor(
    readonly status: number,
    readonly issue: string | null,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Request ids PayPal deduplicates on (kept 6 h). Create is keyed on our order id alone, so a
 * repeated createOrder never makes a second PayPal order. Capture and refund take an attempt
 * number: retries of ONE attempt reuse its id, while a new attempt (after INSTRUMENT_DECLINED and
 * actions.restart(), or a second partial refund) must not be answered from PayPal's replay cache.
 * The console's refunds use the refund form's key as the attempt: one form, one refund.
 */
export function payPalRequestId(action: "create" | "capture" | "refund", orderId: string, attempt: number | string = 1): string {
  return action === "create" ? `${orderId}-create` : `${orderId}-${action}-${attempt}`;
}

const MAX_TEXT = 127;
const truncate = (text: string, max = MAX_TEXT) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

/** '[ORD…] title' for one unit, else '[ORD…] Order for N items'; ' (coupon applied)' when a coupon is (DESIGN §5). */
export function describeOrder(order: PayableOrder): string {
  const units = order.items.reduce((sum, item) => sum + item.quantity, 0);
  const coupon = order.couponId ? " (coupon applied)" : "";
  const prefix = `[${order.id}] `;
  const what = units === 1 && order.items.length === 1 ? order.items[0].title : `Order for ${units} items`;
  return prefix + truncate(what, MAX_TEXT - prefix.length - coupon.length) + coupon;
}

const usd = (cents: number) => ({ currency_code: "USD", value: centsToAmountString(cents) });

function withQuery(url: string, query: string): string {
  return `${url}${url.includes("?") ? "&" : "?"}${query}`;
}

/** The Orders v2 `order_request` for a stored order; refuses totals that do not add up. */
export function buildOrderRequest(order: PayableOrder, config: PayPalConfig, options: CreatePayPalOrderOptions = {}) {
  const itemTotal = order.items.reduce((sum, item) => sum + lineTotalCents(item), 0);
  if (itemTotal !== order.subtotalCents || order.subtotalCents - order.discountCents !== order.totalCents || order.discountCents < 0) {
    throw new RangeError(`Order ${order.id}: items, subtotal, discount and total do not add up`);
  }
  if (order.totalCents <= 0) throw new RangeError(`Order ${order.id}: nothing to pay (total ${order.totalCents})`);
  const page = `${config.siteUrl.replace(/\/$/, "")}${options.returnPath ?? "/checkout"}`;
  return {
    intent: "CAPTURE",
    purchase_units: [
      {
        reference_id: order.id,
        invoice_id: order.id,
        custom_id: order.id,
        description: describeOrder(order),
        soft_descriptor: config.softDescriptor,
        amount: {
          ...usd(order.totalCents),
          breakdown: {
            item_total: usd(order.subtotalCents),
            ...(order.discountCents > 0 ? { discount: usd(order.discountCents) } : {}),
          },
        },
        items: order.items.map((item) => ({
          name: truncate(item.title),
          sku: truncate(item.productId),
          unit_amount: usd(item.unitPriceCents),
          quantity: String(item.quantity),
          category: "DIGITAL_GOODS",
        })),
      },
    ],
    // payment_source.paypal.experience_context is the current form; application_context is deprecated.
    payment_source: {
      paypal: {
        experience_context: {
          brand_name: config.brandName,
          shipping_preference: "NO_SHIPPING",
          user_action: "PAY_NOW",
          landing_page: "GUEST_CHECKOUT", // the successor of application_context's BILLING
          // Digital goods are delivered on payment: no eCheck that stays pending for days.
          payment_method_preference: "IMMEDIATE_PAYMENT_REQUIRED",
          return_url: withQuery(page, "success=true"),
          cancel_url: withQuery(page, "cancelled=true"),
        },
      },
    },
  };
}

// What we read of PayPal's answers; everything else stays in `raw`.
const amount = z.object({
  currency_code: z.string(),
  value: z
    .string()
    .regex(/^\d+(\.\d{1,2})?$/)
    .transform((v) => dollarsToCents(Number(v))),
});
const capture = z.object({
  id: z.string(),
  status: z.string(),
  amount,
  invoice_id: z.string().optional(),
  status_details: z.object({ reason: z.string().optional() }).optional(),
});
const order = z.object({
  id: z.string(),
  status: z.string(),
  payer: z.object({ name: z.object({ given_name: z.string().optional() }).optional(), payer_id: z.string().optional() }).optional(),
  payment_source: z
    .object({ paypal: z.object({ name: z.object({ given_name: z.string().optional() }).optional(), account_id: z.string().optional() }).optional() })
    .optional(),
  purchase_units: z.array(z.object({ invoice_id: z.string().optional(), payments: z.object({ captures: z.array(capture).optional() }).optional() })).optional(),
});
const refund = z.object({ id: z.string(), status: z.string(), amount });
const errorBody = z.object({ name: z.string().optional(), message: z.string().optional(), details: z.array(z.object({ issue: z.string() })).optional() });

function toOrderView(body: z.infer<typeof order>): PayPalOrderView {
  const unit = body.purchase_units?.[0];
  const first = unit?.payments?.captures?.[0];
  return {
    id: body.id,
    status: body.status,
    invoiceId: unit?.invoice_id ?? first?.invoice_id ?? null,
    payerGivenName: body.payment_source?.paypal?.name?.given_name ?? body.payer?.name?.given_name ?? null,
    payerId: body.payment_source?.paypal?.account_id ?? body.payer?.payer_id ?? null,
    capture: first
      ? {
          captureId: first.id,
          status: first.status,
          amountCents: first.amount.value,
          currency: first.amount.currency_code,
          invoiceId: first.invoice_id ?? unit?.invoice_id ?? null,
        }
      : null,
  };
}

function issueOf(response: PayPalResponse): { issue: string | null; message: string } {
  const parsed = errorBody.safeParse(response.body);
  const issue = parsed.success ? (parsed.data.details?.[0]?.issue ?? parsed.data.name ?? null) : null;
  const message = parsed.success ? (parsed.data.message ?? `HTTP ${response.status}`) : `HTTP ${response.status}`;
  return { issue, message };
}

const ok = (response: PayPalResponse) => response.status >= 200 && response.status < 300;

function unexpected(what: string, response: PayPalResponse): PayPalApiError {
  const { issue, message } = issueOf(response);
  return new PayPalApiError(response.status, issue, `PayPal ${what}: HTTP ${response.status} ${issue ?? ""} ${message}`.trim());
}

/** Failures as values, for the calls whose callers branch on the outcome. */
function failure(error: unknown): { kind: "error"; status: number | null; issue: string | null; message: string } {
  if (error instanceof PayPalUnavailableError) return { kind: "error", status: error.status, issue: null, message: error.message };
  throw error;
}

/** The webhook events we act on (DESIGN §5.4); anything else is stored and otherwise ignored. */
export const WEBHOOK_KINDS = {
  "PAYMENT.CAPTURE.COMPLETED": "capture_completed",
  "PAYMENT.CAPTURE.PENDING": "capture_pending",
  "PAYMENT.CAPTURE.DENIED": "capture_denied",
  "PAYMENT.CAPTURE.REFUNDED": "capture_refunded",
  "PAYMENT.CAPTURE.REVERSED": "capture_reversed",
  "CUSTOMER.DISPUTE.CREATED": "dispute_created",
  "CUSTOMER.DISPUTE.UPDATED": "dispute_updated",
  "CUSTOMER.DISPUTE.RESOLVED": "dispute_resolved",
} as const;

export type WebhookKind = (typeof WEBHOOK_KINDS)[keyof typeof WEBHOOK_KINDS] | "other";

/** A webhook delivery in our terms. The resource is a capture, or a refund for REFUNDED/REVERSED. */
export interface PayPalWebhookEvent {
  /** PayPal's event id: the same delivery repeated carries the same id. */
  eventId: string;
  eventType: string;
  kind: WebhookKind;
  /** The capture's or refund's id. */
  resourceId: string | null;
  /** Our order id, as we sent it in invoice_id / custom_id. */
  invoiceId: string | null;
  paypalOrderId: string | null;
  /** For a refund: the capture it refunds, when PayPal says. */
  captureId: string | null;
  /** The resource's own status (a capture's, or a refund's: COMPLETED, PENDING…), when PayPal says. */
  status: string | null;
  amountCents: number | null;
  currency: string | null;
  /** CUSTOMER.DISPUTE.* events: the dispute as the resource tells it (the API has the full one). */
  dispute: PayPalDispute | null;
  raw: unknown;
}

const webhookEvent = z.object({
  id: z.string().min(1),
  event_type: z.string().min(1),
  resource: z
    .object({
      id: z.string().optional(),
      status: z.string().optional(),
      invoice_id: z.string().optional(),
      custom_id: z.string().optional(),
      amount: amount.optional(),
      supplementary_data: z.object({ related_ids: z.object({ order_id: z.string().optional(), capture_id: z.string().optional() }).optional() }).optional(),
      links: z.array(z.object({ href: z.string(), rel: z.string() })).optional(),
    })
    .optional(),
});

/** Reads a webhook body (after its signature was verified); null when it is not an event at all. */
export function parseWebhookEvent(rawBody: string): PayPalWebhookEvent | null {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    return null;
  }
  const parsed = webhookEvent.safeParse(json);
  if (!parsed.success) return null;
  const { id, event_type: eventType, resource } = parsed.data;
  const related = resource?.supplementary_data?.related_ids;
  // A refund links "up" to the capture it refunds: .../v2/payments/captures/{id}
  const up = resource?.links?.find((link) => link.rel === "up")?.href;
  const upCapture = up ? (/\/captures\/([^/?]+)$/.exec(up)?.[1] ?? null) : null;
  const dispute = eventType.startsWith("CUSTOMER.DISPUTE.") ? parseDispute((json as { resource?: unknown }).resource) : null;
  if (dispute) {
    // A dispute's resource names the disputed capture and our invoice, not an id/amount of its own.
    return {
      eventId: id,
      eventType,
      kind: (WEBHOOK_KINDS as Record<string, WebhookKind>)[eventType] ?? "other",
      resourceId: dispute.id,
      invoiceId: dispute.invoiceId,
      paypalOrderId: null,
      captureId: dispute.captureId,
      status: dispute.status,
      amountCents: dispute.amountCents,
      currency: dispute.currency,
      dispute,
      raw: json,
    };
  }
  return {
    eventId: id,
    eventType,
    kind: (WEBHOOK_KINDS as Record<string, WebhookKind>)[eventType] ?? "other",
    resourceId: resource?.id ?? null,
    invoiceId: resource?.invoice_id ?? resource?.custom_id ?? null,
    paypalOrderId: related?.order_id ?? null,
    captureId: related?.capture_id ?? upCapture,
    status: resource?.status ?? null,
    amountCents: resource?.amount?.value ?? null,
    currency: resource?.amount?.currency_code ?? null,
    dispute: null,
    raw: json,
  };
}

/** Webhook headers PayPal signs with, in the verify request's field names. */
const SIGNATURE_HEADERS = {
  auth_algo: "paypal-auth-algo",
  cert_url: "paypal-cert-url",
  transmission_id: "paypal-transmission-id",
  transmission_sig: "paypal-transmission-sig",
  transmission_time: "paypal-transmission-time",
} as const;

type HeaderSource = Headers | Record<string, string | string[] | undefined>;

function header(headers: HeaderSource, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const entry = Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
  return Array.isArray(entry) ? entry[0] : entry;
}

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
   * Asks PayPal whether a webhook delivery is genuine. False for missing headers, a body that is
   * not a JSON object, or PayPal's FAILURE; throws PayPalUnavailableError when PayPal cannot
   * answer, so the webhook route can reply 5xx and PayPal delivers again.
   */
  async function verifyWebhookSignature(headers: HeaderSource, rawBody: string, webhookId: string): Promise<boolean> {
    const fields: Record<string, string> = {};
    for (const [field, name] of Object.entries(SIGNATURE_HEADERS)) {
      const value = header(headers, name);
      if (!value) return false;
      fields[field] = value;
    }
    let event: unknown;
    try {
      event = JSON.parse(rawBody);
    } catch {
      return false;
    }
    if (typeof event !== "object" || event === null || Array.isArray(event)) return false;
    // The event goes back byte for byte: the signature covers the body as PayPal sent it.
    const body = `${JSON.stringify({ ...fields, webhook_id: webhookId }).slice(0, -1)},"webhook_event":${rawBody}}`;
    const response = await request({ method: "POST", path: "/v1/notifications/verify-webhook-signature", body });
    if (!ok(response)) {
      if (response.status >= 400 && response.status < 500 && response.status !== 401 && response.status !== 429) return false;
      throw unexpected("verify webhook signature", response);
    }
    return (response.body as { verification_status?: unknown } | null)?.verification_status === "SUCCESS";
  }

  return { createPayPalOrder, getPayPalOrder, capturePayPalOrder, refundCapture, verifyWebhookSignature, parseWebhookEvent, ...createDisputesApi(request) };
}

export type PayPalAdapter = ReturnType<typeof createPayPalAdapter>;
