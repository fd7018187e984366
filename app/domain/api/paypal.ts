/**
 * The shop's PayPal endpoints as the browser and the server both see them: request bodies the
 * routes parse, and the answers they send. Amounts never travel here: the server charges the
 * stored order (DESIGN §4).
 */
import { z } from "zod";
import { ORDER_ID_PATTERN } from "../order-id";

const orderId = z.string().regex(ORDER_ID_PATTERN);
/** PayPal order ids are upper-case letters and digits (17 today; the contract allows up to 36). */
const paypalOrderId = z.string().regex(/^[A-Z0-9]{1,36}$/);

/** Codes the browser translates (errors.<code>); each has an HTTP status in the route. */
export const PAYMENT_ERROR_CODES = [
  "request_invalid",
  "rate_limited",
  "order_not_found",
  "order_not_payable",
  "payment_unavailable",
  "payment_failed",
] as const;
export type PaymentErrorCode = (typeof PAYMENT_ERROR_CODES)[number];

export const paymentErrorSchema = z.object({ status: z.literal("error"), code: z.enum(PAYMENT_ERROR_CODES) });
export type PaymentError = z.infer<typeof paymentErrorSchema>;

/** POST /api/paypal/orders: the PayPal order for one of our stored orders. */
export const createPayPalOrderRequestSchema = z.object({ orderId });
export const createPayPalOrderResponseSchema = z.union([z.object({ status: z.literal("created"), paypalOrderId }), paymentErrorSchema]);
export type CreatePayPalOrderResponse = z.infer<typeof createPayPalOrderResponseSchema>;

/** POST /api/paypal/capture: after the buyer approved in PayPal's window. */
export const capturePayPalOrderRequestSchema = z.object({ orderId, paypalOrderId });
export const capturePayPalOrderResponseSchema = z.discriminatedUnion("status", [
  /** givenName: the payer's first name for the thank-you toast (SPEC §7), else the name on the order. */
  z.object({ status: z.literal("paid"), givenName: z.string(), orderId, isGift: z.boolean() }),
  /** PayPal holds the money for review: the order is settled later by webhook or sweep. */
  z.object({ status: z.literal("pending") }),
  /** The funding source was refused: the buttons start again (actions.restart()). */
  z.object({ status: z.literal("declined") }),
  paymentErrorSchema,
]);
export type CapturePayPalOrderResponse = z.infer<typeof capturePayPalOrderResponseSchema>;

/** HTTP status for each error code. */
export const PAYMENT_ERROR_STATUS: Record<PaymentErrorCode, number> = {
  request_invalid: 400,
  rate_limited: 429,
  order_not_found: 404,
  order_not_payable: 422,
  payment_unavailable: 503,
  payment_failed: 502,
};

/** POST /api/paypal/webhook (PayPal's call): stored now, or stored before. */
export const payPalWebhookResponseSchema = z.object({ status: z.enum(["processed", "duplicate"]) });
export type PayPalWebhookResponse = z.infer<typeof payPalWebhookResponseSchema>;
