import { data } from "react-router";
import type { Route } from "./+types/analytics-export";
import { UTF8_BOM, toCsv } from "~/domain/csv";
import { isChartId, RANGE_PROBLEMS, STAFF_CHARTS } from "~/domain/seller/analytics";
import { roleMay, routeAccess } from "~/domain/seller/permissions";
import { chartTable, CSV_VIEW, requestedRange } from "~/server/analytics/report.server";
import { requireSeller, roleRefusal } from "~/server/seller-auth/guard.server";

/** What this route needs (docs/decisions/036-staff-roles.md): the delivery charts for everyone, the rest for the owner (checked per chart below). */
export const access = routeAccess({ read: "analytics.delivery" });

/** GET /admin/analytics/csv/<chart>?from&to&group: the chart's table, row for row as the page shows it. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const seller = await requireSeller(request, access.read, context.services);
  const id = params.chart;
  if (!isChartId(id)) throw data("No such chart.", { status: 404 });
  if (!STAFF_CHARTS.includes(id) && !roleMay(seller.role, "analytics.view"))
    throw data(roleRefusal(seller.lang, seller.role, "analytics.view"), { status: 403 });
  const { db } = context.services;
  const now = context.services.now();
  const { range, problem, zone } = await requestedRange(db, new URL(request.url), now);
  if (problem) throw data(RANGE_PROBLEMS[problem], { status: 400 });
  // English headers and words whatever the account's language: CSVs are read by scripts and spreadsheets.
  const chart = await chartTable(db, id, range, zone, now, CSV_VIEW);
  return new Response(`${UTF8_BOM}${toCsv(chart.columns, chart.rows)}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${id}-${range.from}-to-${range.to}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
