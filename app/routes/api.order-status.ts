import { data } from "react-router";
import type { Route } from "./+types/api.order-status";
import type { OrderStatusReply } from "~/domain/api/order-status";
import { openOrderStatus } from "~/server/orders/status.server";

const NOT_FOUND: OrderStatusReply = { ok: false, code: "order_not_found", vars: {} };

/**
 * GET /api/order-status?id=…&k=…: the status page's view, polled by the open page. Opened by the
 * same signed key as the page; anything else is the same 404 (docs/decisions/019).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const order = await openOrderStatus(context.services.db, context.services.keys, query.get("id") ?? "", query.get("k"), context.services.now());
  const headers = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
  if (!order) return data(NOT_FOUND, { status: 404, headers });
  return data({ ok: true, order } satisfies OrderStatusReply, { headers });
}
