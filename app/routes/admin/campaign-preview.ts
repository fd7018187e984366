import { data } from "react-router";
import type { Route } from "./+types/campaign-preview";
import { LANGS, type Lang } from "~/domain/lang";
import { routeAccess } from "~/domain/seller/permissions";
import { getCampaign, previewCampaign } from "~/server/campaigns/campaigns.server";
import { requireSeller } from "~/server/seller-auth/guard.server";

/**
 * /admin/campaigns/:id/preview?lang=fr — the campaign's mail in one language, as subscribers get it
 * (links made for the seller's own address), for the preview frame on the campaign's page. Its
 * headers (server/app.ts) let only the console frame it, run no script, and allow the mail's inline styles.
 */
export const access = routeAccess({ read: "campaigns.view" });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireSeller(request, access.read, context.services);
  const campaign = /^\d{1,9}$/.test(params.id) ? await getCampaign(context.services.db, Number(params.id)) : undefined;
  if (!campaign) throw data({ ok: false, message: "That campaign does not exist." }, { status: 404 });
  const asked = new URL(request.url).searchParams.get("lang") ?? "en";
  const lang: Lang = (LANGS as readonly string[]).includes(asked) ? (asked as Lang) : "en";
  const mail = await previewCampaign(context.services.db, context.services.site, campaign, lang);
  return new Response(mail.html ?? "", { headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });
}
