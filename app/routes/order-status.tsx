import { CreditCard, LifeBuoy, ShieldCheck, MessageSquareText, MessageSquarePlus, PackageSearch, ReceiptText, RouteIcon } from "~/components/ui/icon";
import { useTranslation } from "~/i18n/use-translation";
import { data, isRouteErrorResponse, redirect, useLocation, useSearchParams } from "react-router";
import type { Route } from "./+types/order-status";
import { ContentPage, PageHeader } from "~/components/content/page-header";
import { NotFound } from "~/components/layout/not-found";
import { isNotFound, ErrorMessage } from "~/components/layout/error-page";
import { LoginHandoffPanel } from "~/components/login-handoff/login-handoff-panel";
import { DeliveryPromiseNotice } from "~/components/order/delivery-promise";
import { OrderItems } from "~/components/order/order-items";
import { OrderPayment } from "~/components/order/order-payment";
import { OrderSupport } from "~/components/order/order-support";
import { OrderTimeline } from "~/components/order/order-timeline";
import { ReportPanel, type ReportFormReply } from "~/components/order/report-panel";
import { ORDER_REFRESH_MS, useOrderRefresh } from "~/components/order/use-order-refresh";
import { ButtonLink } from "~/components/ui/button";
import { hasDeliveryPromise } from "~/domain/delivery-promise";
import { splitLangFromPath } from "~/domain/lang-path";
import { isTerminal } from "~/domain/order-state";
import { translationsOf } from "~/i18n/areas";
import { getI18n, registerTranslations } from "~/i18n/i18n";
import { inlineTranslations, translationsFor } from "~/i18n/resources.server";
import { buyerHandoffView } from "~/server/login-handoff/buyer.server";
import { recordStatusPageVisit } from "~/server/disputes/visits.server";
import { openOrderPage } from "~/server/orders/status.server";
import { buyerReportFormSchema, reportableOrderOf } from "~/domain/problem-reports";
import { isOrderId } from "~/domain/order-id";
import { acceptRequest } from "~/server/web/endpoint.server";
import { isOrderAccessKey } from "~/server/orders/links.server";
import { addBuyerMessage, buyerReportsView, openProblemReport } from "~/server/problem-reports/reports.server";
import { RATE_LIMITS } from "~/server/platform/rate-limit.server";
import { PrivacyPanel, type PrivacyFormReply } from "~/components/order/privacy-panel";
import { privacyRequestFormSchema } from "~/domain/privacy";
import { requestPrivacyAction } from "~/server/privacy/requests.server";
import { orderProofs } from "~/server/orders/delivery-proofs.server";
import { DeliveryProofs } from "~/components/order/delivery-proofs";

/**
 * The buyer's order page, opened only through the signed link (`?k=`) the shop sends; a missing or
 * wrong key, another order's key and an unknown order are the same 404 (docs/decisions/019).
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const now = context.services.now();
  const page = await openOrderPage(context.services.db, context.services.keys, params.id, new URL(request.url).searchParams.get("k"), now);
  const areas = ["checkout", "loginHandoff", "loginRequired", "orderLink", "orderStatus"] as const;
  // The not-found page speaks from this page's area too: its strings themselves travel with the 404.
  if (!page) throw data({ translations: inlineTranslations(params.lang, areas) }, { status: 404 });
  const { view: order, facts } = page;
  const translations = translationsFor({ params, context }, areas);
  // The parts below get the order as read above rather than reading it again (docs/decisions/062).
  // The buyer came to look after delivery: a time for the dispute evidence (times only).
  await recordStatusPageVisit(context.services.db, order.id, now, facts);
  // The permanent-item login form's state (docs/decisions/022): rendered with the page, not after it.
  return {
    order,
    translations,
    loginHandoff: await buyerHandoffView(context.services.db, order.id, now, facts),
    // Problem reports (docs/decisions/034): the reasons that apply now and each report's thread.
    reports: await buyerReportsView(context.services.db, order.id, now, reportableOrderOf(facts, facts.items)),
    // Screenshots of the delivery (docs/decisions/043), served under this link by routes/order-proof.ts.
    proofs: await orderProofs(context.services.db, order.id),
  };
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

/**
 * "Report a problem" and its thread's replies: a plain form POST to this page (no JavaScript
 * needed), checked with the page's key first, then the schema and the rate limit (acceptRequest),
 * then the reason rules again on the server. Success redirects back to the page (PRG).
 */
