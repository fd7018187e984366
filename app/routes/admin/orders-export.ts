import { data } from "react-router";
import { z } from "~/domain/zod";
import type { Route } from "./+types/orders-export";
import { recordSellerAction } from "~/server/seller-auth/audit.server";
import { routeAccess } from "~/domain/seller/permissions";
import { requireSeller } from "~/server/seller-auth/guard.server";
import { EXPORT_MAX_DAYS, exportOrdersCsv } from "~/server/orders/desk.server";

/** What this route needs (docs/decisions/036-staff-roles.md; the walk test checks it). */
export const access = routeAccess({ read: "orders.export" });

const day = z.iso.date();

/** GET /admin/orders/export.csv?from=YYYY-MM-DD&to=YYYY-MM-DD: orders placed in that range (UTC days, both included). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const seller = await requireSeller(request, access.read, context.services);
  const url = new URL(request.url);
  const from = day.safeParse(url.searchParams.get("from"));
  const to = day.safeParse(url.searchParams.get("to"));
  if (!from.success || !to.success) throw data("Give from and to as dates (YYYY-MM-DD).", { status: 400 });
  const days = (Date.parse(to.data) - Date.parse(from.data)) / 86_400_000;
  if (days < 0) throw data("The range ends before it starts.", { status: 400 });
  if (days >= EXPORT_MAX_DAYS) throw data(`Export at most ${EXPORT_MAX_DAYS} days at a time.`, { status: 400 });
  const db = context.services.db;
  const csv = await exportOrdersCsv(db, from.data, to.data);
  await recordSellerAction(db, seller, "orders_exported", "orders", { from: from.data, to: to.data }, context.services.now());
  return new Response(`\ufeff${csv}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="orders-${from.data}-to-${to.data}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
