import { data } from "react-router";
import type { Route } from "./+types/order-proof";
import { isOrderId } from "~/domain/order-id";
import { isOrderAccessKey } from "~/server/orders/links.server";
import { proofResponse } from "~/server/orders/delivery-proofs.server";

/**
 * GET /order/:id/proofs/:proof?k=… — a delivery screenshot for the buyer, opened only with the
 * order's signed key (docs/decisions/019, 043): a missing or wrong key, another order's key, another
 * order's proof and an unknown proof are the same 404. The key is checked before the database is read.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const key = new URL(request.url).searchParams.get("k");
  if (!isOrderId(params.id) || !isOrderAccessKey(context.services.keys, params.id, key)) throw data(null, { status: 404 });
  const response = await proofResponse(context.services.db, context.services.privateFiles, params.id, params.proof);
  if (!response) throw data(null, { status: 404 });
  return response;
}
