import { orderLoginStateApi } from "~/domain/api/order-login";
import { jsonAction, methodNotAllowed, refuse } from "~/server/web/endpoint.server";
import { buyerHandoffView } from "~/server/login-handoff/buyer.server";
import { isOrderAccessKey } from "~/server/orders/links.server";
import { RATE_LIMITS } from "~/server/platform/rate-limit.server";

/** Answers about a buyer's login are for that browser only. */
export const NO_STORE = { "Cache-Control": "private, no-store" };

/**
 * POST /api/orders/login/state: what the order page shows about the login. Opened by the order's
 * signed key, checked before the database is read; a wrong key looks like an unknown order.
 */
export const action = jsonAction(orderLoginStateApi, RATE_LIMITS.orderLogin, async ({ input, db, services, now }) => {
  if (!isOrderAccessKey(services.keys, input.orderId, input.key)) return refuse(404, "order_not_found", {}, NO_STORE);
  const handoff = await buyerHandoffView(db, input.orderId, now);
  if (!handoff) return refuse(404, "order_not_found", {}, NO_STORE);
  return { body: { ok: true, handoff }, headers: NO_STORE };
});

export const loader = methodNotAllowed;
