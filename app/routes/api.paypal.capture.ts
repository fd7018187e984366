import { data } from "react-router";
import type { Route } from "./+types/api.paypal.capture";
import { capturePayPalOrderRequestSchema, PAYMENT_ERROR_STATUS, type CapturePayPalOrderResponse } from "~/domain/api/paypal";
import { capturePayPalPayment } from "~/server/paypal/payments.server";
import { checkPaymentRequest } from "~/server/paypal/routes.server";

/** PayPal's onApprove callback: captures and answers paid, pending, declined (restart the buttons) or an error code. */
export async function action({ request, context }: Route.ActionArgs) {
  const checked = await checkPaymentRequest(request, context.clientIp, capturePayPalOrderRequestSchema);
  if (!checked.ok) return checked.response;
  const result = await capturePayPalPayment(checked.db, checked.paypal, checked.body.orderId, checked.body.paypalOrderId);
  return data<CapturePayPalOrderResponse>(result, { status: result.status === "error" ? PAYMENT_ERROR_STATUS[result.code] : 200 });
}

export function loader() {
  throw data(null, { status: 405 });
}
