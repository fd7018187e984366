import type { Route } from "./+types/orders-export";
import { requireSeller } from "~/server/admin/guard.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireSeller(request);
  return new Response("", { headers: { "Content-Type": "text/csv; charset=utf-8" } });
}
