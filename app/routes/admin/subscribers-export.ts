import type { Route } from "./+types/subscribers-export";
import { recordSellerAction } from "~/server/seller-auth/audit.server";
import { routeAccess } from "~/domain/seller/permissions";
import { requireSeller } from "~/server/seller-auth/guard.server";
import { subscriberFilterOf, subscribersCsv } from "~/server/contact/inbox.server";

/** What this route needs (docs/decisions/036-staff-roles.md; the walk test checks it). */
export const access = routeAccess({ read: "newsletter.export" });

/**
 * The newsletter list as CSV (formula-safe cells). Handing out addresses is recorded in the audit log.
 * No-store and nosniff come from the server for every /admin response.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const seller = await requireSeller(request, access.read, context.services);
  const filter = subscriberFilterOf(new URL(request.url));
  const db = context.services.db;
  const now = context.services.now();
  const { csv, rows } = await subscribersCsv(db, filter);
  await recordSellerAction(db, seller, "newsletter_exported", "newsletter", { show: filter, rows }, now);
  const day = now.toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="newsletter-${filter}-${day}.csv"`,
    },
  });
}
