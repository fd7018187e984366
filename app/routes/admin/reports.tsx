import { Link, useLoaderData } from "react-router";
import type { Route } from "./+types/reports";
import { elapsed, utc } from "~/components/admin/kit/format";
import { Card, PageTitle } from "~/components/admin/kit/page";
import { Table } from "~/components/admin/kit/table";
import { adminMeta } from "~/components/admin/meta";
import { REASON_LABELS } from "~/domain/problem-reports";
import { StatusBadge } from "~/components/admin/status-badge";
import { requireSeller } from "~/server/seller-auth/guard.server";
import { routeAccess } from "~/domain/seller/permissions";
import { openReportsQueue } from "~/server/problem-reports/reports.server";

/** What this route needs (docs/decisions/036-staff-roles.md; the walk test checks it). */
export const access = routeAccess({ read: "reports.view" });

export const meta: Route.MetaFunction = () => adminMeta("Problem reports");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSeller(request, access.read, context.services);
  return { now: context.services.now(), reports: await openReportsQueue(context.services.db) };
}

/** The open problem reports (docs/decisions/034): those waiting on the seller first, the longest waiting first. */
export default function Reports() {
  const { now, reports } = useLoaderData<typeof loader>();
  return (
    <>
      <PageTitle>Problem reports</PageTitle>
      <Card>
        <Table
          align="top"
          caption="Open problem reports, the longest waiting first"
          columns={["Report", "Reason", "Order", "Buyer", "Waiting", "Opened"]}
          keys={reports.map((r) => r.id)}
          empty="No open reports."
          rows={reports.map((r) => [
            <Link to={`/admin/reports/${r.id}`} className="font-semibold text-brand-700 underline">
              Report {r.id}
            </Link>,
            REASON_LABELS[r.reason],
            <>
              <Link to={`/admin/orders/${r.orderId}`} className="font-mono text-xs text-brand-700 underline">
                {r.orderId}
              </Link>{" "}
              <StatusBadge status={r.orderStatus} />
              {r.isGift && <span className="ml-1 rounded bg-pink-100 px-1 text-xs text-pink-900">gift</span>}
            </>,
            <>
              <div>{r.name}</div>
              <div className="text-xs text-slate-600">{r.email}</div>
            </>,
            r.waitingSince ? (
              <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-amber-950">
                {elapsed(r.waitingSince, now)} · your turn
              </span>
            ) : (
              <span className="text-xs text-slate-600">answered · buyer's turn</span>
            ),
            <span className="text-xs">
              {utc(r.createdAt)} ({elapsed(r.createdAt, now)} ago)
            </span>,
          ])}
        />
      </Card>
    </>
  );
}
