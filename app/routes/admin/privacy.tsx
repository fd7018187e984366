import { useLoaderData } from "react-router";
import type { Route } from "./+types/privacy";
import { utc } from "~/components/admin/kit/format";
import { Card, PageTitle } from "~/components/admin/kit/page";
import { Table } from "~/components/admin/kit/table";
import { adminMeta } from "~/components/admin/meta";
import { routeAccess } from "~/domain/seller/permissions";
import { requireSeller } from "~/server/seller-auth/guard.server";
import { listPrivacyRuns } from "~/server/privacy/retention.server";
import { listPrivacyRequests } from "~/server/privacy/requests.server";

/** What this route needs (docs/decisions/036-staff-roles.md; the walk test checks it). */
export const access = routeAccess({ read: "privacy.view" });

export const meta: Route.MetaFunction = () => adminMeta("Privacy");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSeller(request, access.read, context.services);
  const now = context.services.now();
  return {
    policy: context.services.retention,
    runs: await listPrivacyRuns(context.services.db),
    requests: await listPrivacyRequests(context.services.db, now),
  };
}

const STATUS_LABELS = { awaiting_confirmation: "Awaiting the buyer's confirmation", scheduled: "Scheduled", done: "Done", expired: "Link expired" } as const;
const BLOCKER_LABELS: Record<string, string> = {
  order_open: "an order is not finished",
  open_dispute: "a dispute is open",
  open_report: "a problem report is open",
};

/**
 * What the shop keeps and for how long (docs/decisions/041): the policy in force, each run of the
 * retention job (what it removed, when) and each buyer's data request with where it stands.
 */
export default function Privacy() {
  const { policy, runs, requests } = useLoaderData<typeof loader>();
  return (
    <>
      <PageTitle>Privacy</PageTitle>
      <Card>
        <h2 className="text-base font-semibold text-slate-900">Retention policy</h2>
        <p className="mt-1 text-sm text-slate-700">
          Buyers' personal data on finished orders (email, names, game and community usernames, client key, PayPal payer, notes, message and mail texts) is
          pseudonymised {policy.orderMonths} months after the order's last event, unless a dispute or a problem report is open; amounts, items and dates stay.
          Status-page visits and rate-limit rows are deleted after {policy.visitDays} days. Set with RETENTION_ORDER_MONTHS and RETENTION_VISIT_DAYS.
        </p>
      </Card>
      <div className="mt-4 grid grid-cols-1 gap-4">
        <Card>
          <Table
            caption="Buyers' data requests"
            tableClassName="min-w-[40rem]"
            empty="No buyer has asked yet."
            columns={["Asked", "Request", "Order", "Status", "Confirmed", "Done"]}
            keys={requests.map((r) => r.id)}
            rows={requests.map((r) => [
              utc(r.createdAt),
              r.kind === "export" ? "Send me my data" : "Delete my data",
              <span key="o" className="font-mono text-xs">
                {r.orderId}
              </span>,
              <span key="s" className="text-xs">
                {STATUS_LABELS[r.status]}
                {r.reason && (
                  <span className="block text-slate-600">
                    waits:{" "}
                    {r.reason
                      .split(",")
                      .map((b) => BLOCKER_LABELS[b] ?? b)
                      .join(", ")}
                  </span>
                )}
              </span>,
              r.confirmedAt ? utc(r.confirmedAt) : "—",
              r.doneAt ? utc(r.doneAt) : "—",
            ])}
          />
        </Card>
        <Card>
          <Table
            caption="Retention runs"
            tableClassName="min-w-[40rem]"
            empty="The retention job has not run yet."
            columns={["When", "Orders pseudonymised", "Visits deleted", "Rate-limit rows deleted", "Waiting deletions applied"]}
            keys={runs.map((r) => r.id)}
            rows={runs.map((r) => [
              utc(r.ranAt),
              <span key="o" className="text-xs">
                {r.ordersPseudonymised}
                {r.orderIds.length > 0 && <span className="block break-all font-mono text-slate-600">{r.orderIds.join(", ")}</span>}
              </span>,
              String(r.visitsDeleted),
              String(r.rateLimitsDeleted),
              String(r.requestsApplied),
            ])}
          />
        </Card>
      </div>
    </>
  );
}
