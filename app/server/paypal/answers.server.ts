/**
 * PayPal's answers (Orders v2, Payments v2) read into our types: what we read is checked with zod,
 * everything else stays in `raw`. Failures become PayPalApiError or an error value.
 */
import { z } from "zod";
import { dollarsToCents } from "~/domain/money";
import { PayPalUnavailableError, type PayPalResponse } from "./transport.server";

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

// What we read of PayPal's answers; everything else stays in `raw`.
export const amount = z.object({
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
export const order = z.object({
  id: z.string(),
  status: z.string(),
  payer: z.object({ name: z.object({ given_name: z.string().optional() }).optional(), payer_id: z.string().optional() }).optional(),
  payment_source: z
    .object({ paypal: z.object({ name: z.object({ given_name: z.string().optional() }).optional(), account_id: z.string().optional() }).optional() })
    .optional(),
  purchase_units: z.array(z.object({ invoice_id: z.string().optional(), payments: z.object({ captures: z.array(capture).optional() }).optional() })).optional(),
});
export const refund = z.object({ id: z.string(), status: z.string(), amount });
const errorBody = z.object({ name: z.string().optional(), message: z.string().optional(), details: z.array(z.object({ issue: z.string() })).optional() });

export function toOrderView(body: z.infer<typeof order>): PayPalOrderView {
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

export function issueOf(response: PayPalResponse): { issue: string | null; message: string } {
  const parsed = errorBody.safeParse(response.body);
  const issue = parsed.success ? (parsed.data.details?.[0]?.issue ?? parsed.data.name ?? null) : null;
  const message = parsed.success ? (parsed.data.message ?? `HTTP ${response.status}`) : `HTTP ${response.status}`;
  return { issue, message };
}

export const ok = (response: PayPalResponse) => response.status >= 200 && response.status < 300;

export function unexpected(what: string, response: PayPalResponse): PayPalApiError {
  const { issue, message } = issueOf(response);
  return new PayPalApiError(response.status, issue, `PayPal ${what}: HTTP ${response.status} ${issue ?? ""} ${message}`.trim());
}

/** Failures as values, for the calls whose callers branch on the outcome. */
export function failure(error: unknown): { kind: "error"; status: number | null; issue: string | null; message: string } {
  if (error instanceof PayPalUnavailableError) return { kind: "error", status: error.status, issue: null, message: error.message };
  throw error;
}
