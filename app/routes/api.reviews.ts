import { data } from "react-router";
import type { Route } from "./+types/api.reviews";
import { z } from "zod";
import { clientKey } from "~/server/client-key.server";
import { getDb } from "~/server/db.server";
import { readJsonBody } from "~/server/http.server";
import { findProduct } from "~/server/products.server";
import { hit, RATE_LIMITS } from "~/server/rate-limit.server";
import { submitReview } from "~/server/reviews.server";

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = await readJsonBody(request, z.record(z.string(), z.unknown()));
  if (!parsed.ok) return data({ ok: false, code: "review_missing", vars: {} }, { status: 400 });
  const db = getDb();
  const client = clientKey(context.clientIp);
  const limit = await hit(db, RATE_LIMITS.review, client);
  if (!limit.allowed) {
    return data({ ok: false, code: "rate_limited", vars: {} }, { status: 429, headers: { "Retry-After": String(limit.retryAfter) } });
  }
  const productId = typeof parsed.data.productId === "string" ? parsed.data.productId : "";
  const product = await findProduct(db, productId);
  if (!product || !product.listed) return data({ ok: false, code: "product_not_found", vars: {} }, { status: 404 });
  const result = await submitReview(db, parsed.data, client);
  return data(result, { status: result.ok ? 201 : result.code === "review_wait" ? 429 : 422 });
}

export function loader() {
  throw data(null, { status: 405 });
}
