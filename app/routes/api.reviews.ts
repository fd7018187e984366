import { reviewsApi } from "~/domain/api/reviews";
import { readCatalogue } from "~/server/catalogue/cache.server";
import { jsonAction, methodNotAllowed, refuse, retryAfter } from "~/server/web/endpoint.server";
import { RATE_LIMITS } from "~/server/platform/rate-limit.server";
import { submitReview } from "~/server/catalogue/reviews.server";

export const action = jsonAction(reviewsApi, RATE_LIMITS.review, async ({ input, db, client, now }) => {
  const product = (await readCatalogue(db)).product(input.productId);
  if (!product || !product.listed) return refuse(404, "product_not_found");
  const result = await submitReview(db, input, client, now);
  if (result.ok) return { body: result, status: 201 };
  if (result.code === "review_wait") return refuse(429, result.code, result.vars, retryAfter(Number(result.vars.minutes) * 60));
  return refuse(422, result.code, result.vars);
});

export const loader = methodNotAllowed;
