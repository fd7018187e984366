import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/api.coupon";
import { priceCart } from "~/domain/cart";
import { evaluateCoupon } from "~/domain/coupons";
import { toSummary } from "~/domain/product";
import type { CouponResponse } from "~/state/coupon";
import { findCouponByCode } from "~/server/coupons.server";
import { getDb } from "~/server/db.server";
import { readJsonBody } from "~/server/http.server";
import { clientKey } from "~/server/client-key.server";
import { hit, RATE_LIMITS } from "~/server/rate-limit.server";
import { readCatalogue } from "~/server/catalogue-cache.server";

const bodySchema = z.object({
  code: z.string().max(64),
  lines: z.array(z.object({ id: z.string().max(100), quantity: z.number().int().min(1).max(99) })).max(50),
});

/** Checks a coupon against the shopper's cart with the database's prices and limits. */
export async function action({ request, context }: Route.ActionArgs) {
  const body = await readJsonBody(request, bodySchema);
  if (!body.ok) return data({ ok: false, code: "request_invalid", vars: {} } satisfies CouponResponse, { status: 400 });
  const db = getDb();
  // Guessing codes is throttled per client.
  const limit = await hit(db, RATE_LIMITS.coupon, clientKey(context.clientIp));
  if (!limit.allowed) {
    return data({ ok: false, code: "rate_limited", vars: {} } satisfies CouponResponse, {
      status: 429,
      headers: { "Retry-After": String(limit.retryAfter) },
    });
  }
  const catalogue = await readCatalogue(db);
  const summary = (id: string) => {
    const product = catalogue.product(id);
    return product && toSummary(product);
  };
  const { items } = priceCart(body.data.lines, summary);
  const cached = catalogue.coupon(body.data.code);
  // Usage counts move with every order: a limited coupon is re-read so the answer matches checkout's.
  const coupon = cached?.usageLimit != null ? await findCouponByCode(db, body.data.code) : cached;
  const result = evaluateCoupon({
    coupons: coupon ? [coupon] : [],
    code: body.data.code,
    items,
    now: new Date(),
    freeProduct: summary,
  });
  if (!result.ok) return { ok: false, code: result.code, vars: result.vars } satisfies CouponResponse;
  return {
    ok: true,
    coupon: {
      id: result.coupon.id,
      code: result.coupon.code,
      type: result.coupon.type,
      description: result.coupon.description,
      discountCents: result.discountCents,
      freeProduct: result.freeProductId ? (summary(result.freeProductId) ?? null) : null,
    },
  } satisfies CouponResponse;
}

export function loader() {
  throw data(null, { status: 405 });
}
