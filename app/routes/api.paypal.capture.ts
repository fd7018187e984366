import { capturePayPalOrderApi, PAYMENT_ERROR_STATUS } from "~/domain/api/paypal";
import { jsonAction, methodNotAllowed, refuse } from "~/server/endpoint.server";
import { getPayPal } from "~/server/paypal/instance.server";
import { capturePayPalPayment } from "~/server/paypal/payments.server";
import { RATE_LIMITS } from "~/server/rate-limit.server";

/** PayPal's onApprove callback: captures and answers paid, pending, declined (restart the buttons) or a refusal. */
export const action = jsonAction(capturePayPalOrderApi, RATE_LIMITS.order, async ({ input, db }) => {
  const paypal = getPayPal();
  if (!paypal) return refuse(503, "payment_unavailable");
  const result = await capturePayPalPayment(db, paypal, input.orderId, input.paypalOrderId);
  if (result.status === "error") return refuse(PAYMENT_ERROR_STATUS[result.code], result.code);
  return { body: { ok: true, payment: result } };
});

export const loader = methodNotAllowed;
