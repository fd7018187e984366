/** What the PayPal routes share: error answers in the contract's shape and the checks every browser call passes. */
import { data } from "react-router";
import type { z } from "zod";
import { PAYMENT_ERROR_STATUS, type PaymentError, type PaymentErrorCode } from "~/domain/api/paypal";
import { clientKey } from "../client-key.server";
import { getDb, type Db } from "../db.server";
import { readBody, UNREADABLE } from "../http.server";
import { hit, RATE_LIMITS } from "../rate-limit.server";
import type { PayPalAdapter } from "./adapter.server";
import { getPayPal } from "./instance.server";

export function paymentError(code: PaymentErrorCode, headers?: HeadersInit) {
  return data<PaymentError>({ status: "error", code }, { status: PAYMENT_ERROR_STATUS[code], headers });
}

type Checked<T> = { ok: true; db: Db; paypal: PayPalAdapter; body: T } | { ok: false; response: ReturnType<typeof paymentError> };

/**
 * The start of a browser's payment call: a valid body, PayPal configured (else 503 and the page
 * offers manual ordering), and the client within its order rate limit.
 */
export async function checkPaymentRequest<T extends z.ZodType>(request: Request, clientIp: string, schema: T): Promise<Checked<z.infer<T>>> {
  const raw = await readBody(request, "json");
  const body = raw === UNREADABLE ? null : schema.safeParse(raw);
  if (!body?.success) return { ok: false, response: paymentError("request_invalid") };
  const paypal = getPayPal();
  if (!paypal) return { ok: false, response: paymentError("payment_unavailable") };
  const db = getDb();
  const limit = await hit(db, RATE_LIMITS.order, clientKey(clientIp));
  if (!limit.allowed) return { ok: false, response: paymentError("rate_limited", { "Retry-After": String(limit.retryAfter) }) };
  return { ok: true, db, paypal, body: body.data };
}
