import { withdrawOrderLoginApi } from "~/domain/api/order-login";
import { jsonAction, methodNotAllowed, refuse } from "~/server/web/endpoint.server";
import { buyerHandoffView, withdrawLogin } from "~/server/login-handoff/buyer.server";
import { isOrderAccessKey } from "~/server/orders/links.server";
import { RATE_LIMITS } from "~/server/platform/rate-limit.server";
import { NO_STORE } from "./api.orders.login.state";

/** POST /api/orders/login/withdraw: the buyer takes the login back before the team starts; deleted at once. */
export const action = jsonAction(withdrawOrderLoginApi, RATE_LIMITS.orderLogin, async ({ input, db, services, now }) => {
  if (!isOrderAccessKey(services.keys, input.orderId, input.key)) return refuse(404, "order_not_found", {}, NO_STORE);
  const result = await withdrawLogin(db, input.orderId, now);
  if (!result.ok) return refuse(result.status, result.code, {}, NO_STORE);
  const handoff = await buyerHandoffView(db, input.orderId, now);
  if (!handoff) return refuse(404, "order_not_found", {}, NO_STORE);
  return { body: { ok: true, handoff }, headers: NO_STORE };
});

export const loader = methodNotAllowed;
