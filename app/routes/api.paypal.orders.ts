import { data } from "react-router";
import type { Route } from "./+types/api.paypal.orders";
import { createPayPalOrderRequestSchema, type CreatePayPalOrderResponse } from "~/domain/api/paypal";
import { startPayPalPayment } from "~/server/paypal/payments.server";
import { checkPaymentRequest, paymentError } from "~/server/paypal/routes.server";

/** PayPal's createOrder callback: the PayPal order for our stored order (never the browser's amounts). */
export async function action({ request, context }: Route.ActionArgs) {
  const checked = await checkPaymentRequest(request, context.clientIp, createPayPalOrderRequestSchema);
  if (!checked.ok) return checked.response;
  const result = await startPayPalPayment(checked.db, checked.paypal, checked.body.orderId);
  if (!result.ok) return paymentError(result.code);
  return data<CreatePayPalOrderResponse>({ status: "created", paypalOrderId: result.paypalOrderId });
}

export function loader() {
  throw data(null, { status: 405 });
}
