import { Link, useLoaderData } from "react-router";
import type { Route } from "./+types/disputes";
import { DueCountdown } from "~/components/admin/disputes/countdown";
import { Card, PageTitle } from "~/components/admin/kit/page";
import { Table } from "~/components/admin/kit/table";
import { consoleMeta } from "~/components/admin/meta";
import { useConsole } from "~/components/admin/use-console";
import { consoleTranslations } from "~/i18n/console.server";
import { DISPUTE_REASON_LABELS } from "~/domain/disputes";
import { routeAccess } from "~/domain/seller/permissions";
import { requireSeller } from "~/server/seller-auth/guard.server";
import { listDisputes } from "~/server/disputes/disputes.server";

/** What this route needs (docs/decisions/036-staff-roles.md; the walk test checks it). */
export const access = routeAccess({ read: "disputes.view" });

// The page's words: locales/{lang}/adminReports.json (docs/decisions/055).
export const meta: Route.MetaFunction = ({ matches }) => consoleMeta(matches, "adminReports.disputes.title");

export async function loader({ request, context }: Route.LoaderArgs) {
  const seller = await requireSeller(request, access.read, context.services);
  const rows = await listDisputes(context.services.db);
  return {
    now: context.services.now(),
    translations: consoleTranslations(seller.lang, ["adminReports"]),
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

/** PayPal's reason code in the account's language (unknown codes as PayPal wrote them). */
function useReasonLabel() {
  const { t } = useConsole();
  return (reason: string | null) => (reason ? (reason in DISPUTE_REASON_LABELS ? t(`adminReports.disputeReasons.${reason}`) : reason) : "—");
}

/** PayPal disputes: open ones first by the seller's deadline, then the resolved ones. */
export default function Disputes() {
  const { now, disputes } = useLoaderData<typeof loader>();
  const { t, usd, when } = useConsole();
  const reasonLabel = useReasonLabel();
  return (
    <>
      <PageTitle>{t("adminReports.disputes.title")}</PageTitle>
      <Card>
        <Table
          caption={t("adminReports.disputes.caption")}
          tableClassName="min-w-[48rem]"
          rowHeads
          empty={t("adminReports.disputes.none")}
          columns={[
            t("adminReports.disputes.colDispute"),
            t("adminReports.disputes.colOrder"),
            t("adminReports.disputes.colReason"),
            { label: t("adminReports.disputes.colAmount"), className: "text-right tabular-nums" },
            t("adminReports.disputes.colStatus"),
            t("adminReports.disputes.colDue"),
          ]}
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
              {d.evidenceSentAt && <span className="block text-slate-600">{t("adminReports.disputes.evidenceSent", { at: when(d.evidenceSentAt) })}</span>}
            </span>,
            d.sellerResponseDueAt && d.status !== "RESOLVED" ? (
              <span key="due" className="text-xs">
                <span className="block">{when(d.sellerResponseDueAt)}</span>
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
