import { reviewsApi } from "~/domain/api/reviews";
import { jsonAction, methodNotAllowed, refuse, retryAfter } from "~/server/endpoint.server";
import { findProduct } from "~/server/products.server";
import { RATE_LIMITS } from "~/server/rate-limit.server";
import { submitReview } from "~/server/reviews.server";

export const action = jsonAction(reviewsApi, RATE_LIMITS.review, async ({ input, db, client }) => {
  const product = await findProduct(db, input.productId);
  if (!product || !product.listed) return refuse(404, "product_not_found");
  const result = await submitReview(db, input, client);
  if (result.ok) return { body: result, status: 201 };
  if (result.code === "review_wait") return refuse(429, result.code, result.vars, retryAfter(Number(result.vars.minutes) * 60));
  return refuse(422, result.code, result.vars);
});

export const loader = methodNotAllowed;
