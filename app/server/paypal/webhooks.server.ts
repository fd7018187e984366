/**
 * PayPal's webhooks (Webhooks v1): the events we act on, a delivery read into our terms, and the
 * signature check PayPal answers for us (docs/decisions/011).
 */
import { z } from "zod";
import { amount, ok, unexpected } from "./answers.server";
import { parseDispute, type PayPalDispute } from "./disputes.server";
import type { PayPalTransport } from "./transport.server";

/** The webhook events we act on (DESIGN §5.4); anything else is stored and otherwise ignored. */
const WEBHOOK_KINDS = {
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

export type HeaderSource = Headers | Record<string, string | string[] | undefined>;

function header(headers: HeaderSource, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const entry = Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
  return Array.isArray(entry) ? entry[0] : entry;
}

/**
 * Asks PayPal whether a webhook delivery is genuine. False for missing headers, a body that is
 * not a JSON object, or PayPal's FAILURE; throws PayPalUnavailableError when PayPal cannot
 * answer, so the webhook route can reply 5xx and PayPal delivers again.
 */
export async function verifyWebhook(request: PayPalTransport["request"], headers: HeaderSource, rawBody: string, webhookId: string): Promise<boolean> {
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
