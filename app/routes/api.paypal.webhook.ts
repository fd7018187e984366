import { data } from "react-router";
import type { Route } from "./+types/api.paypal.webhook";
import { PAYMENT_ERROR_STATUS, type PaymentErrorCode, type PayPalWebhookResponse } from "~/domain/api/paypal";
import { refuse } from "~/server/web/endpoint.server";
import { MAX_WEBHOOK_BYTES, readTextBody, TOO_LARGE } from "~/server/platform/http.server";
import { handlePayPalWebhook } from "~/server/payments/payments.server";

/**
 * PayPal's webhook (exempt from the same-origin guard: it is signed instead). 200 once stored, also
 * for a repeat; 400 for a delivery PayPal does not vouch for; 503 when the check cannot be made, so
 * PayPal delivers again later. Any method but POST: 405 (before the configuration is looked at).
 */
function refusal(code: PaymentErrorCode) {
  const { body, status } = refuse(PAYMENT_ERROR_STATUS[code], code);
  return data(body, { status });
}

/** Only POST is a delivery: every other method is 405 with `Allow: POST`, whatever the configuration. */
const NOT_ALLOWED = { status: 405, headers: { Allow: "POST" } } as const;

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") throw data(null, NOT_ALLOWED);
  const { paypal, env, db, site } = context.services;
  const webhookId = env.PAYPAL_WEBHOOK_ID;
  if (!paypal || !webhookId) return refusal("payment_unavailable");
  const rawBody = await readTextBody(request, MAX_WEBHOOK_BYTES);
  if (rawBody === TOO_LARGE) {
    const { body, status } = refuse(413, "request_too_large");
    return data(body, { status });
  }
  if (typeof rawBody === "symbol") return refusal("request_invalid");
  const outcome = await handlePayPalWebhook(db, site, paypal, webhookId, request.headers, rawBody, context.services.now());
  if (outcome === "unverified") {
    context.metrics?.webhookVerificationFailed();
    return refusal("request_invalid");
  }
  if (outcome === "unavailable") return refusal("payment_unavailable");
  return data<PayPalWebhookResponse>({ status: outcome });
}

export function loader() {
  throw data(null, NOT_ALLOWED);
}
