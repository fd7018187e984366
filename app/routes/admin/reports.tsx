import { Link, useLoaderData } from "react-router";
import type { Route } from "./+types/reports";
import { Card, PageTitle } from "~/components/admin/kit/page";
import { Table } from "~/components/admin/kit/table";
import { consoleMeta } from "~/components/admin/meta";
import { useConsole } from "~/components/admin/use-console";
import { consoleTranslations } from "~/i18n/console.server";
import { StatusBadge } from "~/components/admin/status-badge";
import { requireSeller } from "~/server/seller-auth/guard.server";
import { routeAccess } from "~/domain/seller/permissions";
import { openReportsQueue } from "~/server/problem-reports/reports.server";

/** What this route needs (docs/decisions/036-staff-roles.md; the walk test checks it). */
export const access = routeAccess({ read: "reports.view" });

// The page's words: locales/{lang}/adminReports.json (docs/decisions/055).
export const meta: Route.MetaFunction = ({ matches }) => consoleMeta(matches, "adminReports.reports.title");

export async function loader({ request, context }: Route.LoaderArgs) {
  const seller = await requireSeller(request, access.read, context.services);
  return {
    now: context.services.now(),
    reports: await openReportsQueue(context.services.db),
    translations: consoleTranslations(seller.lang, ["adminReports"]),
  };
}

/** The open problem reports (docs/decisions/034): those waiting on the seller first, the longest waiting first. */
export default function Reports() {
  const { now, reports } = useLoaderData<typeof loader>();
  const { t, when, elapsed, ago } = useConsole();
  return (
    <>
      <PageTitle>{t("adminReports.reports.title")}</PageTitle>
      <Card>
        <Table
          align="top"
          caption={t("adminReports.reports.caption")}
          columns={[
            t("adminReports.reports.colReport"),
            t("adminReports.reports.colReason"),
            t("adminReports.reports.colOrder"),
            t("adminReports.reports.colBuyer"),
            t("adminReports.reports.colWaiting"),
            t("adminReports.reports.colOpened"),
          ]}
          keys={reports.map((r) => r.id)}
          empty={t("adminReports.reports.none")}
          rows={reports.map((r) => [
            <Link to={`/admin/reports/${r.id}`} className="font-semibold text-brand-700 underline">
              {t("adminReports.report.title", { id: r.id })}
            </Link>,
            t(`admin.reasons.${r.reason}`),
            <>
              <Link to={`/admin/orders/${r.orderId}`} className="font-mono text-xs text-brand-700 underline">
                {r.orderId}
              </Link>{" "}
              <StatusBadge status={r.orderStatus} />
              {r.isGift && <span className="ml-1 rounded bg-pink-100 px-1 text-xs text-pink-900">{t("adminReports.reports.gift")}</span>}
            </>,
            <>
              <div>{r.name}</div>
              <div className="text-xs text-slate-600">{r.email}</div>
            </>,
            r.waitingSince ? (
              <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-amber-950">
                {t("adminReports.reports.yourTurn", { wait: elapsed(r.waitingSince, now) })}
              </span>
            ) : (
              <span className="text-xs text-slate-600">{t("adminReports.reports.buyersTurn")}</span>
            ),
            <span className="text-xs">
              {when(r.createdAt)} ({ago(r.createdAt, now)})
            </span>,
          ])}
        />
      </Card>
    </>
  );
}
