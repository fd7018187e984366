import { data, Link, useActionData, useLoaderData, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/dispute";
import { AdminError } from "~/components/admin/admin-error";
import { DueCountdown } from "~/components/admin/disputes/countdown";
import { AcceptClaimForm, DisputeTools, EvidenceForm, MessageForm } from "~/components/admin/disputes/dispute-forms";
import { Card, Facts, Notice, PageTitle } from "~/components/admin/kit/page";
import { fieldErrorsOf, ReplyNotice } from "~/components/admin/kit/reply";
import { consoleMeta } from "~/components/admin/meta";
import { useConsole } from "~/components/admin/use-console";
import { consoleT, consoleTranslations } from "~/i18n/console.server";
import { StatusBadge } from "~/components/admin/status-badge";
import { awaitsSeller, DISPUTE_REASON_LABELS, disputeActionSchema } from "~/domain/disputes";
import { done, field, readForm, refused, refusedFields } from "~/server/platform/forms.server";
import { useCan } from "~/components/admin/use-can";
import { routeAccess } from "~/domain/seller/permissions";
import { requireIntent, requireSeller } from "~/server/seller-auth/guard.server";
import { applyDisputeAction } from "~/server/disputes/actions.server";
import { disputePage } from "~/server/disputes/page.server";

/** What this route needs (docs/decisions/036-staff-roles.md; the walk test checks it): answering speaks for the shop. */
export const access = routeAccess({
  read: "disputes.view",
  write: {
    send_evidence: "disputes.respond",
    accept_claim: "disputes.respond",
    send_message: "disputes.respond",
    refresh: "disputes.view",
    block_buyer: "blocklist.edit",
  },
});

// The page's words: locales/{lang}/adminReports.json (docs/decisions/055).
export const meta: Route.MetaFunction = ({ params, matches }) => consoleMeta(matches, "adminReports.dispute.title", { id: params.id });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const seller = await requireSeller(request, access.read, context.services);
  const page = await disputePage(context.services.db, params.id);
  if (!page) throw data(null, { status: 404 });
  return {
    ...page,
    now: context.services.now(),
    payPalReady: context.services.paypal !== null,
    translations: consoleTranslations(seller.lang, ["adminReports"]),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const seller = await requireSeller(request, "console", context.services);
  const form = await readForm(request);
  await requireIntent(request, seller, access, field(form, "intent"), context.services);
  const deps = {
    db: context.services.db,
    site: context.services.site,
    paypal: context.services.paypal,
    seller,
    now: context.services.now(),
    privateFiles: context.services.privateFiles,
    t: consoleT(seller.lang),
  };
  if (field(form, "intent") === "block_buyer") {
    const result = await applyDisputeAction(deps, params.id, { intent: "block_buyer" });
    return result.ok ? done(result.message) : refused(result.status, result.message);
  }
  const parsed = disputeActionSchema.safeParse(Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string")));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const t = consoleT(seller.lang);
    return refusedFields({ [String(issue?.path[0] ?? "form")]: issue?.message ?? t("adminReports.report.incomplete") }, 422, t("admin.form.fixFields"));
  }
  const result = await applyDisputeAction(deps, params.id, parsed.data);
  return result.ok ? done(result.message) : refused(result.status, result.message);
}

export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod ? true : defaultShouldRevalidate;
}

/** PayPal's reason code in the account's language (unknown codes as PayPal wrote them). */
function useReasonLabel() {
  const { t } = useConsole();
  return (reason: string | null) => (reason ? (reason in DISPUTE_REASON_LABELS ? t(`adminReports.disputeReasons.${reason}`) : reason) : "—");
}

/** One dispute: what PayPal says, the deadline, and the seller's answers. */
export default function DisputePage() {
  const { dispute, order, packet, lost, blocked, now, payPalReady } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const errors = fieldErrorsOf(reply);
  const can = useCan();
  const { t, usd, when } = useConsole();
  const reasonLabel = useReasonLabel();
  const open = awaitsSeller(dispute.status) && can("disputes.respond");
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/admin/disputes" className="text-brand-700 underline">
          ← {t("adminReports.disputes.title")}
        </Link>
      </p>
      <PageTitle>
        {t("adminReports.dispute.heading")} <span className="font-mono">{dispute.id}</span>
      </PageTitle>
      <ReplyNotice reply={reply} />
      {!payPalReady && <Notice tone="info">{t("adminReports.dispute.noPayPal")}</Notice>}
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[2fr_1fr]">
        <div className="min-w-0 space-y-4">
          <Card title={t("adminReports.dispute.paypalSays")}>
            <Facts
              rows={[
                [t("adminReports.disputes.colReason"), reasonLabel(dispute.reason)],
                [t("adminReports.disputes.colAmount"), dispute.amountCents === null ? "—" : usd(dispute.amountCents)],
                [t("adminReports.disputes.colStatus"), dispute.status],
                [t("adminReports.dispute.stage"), dispute.stage ?? "—"],
                [
                  t("adminReports.disputes.colDue"),
                  dispute.sellerResponseDueAt ? (
                    <>
                      {when(dispute.sellerResponseDueAt)} {dispute.status !== "RESOLVED" && <DueCountdown dueAt={dispute.sellerResponseDueAt} now={now} />}
                    </>
                  ) : (
                    "—"
                  ),
                ],
                [t("adminReports.dispute.outcome"), dispute.outcome ?? "—"],
                [t("adminReports.reports.colOpened"), when(dispute.createdAt)],
                [t("adminReports.dispute.readFromPayPal"), when(dispute.detailsReadAt)],
                [t("adminReports.dispute.evidenceSent"), when(dispute.evidenceSentAt)],
              ]}
            />
          </Card>
          {open && !dispute.evidenceSentAt && order && <EvidenceForm packet={packet} errors={errors} />}
          {dispute.evidenceSentAt && (
            <Card title={t("adminReports.dispute.evidenceSent")}>
              <pre className="whitespace-pre-wrap text-sm text-slate-800">{dispute.evidenceText}</pre>
            </Card>
          )}
        </div>
        <div className="min-w-0 space-y-4">
          <Card title={t("adminReports.report.order")}>
            {order ? (
              <Facts
                rows={[
                  [
                    t("adminReports.report.order"),
                    <Link key="o" to={`/admin/orders/${order.id}`} className="font-mono text-xs text-brand-700 underline">
                      {order.id}
                    </Link>,
                  ],
                  [t("adminReports.report.status.label"), <StatusBadge key="s" status={order.status} />],
                  [t("adminReports.report.total"), usd(order.totalCents)],
                  [t("adminReports.dispute.delivered"), when(order.deliveredAt)],
                  [t("adminReports.dispute.email"), order.email],
                  [t("adminReports.report.gameUsername"), order.gameUsername],
                ]}
              />
            ) : (
              <p className="text-sm text-slate-700">{t("adminReports.dispute.notOurs")}</p>
            )}
          </Card>
          {open && <AcceptClaimForm errors={errors} />}
          {dispute.stage === "INQUIRY" && dispute.status !== "RESOLVED" && can("disputes.respond") && <MessageForm errors={errors} />}
          <DisputeTools lost={lost && order !== null && can("blocklist.edit")} blocked={blocked} />
        </div>
      </div>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
