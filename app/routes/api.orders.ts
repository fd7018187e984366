import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/api.orders";
import { ageConfirmedAtSchema } from "~/domain/consent";
import { isLang } from "~/domain/lang-path";
import { CURRENCIES } from "~/domain/money";
import { fieldErrors, paymentDetailsSchema } from "~/domain/validation";
import { clientKey } from "~/server/client-key.server";
import { getDb } from "~/server/db.server";
import { getEnv } from "~/server/env.server";
import { readJsonBody } from "~/server/http.server";
import { createOrder } from "~/server/orders.server";
import { hit, RATE_LIMITS } from "~/server/rate-limit.server";

const bodySchema = z.object({
  details: z.record(z.string(), z.unknown()),
  lines: z.array(z.object({ id: z.string().max(100), quantity: z.number().int().min(1).max(99) })).max(50),
  couponCode: z.string().max(64).nullable().default(null),
  currency: z.enum(CURRENCIES).default("USD"),
  lang: z.string().refine(isLang).default("en"),
  gift: z.boolean().default(false),
  /** When the age gate was confirmed in this browser (ISO time), kept on the order as consent. */
  ageConfirmedAt: ageConfirmedAtSchema.optional(),
});

export type CreateOrderResponse =
  | { ok: true; order: { id: string; totalCents: number; subtotalCents: number; discountCents: number; channel: "paypal" | "manual" } }
  | { ok: false; code: string; vars: Record<string, string | number> };

/**
 * Step 1 of checkout: validates the payment-details form, prices the cart on the server and stores
 * the order. Online payment needs PayPal credentials; without them the order waits for a manual
 * payment arranged on Discord/WhatsApp.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const body = await readJsonBody(request, bodySchema);
  if (!body.ok) return data<CreateOrderResponse>({ ok: false, code: "request_invalid", vars: {} }, { status: 400 });
  const db = getDb();
  const limit = await hit(db, RATE_LIMITS.order, clientKey(context.clientIp));
  if (!limit.allowed) {
    return data<CreateOrderResponse>({ ok: false, code: "rate_limited", vars: {} }, { status: 429, headers: { "Retry-After": String(limit.retryAfter) } });
  }
  const details = paymentDetailsSchema.safeParse(body.data.details);
  if (!details.success) {
    const code = Object.values(fieldErrors(details))[0] ?? "details_required";
    return data<CreateOrderResponse>({ ok: false, code, vars: {} }, { status: 422 });
  }
  const env = getEnv();
  const channel = env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET ? "paypal" : "manual";
  const lang = isLang(body.data.lang) ? body.data.lang : "en";
  const result = await createOrder(db, {
    details: details.data,
    lines: body.data.lines,
    couponCode: body.data.couponCode,
    currency: body.data.currency,
    lang,
    isGift: body.data.gift,
    channel,
    ageConfirmedAt: body.data.ageConfirmedAt ?? null,
  });
  if (!result.ok) return data<CreateOrderResponse>(result, { status: 422 });
  const { id, totalCents, subtotalCents, discountCents } = result.order;
  return data<CreateOrderResponse>({ ok: true, order: { id, totalCents, subtotalCents, discountCents, channel } }, { status: 201 });
}

export function loader() {
  throw data(null, { status: 405 });
}