export async function action(args: Route.ActionArgs) {
  const { params, request, context } = args;
  const url = new URL(request.url);
  const key = url.searchParams.get("k");
  if (!isOrderId(params.id) || !isOrderAccessKey(context.services.keys, params.id, key)) {
    throw data({ translations: inlineTranslations(params.lang, ["orderStatus"]) }, { status: 404 });
  }
  // "Your data" (docs/decisions/041) posts here too, with its own intents and rate limit.
  const intent = (
    await request
      .clone()
      .formData()
      .catch(() => null)
  )?.get("intent");
  if (intent === "privacy_export" || intent === "privacy_delete") return privacyAction(args, params.id, url);
  const accepted = await acceptRequest(args, { body: "form", schema: buyerReportFormSchema, limit: RATE_LIMITS.report });
  if (!accepted.ok) {
    const raw = typeof accepted.raw === "object" && accepted.raw !== null ? (accepted.raw as Record<string, unknown>) : {};
    const fields = accepted.refusal.fields ?? {};
    const report: ReportFormReply = {
      errors: { ...(fields.reason ? { reason: fields.reason } : {}), ...(fields.message ? { message: fields.message } : {}) },
      formError: accepted.status === 422 && (fields.reason || fields.message) ? null : accepted.refusal.code,
      values: { reason: text(raw.reason), message: text(raw.message) },
    };
    return data({ report }, { status: accepted.status, headers: accepted.headers });
  }
  const input = accepted.input;
  const result =
    input.intent === "report"
      ? await openProblemReport(accepted.db, accepted.services.site, { orderId: params.id, reason: input.reason, message: input.message }, accepted.now)
      : await addBuyerMessage(accepted.db, accepted.services.site, { orderId: params.id, message: input.message }, accepted.now);
  if (!result.ok) {
    const report: ReportFormReply = {
      errors: {},
      formError: result.code,
      values: { reason: input.intent === "report" ? input.reason : "", message: input.message },
    };
    return data({ report }, { status: result.code === "order_not_found" ? 404 : 409 });
  }
  url.searchParams.set("reported", "1");
  return redirect(`${url.pathname}${url.search}#report`, 303);
}

/** A data request: the mail with the confirmation link goes to the order's address, then back to the page (PRG). */
async function privacyAction(args: Route.ActionArgs, orderId: string, url: URL) {
  const accepted = await acceptRequest(args, { body: "form", schema: privacyRequestFormSchema, limit: RATE_LIMITS.privacy });
  if (!accepted.ok) {
    const privacy: PrivacyFormReply = { formError: accepted.refusal.code };
    return data({ privacy }, { status: accepted.status, headers: accepted.headers });
  }
  const kind = accepted.input.intent === "privacy_export" ? "export" : "delete";
  const { lang } = splitLangFromPath(url.pathname);
  const result = await requestPrivacyAction(accepted.db, accepted.services.site, { orderId, kind, lang }, accepted.now);
  if (!result.ok) {
    const privacy: PrivacyFormReply = { formError: result.code };
    return data({ privacy }, { status: 404 });
  }
  url.searchParams.delete("reported");
  url.searchParams.set("privacy", kind);
  return redirect(`${url.pathname}${url.search}#privacy`, 303);
}

/**
 * The URL carries the key: nothing from this page may pass it on (strict-origin: other sites and
 * our own requests see the origin only), nor keep or index it.
 */
export const PRIVATE_PAGE_HEADERS = {
  "Referrer-Policy": "strict-origin",
  "X-Robots-Tag": "noindex, nofollow",
  "Cache-Control": "private, no-store",
};

export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  // A report refused for coming too often keeps its Retry-After.
  const retryAfter = actionHeaders?.get("Retry-After");
  return retryAfter ? { ...PRIVATE_PAGE_HEADERS, "Retry-After": retryAfter } : PRIVATE_PAGE_HEADERS;
};

// No canonical or hreflang links: they would repeat the URL, and this page is for its buyer only.
export const meta: Route.MetaFunction = ({ data: loaded, location }) => {
  const { lang } = splitLangFromPath(location.pathname);
  const t = getI18n(lang).t;
  const title = loaded ? t("orderStatus.page.title", { id: loaded.order.id }) : t("orderStatus.notFound.title");
  return [{ title: `${title} | ${t("meta.siteName")}` }, { name: "robots", content: "noindex, nofollow" }];
};

function Panel({ id, title, icon: Icon, children }: { id: string; title: string; icon: typeof ReceiptText; children: React.ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-3xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id={`${id}-heading`} className="flex items-center gap-2 text-lg font-bold text-slate-900">
        <Icon className="size-5 text-brand-700" aria-hidden="true" />
        {title}
      </h2>
      {children}
    </section>
  );
}

