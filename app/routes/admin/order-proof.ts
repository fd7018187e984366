import { data } from "react-router";
import type { Route } from "./+types/order-proof";
import { routeAccess } from "~/domain/seller/permissions";
import { isOrderId } from "~/domain/order-id";
import { proofResponse } from "~/server/orders/delivery-proofs.server";
import { requireSeller } from "~/server/seller-auth/guard.server";

/**
 * GET /admin/orders/:id/proofs/:proof — a delivery screenshot from the private storage, for a
 * signed-in seller who may see orders (docs/decisions/043). Anything else about it is a 404.
 */
export const access = routeAccess({ read: "orders.view" });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireSeller(request, access.read, context.services);
  const response = isOrderId(params.id) ? await proofResponse(context.services.db, context.services.privateFiles, params.id, params.proof) : null;
  if (!response) throw data(null, { status: 404 });
  return response;
}
