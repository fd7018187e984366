import { createPayPalOrderApi, PAYMENT_ERROR_STATUS } from "~/domain/api/paypal";
import { jsonAction, methodNotAllowed, refuse } from "~/server/web/endpoint.server";
import { startPayPalPayment } from "~/server/payments/payments.server";
import { RATE_LIMITS } from "~/server/platform/rate-limit.server";

/**
 * PayPal's createOrder callback: the PayPal order for our stored order (never the browser's
 * amounts). Without PayPal configured: 503, and the page offers manual ordering.
 */
export const action = jsonAction(createPayPalOrderApi, RATE_LIMITS.order, async ({ input, db, services: { paypal }, now }) => {
  if (!paypal) return refuse(503, "payment_unavailable");
  const result = await startPayPalPayment(db, paypal, input.orderId, now);
  if (!result.ok) return refuse(PAYMENT_ERROR_STATUS[result.code], result.code);
  return { body: { ok: true, paypalOrderId: result.paypalOrderId } };
});

export const loader = methodNotAllowed;