export default function OrderStatusPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const { pathname } = useLocation();
  const key = searchParams.get("k");
  const { order, refresh } = useOrderRefresh(loaderData.order, key);
  const statusPath = `/order/${order.id}?k=${key ?? ""}`;
  const live = !isTerminal(order.status);
  const unpaid = order.status === "awaiting_payment" || order.status === "manual_pending";

  return (
    <ContentPage>
      {live ? (
        // Without JavaScript the page reloads itself now and then; with it, the poll does the work
        // (noscript content is inert text when scripts run, so this never reloads a live page).
        <noscript>
          <meta httpEquiv="refresh" content={String((2 * ORDER_REFRESH_MS) / 1000)} />
        </noscript>
      ) : null}
      <PageHeader eyebrow={t("orderStatus.page.eyebrow")} icon={PackageSearch} title={t("orderStatus.page.title", { id: order.id })}>
        <p className="mt-3 text-lg leading-relaxed text-slate-600">{t("orderStatus.page.greeting", { name: order.name })}</p>
      </PageHeader>

      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="min-w-0 space-y-6">
          <section aria-labelledby="status-heading" className="rounded-3xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
            <h2 id="status-heading" className="text-sm font-semibold tracking-wide text-slate-600 uppercase">
              {t("orderStatus.status.label")}
            </h2>
            {/* Announced when the poll brings a new status. */}
            <div aria-live="polite" aria-atomic="true">
              <p className="mt-1 text-2xl font-black tracking-tight text-slate-900" data-testid="order-status">
                {t(`orderStatus.status.${order.status}`)}
              </p>
              <p className="mt-2 text-slate-700">{t(`orderStatus.summary.${order.status}`)}</p>
            </div>
            {hasDeliveryPromise(order.status) && order.paidAt ? (
              <div className="mt-4">
                <DeliveryPromiseNotice paidAt={order.paidAt} serverNow={order.serverNow} />
              </div>
            ) : null}
            {order.sellerNote ? (
              <figure className="mt-4 rounded-2xl border-l-4 border-brand-600 bg-slate-50 p-4" data-testid="seller-note">
                <figcaption className="flex items-center gap-2 text-sm font-semibold text-slate-900">
                  <MessageSquareText className="size-4 text-brand-700" aria-hidden="true" />
                  {t("orderStatus.note.title")}
                </figcaption>
                <blockquote className="mt-2 whitespace-pre-line text-slate-800">{order.sellerNote}</blockquote>
              </figure>
            ) : null}
            {key ? <DeliveryProofs orderId={order.id} accessKey={key} proofs={loaderData.proofs} /> : null}
            {live ? <p className="mt-4 text-xs text-slate-600">{t("orderStatus.page.updating")}</p> : null}
          </section>

          {unpaid ? (
            <Panel id="pay" title={order.status === "manual_pending" ? t("orderStatus.pay.manualTitle") : t("orderStatus.pay.title")} icon={CreditCard}>
              <OrderPayment order={order} statusPath={statusPath} onPaid={() => void refresh()} />
            </Panel>
          ) : null}

          {key ? <LoginHandoffPanel orderId={order.id} accessKey={key} initial={loaderData.loginHandoff} orderStatus={order.status} /> : null}

          <Panel id="progress" title={t("orderStatus.steps.title")} icon={RouteIcon}>
            <OrderTimeline steps={order.timeline} />
          </Panel>

          {key && loaderData.reports && (loaderData.reports.reasons.length > 0 || loaderData.reports.reports.length > 0) ? (
            <Panel id="report" title={t("orderStatus.report.title")} icon={MessageSquarePlus}>
              <ReportPanel
                view={loaderData.reports}
                formAction={`${pathname}?k=${encodeURIComponent(key)}`}
                reply={actionData && "report" in actionData ? actionData.report : undefined}
                sent={searchParams.get("reported") === "1" && !actionData}
              />
            </Panel>
          ) : null}
        </div>

        <div className="min-w-0 space-y-6">
          <Panel id="items" title={t("orderStatus.items.title")} icon={ReceiptText}>
            <OrderItems order={order} />
          </Panel>
          <Panel id="support" title={t("orderLink.support.title")} icon={LifeBuoy}>
            <OrderSupport orderId={order.id} />
          </Panel>
          {key ? (
            <Panel id="your-data" title={t("orderStatus.privacy.title")} icon={ShieldCheck}>
              <PrivacyPanel
                formAction={`${pathname}?k=${encodeURIComponent(key)}`}
                sent={
                  !actionData && (searchParams.get("privacy") === "export" || searchParams.get("privacy") === "delete")
                    ? (searchParams.get("privacy") as "export" | "delete")
                    : null
                }
                reply={actionData && "privacy" in actionData ? actionData.privacy : undefined}
              />
            </Panel>
          ) : null}
        </div>
      </div>
    </ContentPage>
  );
}

/** Any link that does not open an order: the same page for all, with the way to ask for a new link. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const strings = isRouteErrorResponse(error) ? translationsOf(error.data) : null;
  if (strings) registerTranslations(strings.lang, strings.tree);
  const { t } = useTranslation();
  if (!isNotFound(error)) return <ErrorMessage error={error} />;
  return (
    <NotFound title={t("orderStatus.notFound.title")} text={t("orderStatus.notFound.text")}>
      <ButtonLink to="/order">{t("orderStatus.notFound.lookup")}</ButtonLink>
      <ButtonLink to="/" variant="secondary">
        {t("common.notFound.home")}
      </ButtonLink>
    </NotFound>
  );
}
