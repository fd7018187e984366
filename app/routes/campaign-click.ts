import type { Route } from "./+types/campaign-click";
import { followCampaignClick } from "~/server/campaigns/clicks.server";

/**
 * /c/<token>: a campaign mail's product link (docs/decisions/046). A token the shop signed counts one
 * click for its campaign and product and redirects to the product page in the mail's language;
 * anything else is a 404. Never cached: every click is counted.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const to = await followCampaignClick(context.services.db, context.services.keys, params.token);
  if (!to) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  return new Response(null, { status: 302, headers: { Location: to, "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } });
}
