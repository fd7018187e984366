import { Link, useLoaderData } from "react-router";
import type { Route } from "./+types/disputes";
import { DueCountdown } from "~/components/admin/disputes/countdown";
import { usd, utc } from "~/components/admin/kit/format";
import { Card, PageTitle } from "~/components/admin/kit/page";
import { Table } from "~/components/admin/kit/table";
import { adminMeta } from "~/components/admin/meta";
import { reasonLabel } from "~/domain/disputes";
import { routeAccess } from "~/domain/seller/permissions";
import { requireSeller } from "~/server/seller-auth/guard.server";
import { listDisputes } from "~/server/disputes/disputes.server";

/** What this route needs (docs/decisions/036-staff-roles.md; the walk test checks it). */
export const access = routeAccess({ read: "disputes.view" });

export const meta: Route.MetaFunction = () => adminMeta("Disputes");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSeller(request, access.read, context.services);
  const rows = await listDisputes(context.services.db);
  return {
    now: context.services.now(),
    disputes: rows.map(({ id, orderId, reason, amountCents, status, outcome, sellerResponseDueAt, evidenceSentAt, createdAt }) => ({
      id,
      orderId,
      reason,
      amountCents,
      status,
      outcome,
      sellerResponseDueAt,
      evidenceSentAt,
      createdAt,
    })),
  };
}

/** PayPal disputes: open ones first by the seller's deadline, then the resolved ones. */
export default function Disputes() {
  const { now, disputes } = useLoaderData<typeof loader>();
  return (
    <>
      <PageTitle>Disputes</PageTitle>
      <Card>
        <Table
          caption="PayPal disputes, open ones first by deadline"
          tableClassName="min-w-[48rem]"
          rowHeads
          empty="No PayPal disputes. When a buyer opens one, PayPal's webhook brings it here and the shop alerts you."
          columns={["Dispute", "Order", "Reason", { label: "Amount", className: "text-right tabular-nums" }, "Status", "Answer due"]}
          keys={disputes.map((d) => d.id)}
          rows={disputes.map((d) => [
            <Link key="id" to={`/admin/disputes/${encodeURIComponent(d.id)}`} className="font-mono text-xs font-semibold text-brand-700 underline">
              {d.id}
            </Link>,
            d.orderId ? (
              <Link key="order" to={`/admin/orders/${d.orderId}`} className="font-mono text-xs text-brand-700 underline">
                {d.orderId}
              </Link>
            ) : (
              "—"
            ),
            reasonLabel(d.reason),
            d.amountCents === null ? "—" : usd(d.amountCents),
            <span key="status" className="text-xs">
              {d.status}
              {d.outcome && <span className="block text-slate-600">{d.outcome}</span>}
              {d.evidenceSentAt && <span className="block text-slate-600">evidence sent {utc(d.evidenceSentAt)}</span>}
            </span>,
            d.sellerResponseDueAt && d.status !== "RESOLVED" ? (
              <span key="due" className="text-xs">
                <span className="block">{utc(d.sellerResponseDueAt)}</span>
                <DueCountdown dueAt={d.sellerResponseDueAt} now={now} />
              </span>
            ) : (
              "—"
            ),
          ])}
        />
      </Card>
    </>
  );
}
