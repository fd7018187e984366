/**
 * The shop's PayPal endpoints as the browser and the server both see them. Amounts never travel
 * here: the server charges the stored order (DESIGN §4). Refusals are the shop's usual
 * `{ ok: false, code }` (contract.ts), with these codes.
 */
import { z } from "../zod";
import { ORDER_ID_PATTERN } from "../order-id";
import { defineContract } from "./contract";

const orderId = z.string().check(z.regex(ORDER_ID_PATTERN));
/** PayPal order ids are upper-case letters and digits (17 today; the contract allows up to 36). */
const paypalOrderId = z.string().check(z.regex(/^[A-Z0-9]{1,36}$/));

/** Codes a payment call may be refused with (each translated as errors.<code>). */
export type PaymentErrorCode = "request_invalid" | "rate_limited" | "order_not_found" | "order_not_payable" | "payment_unavailable" | "payment_failed";

/** HTTP status for each refusal code. */
export const PAYMENT_ERROR_STATUS: Record<PaymentErrorCode, number> = {
  request_invalid: 400,
  rate_limited: 429,
  order_not_found: 404,
  order_not_payable: 422,
  payment_unavailable: 503,
  payment_failed: 502,
};

/** What a capture came to. */
export type PaymentOutcome =
  /** givenName: the payer's first name for the thank-you toast (SPEC §7), else the name on the order. */
  /** needsLogin: the team needs the game login (the buyer goes to /login-required), derived from the items (docs/decisions/042). */
  | { status: "paid"; givenName: string; orderId: string; isGift: boolean; needsLogin: boolean }
  /** PayPal holds the money for review: the order is settled later by webhook or sweep. */
  | { status: "pending" }
  /** The funding source was refused: the buttons start again (actions.restart()). */
  | { status: "declined" };

/** POST /api/paypal/orders (PayPal's createOrder): the PayPal order for one of our stored orders. */
export const createPayPalOrderApi = defineContract<{ ok: true; paypalOrderId: string }>()("/api/paypal/orders", z.object({ orderId }));

/** POST /api/paypal/capture (PayPal's onApprove): after the buyer approved in PayPal's window. */
/** statusPath: the order's status page with its key, unprefixed (as in CreatedOrderSummary). */
export const capturePayPalOrderApi = defineContract<{ ok: true; payment: PaymentOutcome; statusPath: string }>()(
  "/api/paypal/capture",
  z.object({ orderId, paypalOrderId }),
);

/** POST /api/paypal/webhook (PayPal's call): stored now, or stored before. */
export type PayPalWebhookResponse = { status: "processed" | "duplicate" };
