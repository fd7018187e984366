import { data, Form, useNavigation, type ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/privacy-request";
import { ContentPage } from "~/components/content/page-header";
import { Button, ButtonLink } from "~/components/ui/button";

import { CircleAlert, CircleCheck, ShieldCheck } from "~/components/ui/icon";
import { splitLangFromPath } from "~/domain/lang-path";
import { privacyConfirmFormSchema, type DeletionBlocker, type PrivacyRequestKind } from "~/domain/privacy";
import { getI18n } from "~/i18n/i18n";
import { translationsFor } from "~/i18n/resources.server";
import { useTranslation } from "~/i18n/use-translation";
import { RATE_LIMITS } from "~/server/platform/rate-limit.server";
import { confirmDeletion, openPrivacyRequest } from "~/server/privacy/requests.server";
import { acceptRequest } from "~/server/web/endpoint.server";

/**
 * /privacy-request?t=…: the single-use link of a "send me my data" / "delete my data" mail
 * (docs/decisions/041). Opening it changes nothing; the button does: a plain form POST, to the
 * download route for a copy, to this page for a deletion.
 */
type LinkError = "privacy_link_invalid" | "privacy_link_used" | "privacy_link_expired";
type View = { state: "ready"; kind: PrivacyRequestKind; orderId: string } | { state: "error"; code: LinkError };
type Outcome =
  { state: "done" } | { state: "scheduled"; blockers: DeletionBlocker[] } | { state: "error"; code: LinkError | "rate_limited" | "request_invalid" };

export const headers: Route.HeadersFunction = () => ({
  "X-Robots-Tag": "noindex, nofollow",
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "strict-origin",
});

export const meta: Route.MetaFunction = ({ location }) => {
  const { t } = getI18n(splitLangFromPath(location.pathname).lang);
  return [{ title: `${t("orderStatus.privacy.confirm.title")} | ${t("meta.siteName")}` }, { name: "robots", content: "noindex, nofollow" }];
};

/** After the button, the action's answer is the page: reading the link again would only say it is used. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) => (formMethod ? false : defaultShouldRevalidate);

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("t");
  const opened = await openPrivacyRequest(context.services.db, context.services.keys, token, context.services.now());
  const view: View = opened.ok ? { state: "ready", kind: opened.request.kind, orderId: opened.request.orderId } : { state: "error", code: opened.code };
  return { view, token: opened.ok ? token : null, translations: translationsFor({ params, context }, ["orderStatus"]) };
}

export async function action(args: Route.ActionArgs) {
  const accepted = await acceptRequest(args, { body: "form", schema: privacyConfirmFormSchema, limit: RATE_LIMITS.privacy });
  if (!accepted.ok) {
    const outcome: Outcome = { state: "error", code: accepted.status === 429 ? "rate_limited" : "request_invalid" };
    return data({ outcome }, { status: accepted.status, headers: accepted.headers });
  }
  const result = await confirmDeletion(accepted.db, accepted.services.keys, accepted.input.t, accepted.now, accepted.services.privateFiles);
  const outcome: Outcome = !result.ok
    ? { state: "error", code: result.code }
    : result.status === "done"
      ? { state: "done" }
      : { state: "scheduled", blockers: result.blockers };
  return data({ outcome }, { status: result.ok ? 200 : 410 });
}

export default function PrivacyRequestPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const { view, token } = loaderData;
  const outcome = actionData?.outcome;
  const errorCode = outcome?.state === "error" ? outcome.code : view.state === "error" ? view.code : null;
  const good = !errorCode;
  const Icon = errorCode ? CircleAlert : outcome ? CircleCheck : ShieldCheck;
  const title = t("orderStatus.privacy.confirm.title");
  return (
    <ContentPage className="sm:py-20">
      <div aria-live="polite" className="mx-auto max-w-xl rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10">
        <span className={`mx-auto flex size-16 items-center justify-center rounded-full ${good ? "bg-brand-50 text-brand-700" : "bg-amber-50 text-amber-800"}`}>
          <Icon className="size-8" aria-hidden="true" />
        </span>
        <h1 className="mt-5 text-center text-3xl font-black tracking-tight text-balance text-slate-900">{title}</h1>
        {errorCode ? (
          <p role="alert" className="mt-4 text-center text-lg text-slate-700">
            {errorCode === "rate_limited" || errorCode === "request_invalid" ? t(`errors.${errorCode}`) : t(`orderStatus.privacy.confirm.errors.${errorCode}`)}
          </p>
        ) : outcome?.state === "done" ? (
          <p role="status" className="mt-4 text-center text-lg text-slate-700">
            {t("orderStatus.privacy.confirm.done")}
          </p>
        ) : outcome?.state === "scheduled" ? (
          <div role="status" className="mt-4 text-slate-700">
            <p className="text-lg">{t("orderStatus.privacy.confirm.scheduled")}</p>
            <ul className="mt-3 list-disc space-y-1 pl-6">
              {outcome.blockers.map((blocker) => (
                <li key={blocker}>{t(`orderStatus.privacy.confirm.blockers.${blocker}`)}</li>
              ))}
            </ul>
          </div>
        ) : view.state === "ready" && token ? (
          <>
            <p className="mt-4 text-lg text-slate-700">
              {view.kind === "export"
                ? t("orderStatus.privacy.confirm.exportText", { id: view.orderId })
                : t("orderStatus.privacy.confirm.deleteText", { id: view.orderId })}
            </p>
            {view.kind === "export" ? (
              // A plain form (not the router's): the browser itself receives the file as a download.
              <form method="post" action="/privacy-request/download" className="mt-8">
                <input type="hidden" name="t" value={token} />
                <Button type="submit" size="lg" className="w-full sm:w-auto">
                  {t("orderStatus.privacy.confirm.exportButton")}
                </Button>
              </form>
            ) : (
              <Form method="post" className="mt-8">
                <input type="hidden" name="t" value={token} />
                <Button type="submit" size="lg" disabled={busy} variant="secondary" className="w-full sm:w-auto">
                  {t("orderStatus.privacy.confirm.deleteButton")}
                </Button>
              </Form>
            )}
          </>
        ) : null}
        {outcome || errorCode ? (
          <div className="mt-8 flex justify-center">
            <ButtonLink to="/" variant="secondary">
              {t("orderStatus.privacy.confirm.home")}
            </ButtonLink>
          </div>
        ) : null}
      </div>
    </ContentPage>
  );
}
