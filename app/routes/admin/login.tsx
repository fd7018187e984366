import { Form, redirect, useActionData, useSearchParams } from "react-router";
import type { Route } from "./+types/login";
import { AdminError } from "~/components/admin/admin-error";
import { consoleMeta } from "~/components/admin/meta";
import { useConsole } from "~/components/admin/use-console";
import { langFromAcceptLanguage } from "~/domain/seller/console-prefs";
import { consoleT, consoleTranslations } from "~/i18n/console.server";
import { LoginShell } from "~/components/admin/login-shell";
import { SubmitButton, TextField } from "~/components/admin/kit/fields";
import { ReplyNotice } from "~/components/admin/kit/reply";
import { waitLeft } from "~/components/admin/kit/format";
import { loginFormSchema, safeAdminNext } from "~/domain/seller-access";
import { clientKey } from "~/server/platform/client-key.server";
import { field, readForm, refused, retryAfter } from "~/server/platform/forms.server";
import { currentSession, isSameOriginRequest, refuseCrossSite } from "~/server/seller-auth/guard.server";
import { passwordLogin } from "~/server/seller-auth/login.server";
import { sessionSetCookie } from "~/server/seller-auth/session-cookie.server";
import { passRetryAfter } from "~/server/platform/retry-after.server";

export const meta: Route.MetaFunction = ({ matches }) => consoleMeta(matches, "admin.login.title");

export const headers: Route.HeadersFunction = passRetryAfter;

/** Already signed in: straight on. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await currentSession(request, context.services);
  const next = safeAdminNext(new URL(request.url).searchParams.get("next"));
  if (session?.stage === "active") throw redirect(next);
  // Before sign-in the browser's language (docs/decisions/055): the account's is not known yet.
  return { translations: consoleTranslations(langFromAcceptLanguage(request.headers.get("accept-language")), ["admin"]) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { site } = context.services;
  if (!isSameOriginRequest(request, site)) refuseCrossSite();
  const lang = langFromAcceptLanguage(request.headers.get("accept-language"));
  const t = consoleT(lang);
  const form = await readForm(request);
  const parsed = loginFormSchema.safeParse({ email: field(form, "email"), password: field(form, "password"), next: field(form, "next") });
  if (!parsed.success) return refused(422, t("admin.login.missing"));
  const { email, password } = parsed.data;
  const next = safeAdminNext(parsed.data.next);
  const now = context.services.now();
  const outcome = await passwordLogin(
    context.services.db,
    email,
    password,
    { clientKey: clientKey(site.keys, context.clientIp), userAgent: request.headers.get("user-agent") },
    now,
  );
  switch (outcome.kind) {
    case "signed_in": {
      const cookie = sessionSetCookie(outcome.session.token, site, outcome.session.expiresAt.getTime() - now.getTime());
      const to = outcome.stage === "totp" ? `/admin/login/code?next=${encodeURIComponent(next)}` : next;
      throw redirect(to, { headers: { "Set-Cookie": cookie } });
    }
    case "refused":
      return outcome.waitSeconds > 0
        ? refused(401, t("admin.login.wrongWait", { wait: waitLeft(outcome.waitSeconds, lang) }), retryAfter(outcome.waitSeconds))
        : refused(401, t("admin.login.wrong"));
    case "throttled":
      return refused(429, t("admin.login.throttled", { wait: waitLeft(outcome.waitSeconds, lang) }), retryAfter(outcome.waitSeconds));
    case "expired":
      return refused(401, t("admin.login.wrong"));
    case "disabled":
      return refused(403, t("admin.login.disabled"));
  }
}

export default function Login() {
  const reply = useActionData<typeof action>();
  const [params] = useSearchParams();
  const { t } = useConsole();
  return (
    <LoginShell title={t("admin.login.title")}>
      {params.get("welcome") === "1" && !reply ? (
        <p role="status" className="rounded border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900">
          {t("admin.login.welcome")}
        </p>
      ) : null}
      <ReplyNotice reply={reply} />
      <Form method="post" className="space-y-4">
        <input type="hidden" name="next" value={params.get("next") ?? ""} />
        <TextField label={t("admin.login.email")} name="email" type="email" autoComplete="username" required />
        <TextField label={t("admin.login.password")} name="password" type="password" autoComplete="current-password" required />
        <SubmitButton className="w-full" pendingLabel={t("admin.login.checking")}>
          {t("admin.login.submit")}
        </SubmitButton>
      </Form>
    </LoginShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} standalone />;
}
