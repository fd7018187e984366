import { Form, redirect, useActionData, useSearchParams } from "react-router";
import type { Route } from "./+types/login";
import { AdminError } from "~/components/admin/admin-error";
import { adminMeta } from "~/components/admin/meta";
import { LoginShell } from "~/components/admin/login-shell";
import { SubmitButton, TextField } from "~/components/admin/kit/fields";
import { waitLeft } from "~/components/admin/kit/format";
import { ReplyNotice } from "~/components/admin/kit/reply";
import { loginFormSchema, safeAdminNext } from "~/domain/seller-access";
import { clientKey } from "~/server/platform/client-key.server";
import { field, readForm, refused, retryAfter } from "~/server/platform/forms.server";
import { currentSession, isSameOriginRequest, refuseCrossSite } from "~/server/seller-auth/guard.server";
import { passwordLogin } from "~/server/seller-auth/login.server";
import { sessionSetCookie } from "~/server/seller-auth/session-cookie.server";
import { passRetryAfter } from "~/server/platform/retry-after.server";

export const meta: Route.MetaFunction = () => adminMeta("Log in");

export const headers: Route.HeadersFunction = passRetryAfter;

/** Already signed in: straight on. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await currentSession(request, context.services);
  const next = safeAdminNext(new URL(request.url).searchParams.get("next"));
  if (session?.stage === "active") throw redirect(next);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const { site } = context.services;
  if (!isSameOriginRequest(request, site)) refuseCrossSite();
  const form = await readForm(request);
  const parsed = loginFormSchema.safeParse({ email: field(form, "email"), password: field(form, "password"), next: field(form, "next") });
  if (!parsed.success) return refused(422, parsed.error.issues[0]?.message ?? "Enter your email and password");
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
        ? refused(
            401,
            `Wrong email or password. Too many failed attempts: wait ${waitLeft(outcome.waitSeconds)} before trying again.`,
            retryAfter(outcome.waitSeconds),
          )
        : refused(401, "Wrong email or password.");
    case "throttled":
      return refused(429, `Too many failed attempts. Try again in ${waitLeft(outcome.waitSeconds)}.`, retryAfter(outcome.waitSeconds));
    case "expired":
      return refused(401, "Wrong email or password.");
    case "disabled":
      return refused(403, "This account is disabled: ask the shop's owner.");
  }
}

export default function Login() {
  const reply = useActionData<typeof action>();
  const [params] = useSearchParams();
  return (
    <LoginShell title="Log in">
      {params.get("welcome") === "1" && !reply ? (
        <p role="status" className="rounded border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900">
          Your password is set: log in with it.
        </p>
      ) : null}
      <ReplyNotice reply={reply} />
      <Form method="post" className="space-y-4">
        <input type="hidden" name="next" value={params.get("next") ?? ""} />
        <TextField label="Email" name="email" type="email" autoComplete="username" required />
        <TextField label="Password" name="password" type="password" autoComplete="current-password" required />
        <SubmitButton className="w-full" pendingLabel="Checking…">
          Log in
        </SubmitButton>
      </Form>
    </LoginShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} standalone />;
}
