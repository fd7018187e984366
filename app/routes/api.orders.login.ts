import { submitOrderLoginApi } from "~/domain/api/order-login";
import { jsonAction, methodNotAllowed, refuse } from "~/server/web/endpoint.server";
import { buyerHandoffView, submitLogin } from "~/server/login-handoff/buyer.server";
import { isOrderAccessKey } from "~/server/orders/links.server";
import { RATE_LIMITS } from "~/server/platform/rate-limit.server";
import { NO_STORE } from "./api.orders.login.state";

/**
 * POST /api/orders/login: the buyer's login, sealed in their browser, stored or replaced. The body
 * is never logged or echoed: refusals are message codes only.
 */
export const action = jsonAction(submitOrderLoginApi, RATE_LIMITS.orderLogin, async ({ input, db, services, now }) => {
  if (!isOrderAccessKey(services.keys, input.orderId, input.key)) return refuse(404, "order_not_found", {}, NO_STORE);
  const result = await submitLogin(db, input.orderId, { keyId: input.keyId, ciphertext: input.ciphertext }, now);
  if (!result.ok) return refuse(result.status, result.code, {}, NO_STORE);
  const handoff = await buyerHandoffView(db, input.orderId, now);
  if (!handoff) return refuse(404, "order_not_found", {}, NO_STORE);
  return { body: { ok: true, handoff, done: result.value }, headers: NO_STORE };
});

export const loader = methodNotAllowed;
