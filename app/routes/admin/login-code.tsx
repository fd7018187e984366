import { Form, Link, redirect, useActionData, useSearchParams } from "react-router";
import type { Route } from "./+types/login-code";
import { AdminError } from "~/components/admin/admin-error";
import { consoleMeta } from "~/components/admin/meta";
import { useConsole } from "~/components/admin/use-console";
import { langFromAcceptLanguage } from "~/domain/seller/console-prefs";
import { consoleT, consoleTranslations } from "~/i18n/console.server";
import { LoginShell } from "~/components/admin/login-shell";
import { TotpCodeField } from "~/components/admin/totp-code-field";
import { SubmitButton } from "~/components/admin/kit/fields";
import { waitLeft } from "~/components/admin/kit/format";
import { ReplyNotice } from "~/components/admin/kit/reply";
import { ADMIN_LOGIN, safeAdminNext, totpCodeSchema } from "~/domain/seller-access";
import { clientKey } from "~/server/platform/client-key.server";
import { field, readForm, refused, retryAfter } from "~/server/platform/forms.server";
import { currentSession, isSameOriginRequest, refuseCrossSite } from "~/server/seller-auth/guard.server";
import { totpLogin } from "~/server/seller-auth/login.server";
import { clearSessionCookie, readSessionToken, sessionSetCookie } from "~/server/seller-auth/session-cookie.server";
import { passRetryAfter } from "~/server/platform/retry-after.server";

export const meta: Route.MetaFunction = ({ matches }) => consoleMeta(matches, "admin.code.title");

export const headers: Route.HeadersFunction = passRetryAfter;

/** Only after the password step (a session at stage "totp"); anyone else starts at the login page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await currentSession(request, context.services);
  const next = safeAdminNext(new URL(request.url).searchParams.get("next"));
  if (session?.stage === "active") throw redirect(next);
  if (session?.stage !== "totp") throw redirect(ADMIN_LOGIN);
  return { translations: consoleTranslations(langFromAcceptLanguage(request.headers.get("accept-language")), ["admin"]) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { site } = context.services;
  if (!isSameOriginRequest(request, site)) refuseCrossSite();
  // The account is not signed in yet: the browser's language, as on the password step.
  const lang = langFromAcceptLanguage(request.headers.get("accept-language"));
  const t = consoleT(lang);
  const form = await readForm(request);
  const next = safeAdminNext(field(form, "next"));
  const token = readSessionToken(request, site);
  // Posted without the password step's session: 401, as every console post without one.
  if (!token) return refused(401, t("admin.code.stepExpired"));
  const code = totpCodeSchema.safeParse(field(form, "code"));
  if (!code.success) return refused(422, t("admin.code.enterCode"));
  const now = context.services.now();
  const outcome = await totpLogin(
    context.services.db,
    token,
    code.data,
    { clientKey: clientKey(site.keys, context.clientIp), userAgent: request.headers.get("user-agent") },
    now,
  );
  switch (outcome.kind) {
    case "signed_in":
      throw redirect(next, { headers: { "Set-Cookie": sessionSetCookie(outcome.session.token, site, outcome.session.expiresAt.getTime() - now.getTime()) } });
    case "expired":
      return refused(401, t("admin.code.stepExpired"), { headers: { "Set-Cookie": clearSessionCookie(site) } });
    case "refused":
      return outcome.waitSeconds > 0
        ? refused(401, t("admin.code.wrongWait", { wait: waitLeft(outcome.waitSeconds, lang) }), retryAfter(outcome.waitSeconds))
        : refused(401, t("admin.code.wrong"));
    case "throttled":
      return refused(429, t("admin.login.throttled", { wait: waitLeft(outcome.waitSeconds, lang) }), retryAfter(outcome.waitSeconds));
  }
}

export default function LoginCode() {
  const reply = useActionData<typeof action>();
  const [params] = useSearchParams();
  const { t } = useConsole();
  return (
    <LoginShell title={t("admin.code.title")}>
      <ReplyNotice reply={reply} />
      <Form method="post" className="space-y-4">
        <input type="hidden" name="next" value={params.get("next") ?? ""} />
        <TotpCodeField autoFocus />
        <SubmitButton className="w-full" pendingLabel={t("admin.login.checking")}>
          {t("admin.code.continue")}
        </SubmitButton>
      </Form>
      <p className="mt-4 text-sm">
        <Link to={ADMIN_LOGIN} className="text-brand-700 underline">
          {t("admin.code.startAgain")}
        </Link>
      </p>
    </LoginShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} standalone />;
}
