import { capturePayPalOrderApi, PAYMENT_ERROR_STATUS } from "~/domain/api/paypal";
import { jsonAction, methodNotAllowed, refuse } from "~/server/web/endpoint.server";
import { orderStatusPath } from "~/server/orders/links.server";
import { capturePayPalPayment } from "~/server/payments/payments.server";
import { RATE_LIMITS } from "~/server/platform/rate-limit.server";

/**
 * PayPal's onApprove callback: captures and answers paid, pending, declined (restart the buttons) or a
 * refusal, with the order's status page (the success screen links it).
 */
export const action = jsonAction(capturePayPalOrderApi, RATE_LIMITS.order, async ({ input, db, services: { paypal, site }, now }) => {
  if (!paypal) return refuse(503, "payment_unavailable");
  const result = await capturePayPalPayment(db, site, paypal, input.orderId, input.paypalOrderId, "capture", now);
  if (result.status === "error") return refuse(PAYMENT_ERROR_STATUS[result.code], result.code);
  // The order's status page, whatever the outcome: a pending payment can be followed there too.
  return { body: { ok: true, payment: result, statusPath: orderStatusPath(site.keys, input.orderId, "en") } };
});

export const loader = methodNotAllowed;
