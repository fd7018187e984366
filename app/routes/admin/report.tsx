import { data, Link, useActionData, useLoaderData, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/report";
import { AdminError } from "~/components/admin/admin-error";
import { Card, Facts, PageTitle } from "~/components/admin/kit/page";
import { ReplyNotice } from "~/components/admin/kit/reply";
import { consoleMeta } from "~/components/admin/meta";
import { useConsole } from "~/components/admin/use-console";
import { consoleT, consoleTranslations } from "~/i18n/console.server";
import { ReportActions } from "~/components/admin/reports/report-actions";
import { ReportThread } from "~/components/admin/reports/report-thread";
import { StatusBadge } from "~/components/admin/status-badge";
import { sellerReportActionSchema } from "~/domain/problem-reports";
import { done, field, formKey, readForm, refused } from "~/server/platform/forms.server";
import { requireIntent, requireSeller, type Seller } from "~/server/seller-auth/guard.server";
import { isMultipart, NO_PROOFS, storeProofs, withProofUpload } from "~/server/orders/delivery-proofs.server";
import { MediaError } from "~/server/media/media-error.server";
import type { Upload } from "~/server/media/upload.server";
import { useCan } from "~/components/admin/use-can";
import { routeAccess } from "~/domain/seller/permissions";
import { paymentSummary } from "~/server/orders/desk.server";
import { applyReportAction } from "~/server/problem-reports/report-actions.server";
import { reportDetail } from "~/server/problem-reports/reports.server";
import { payments } from "../../../db/schema";
import { eq } from "drizzle-orm";

/** What this route needs (docs/decisions/036-staff-roles.md): a refund from a report is a refund (owner only). */
export const access = routeAccess({
  read: "reports.view",
  write: { answer: "reports.work", redeliver: "reports.work", close: "reports.work", refund: "orders.refund" },
});

// The page's words: locales/{lang}/adminReports.json (docs/decisions/055).
export const meta: Route.MetaFunction = ({ params, matches }) => consoleMeta(matches, "adminReports.report.title", { id: params.id });

function reportId(param: string): number {
  const id = Number(param);
  if (!Number.isSafeInteger(id) || id <= 0) throw data(null, { status: 404 });
  return id;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const seller = await requireSeller(request, access.read, context.services);
  const db = context.services.db;
  const detail = await reportDetail(db, reportId(params.id));
  if (!detail) throw data(null, { status: 404 });
  const rows = await db.select().from(payments).where(eq(payments.orderId, detail.order.id)).orderBy(payments.id);
  const { capture, refundableCents } = paymentSummary(rows);
  return {
    ...detail,
    now: context.services.now(),
    refund: capture
      ? {
          refundKey: formKey(),
          refundableCents,
          payPalRefunds: detail.order.channel === "paypal" && capture.provider === "paypal",
          payPalReady: context.services.paypal !== null,
        }
      : null,
    translations: consoleTranslations(seller.lang, ["adminReports"]),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const seller = await requireSeller(request, "console", context.services);
  // The re-deliver form with its screenshots comes as multipart (docs/decisions/043); every other form url-encoded.
  if (isMultipart(request)) {
    return withProofUpload(
      context.services.media,
      request,
      (form, upload) => reportAction(request, params.id, context, seller, form, upload),
      (status, message) => refused(status, message),
    );
  }
  return reportAction(request, params.id, context, seller, await readForm(request), null);
}

async function reportAction(request: Request, id: string, context: Route.ActionArgs["context"], seller: Seller, form: FormData, upload: Upload | null) {
  await requireIntent(request, seller, access, field(form, "intent"), context.services);
  const t = consoleT(seller.lang);
  const parsed = sellerReportActionSchema.safeParse(Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string")));
  if (!parsed.success) return refused(422, parsed.error.issues[0]?.message ?? t("adminReports.report.incomplete"));
  let proofs = NO_PROOFS;
  if (upload?.files.length) {
    if (parsed.data.intent !== "redeliver") return refused(422, t("adminReports.report.screenshotsRedeliverOnly"));
    const detail = await reportDetail(context.services.db, reportId(id));
    if (!detail) return refused(404, t("adminReports.report.noReport"));
    try {
      proofs = await storeProofs(context.services, detail.order.id, upload);
    } catch (error) {
      if (error instanceof MediaError) return refused(error.status === 413 ? 413 : 422, error.message);
      throw error;
    }
  }
  const result = await applyReportAction(
    { db: context.services.db, site: context.services.site, paypal: context.services.paypal, seller, now: context.services.now(), t },
    reportId(id),
    parsed.data,
    proofs.proofs,
  );
  if (!result.ok) await proofs.discard();
  return result.ok ? done(result.message) : refused(result.status, result.message);
}

export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod ? true : defaultShouldRevalidate;
}

/** One problem report: the thread, the order's deliveries, and the seller's answer, re-delivery, refund or closing. */
export default function ReportPage() {
  const d = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const can = useCan();
  const { t, usd, when } = useConsole();
  const { report, order } = d;
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/admin/reports" className="text-brand-700 underline">
          ← {t("adminReports.reports.title")}
        </Link>
      </p>
      <PageTitle>
        {t("adminReports.report.title", { id: report.id })} · {t(`admin.reasons.${report.reason}`)}{" "}
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${report.status === "open" ? "bg-amber-100 text-amber-950" : "bg-slate-200 text-slate-700"}`}
        >
          {t(`adminReports.report.status.${report.status}`)}
        </span>
      </PageTitle>
      <ReplyNotice reply={reply} />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[2fr_1fr]">
        <div className="order-last min-w-0 space-y-4 lg:order-first">
          <ReportThread entries={d.entries} />
          <Card title={t("adminReports.report.deliveries")}>
            <Facts
              rows={[
                [t("adminReports.report.firstDelivery"), when(order.deliveredAt)],
                [t("adminReports.report.publicNote"), order.sellerNote ?? "—"],
                [t("adminReports.report.privateNote"), <span className="whitespace-pre-wrap">{order.deliveryNote ?? "—"}</span>],
                ...d.deliveries.map((delivery): [string, React.ReactNode] => [
                  t("adminReports.report.redelivery", { id: delivery.id }),
                  <span className="whitespace-pre-wrap">
                    {delivery.reportId
                      ? t("adminReports.report.byFor", { at: when(delivery.createdAt), actor: delivery.actor, report: delivery.reportId })
                      : t("adminReports.report.by", { at: when(delivery.createdAt), actor: delivery.actor })}
                    {"\n"}
                    {t("adminReports.report.forBuyer", { note: delivery.publicNote ?? "—" })}
                    {"\n"}
                    {t("adminReports.report.record", { note: delivery.privateNote })}
                  </span>,
                ]),
              ]}
            />
          </Card>
        </div>
        <div className="min-w-0 space-y-4">
          <Card title={t("adminReports.report.order")}>
            <Facts
              rows={[
                [
                  t("adminReports.report.order"),
                  <Link to={`/admin/orders/${order.id}`} className="font-mono text-brand-700 underline">
                    {order.id}
                  </Link>,
                ],
                [t("adminReports.report.status.label"), <StatusBadge status={order.status} />],
                [t("adminReports.report.total"), usd(order.totalCents)],
                [t("adminReports.report.paid"), when(order.paidAt)],
                [t("adminReports.reports.colBuyer"), `${order.name} <${order.email}>`],
                [t("adminReports.report.gameUsername"), order.gameUsername],
                ["Discord", order.communityUsername],
                [t("adminReports.report.language"), order.lang],
                [t("adminReports.reports.colOpened"), when(report.createdAt)],
                ...(d.otherReports.length
                  ? [[t("adminReports.report.otherReports"), d.otherReports.map((r) => `${r.id} (${r.status})`).join(", ")] as [string, React.ReactNode]]
                  : []),
              ]}
            />
          </Card>
          {report.status === "open" ? (
            <ReportActions
              orderStatus={order.status}
              refund={can("orders.refund") ? d.refund : null}
              done={{
                answers: d.entries.filter((e) => e.author === "seller" && e.kind === "message").length,
                redeliveries: d.deliveries.length,
              }}
            />
          ) : (
            <Card title={t("adminReports.report.closed")}>
              <p className="text-sm">{t("adminReports.report.closedText", { at: when(report.closedAt) })}</p>
            </Card>
          )}
        </div>
      </div>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
