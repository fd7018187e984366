import { Form, redirect, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/invite";
import { AdminError } from "~/components/admin/admin-error";
import { SubmitButton, TextField } from "~/components/admin/kit/fields";
import { fieldErrorsOf, ReplyNotice } from "~/components/admin/kit/reply";
import { LoginShell } from "~/components/admin/login-shell";
import { consoleMeta } from "~/components/admin/meta";
import { useConsole } from "~/components/admin/use-console";
import { langFromAcceptLanguage } from "~/domain/seller/console-prefs";
import { consoleT, consoleTranslations } from "~/i18n/console.server";
import { Trans } from "react-i18next";
import { invitePasswordSchema, inviteTokenSchema } from "~/domain/seller/accounts";
import { fieldErrors } from "~/domain/seller/form-fields";
import { SELLER_PASSWORD_MIN } from "~/domain/seller-access";
import { acceptInvite, findUsableInvite } from "~/server/accounts/accounts.server";
import { field, readForm, refused, refusedFields } from "~/server/platform/forms.server";
import { isSameOriginRequest, refuseCrossSite } from "~/server/seller-auth/guard.server";

/**
 * An owner's invitation (docs/decisions/052): the mailed link's page, where the invitee chooses a
 * password. No session: the token is the key, it works once and for 24 hours. The login page follows,
 * then the Account page, where an authenticator can be turned on.
 */
export const meta: Route.MetaFunction = ({ matches }) => consoleMeta(matches, "admin.invite.title");

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const token = inviteTokenSchema.safeParse(params.token);
  const invite = token.success ? await findUsableInvite(context.services.db, token.data, context.services.now()) : undefined;
  // No account yet: the browser's language (docs/decisions/055).
  const translations = consoleTranslations(langFromAcceptLanguage(request.headers.get("accept-language")), ["admin"]);
  return invite
    ? { usable: true as const, email: invite.email, role: invite.role, expiresAt: invite.expiresAt, translations }
    : { usable: false as const, translations };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  if (!isSameOriginRequest(request, context.services.site)) refuseCrossSite();
  const t = consoleT(langFromAcceptLanguage(request.headers.get("accept-language")));
  const form = await readForm(request);
  const token = inviteTokenSchema.safeParse(params.token);
  if (!token.success) return refused(404, t("admin.invite.gone"));
  const parsed = invitePasswordSchema.safeParse({ password: field(form, "password"), confirm: field(form, "confirm") });
  if (!parsed.success) {
    // The password rule's words are shared with the CLI ("at least 12 characters").
    const errors = fieldErrors(parsed.error);
    return refusedFields(errors.password ? { ...errors, password: t("admin.invite.passwordRule", { rule: errors.password }) } : errors);
  }
  const result = await acceptInvite(context.services.db, token.data, parsed.data.password, context.services.now());
  if (!result.ok) return result.reason === "exists" ? refused(409, t("admin.invite.exists")) : refused(410, t("admin.invite.gone"));
  throw redirect(`/admin/login?welcome=1&next=${encodeURIComponent("/admin/account")}`);
}

export default function Invite() {
  const d = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const errors = fieldErrorsOf(reply);
  const { t, when } = useConsole();
  if (!d.usable)
    return (
      <LoginShell title={t("admin.invite.invitation")}>
        <p role="alert" className="text-sm text-slate-800">
          {t("admin.invite.gone")}
        </p>
      </LoginShell>
    );
  return (
    <LoginShell title={t("admin.invite.title")}>
      <p className="mb-4 text-sm text-slate-700">
        <Trans
          i18nKey="admin.invite.intro"
          values={{ email: d.email, role: t(`admin.roles.${d.role}`).toLowerCase(), until: when(d.expiresAt) }}
          components={{ strong: <strong /> }}
        />
      </p>
      <ReplyNotice reply={reply} />
      <Form method="post" className="space-y-4">
        <input type="text" name="username" autoComplete="username" value={d.email} readOnly hidden />
        <TextField
          label={t("admin.invite.newPassword")}
          name="password"
          type="password"
          autoComplete="new-password"
          minLength={SELLER_PASSWORD_MIN}
          required
          hint={t("admin.invite.atLeast", { count: SELLER_PASSWORD_MIN })}
          error={errors.password}
        />
        <TextField label={t("admin.invite.newPasswordAgain")} name="confirm" type="password" autoComplete="new-password" required error={errors.confirm} />
        <SubmitButton className="w-full" pendingLabel={t("admin.invite.saving")}>
          {t("admin.invite.submit")}
        </SubmitButton>
      </Form>
    </LoginShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} standalone />;
}
