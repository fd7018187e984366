import { Form, redirect, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/invite";
import { AdminError } from "~/components/admin/admin-error";
import { SubmitButton, TextField } from "~/components/admin/kit/fields";
import { utc } from "~/components/admin/kit/format";
import { fieldErrorsOf, ReplyNotice } from "~/components/admin/kit/reply";
import { LoginShell } from "~/components/admin/login-shell";
import { adminMeta } from "~/components/admin/meta";
import { invitePasswordSchema, inviteTokenSchema } from "~/domain/seller/accounts";
import { fieldErrors } from "~/domain/seller/form-fields";
import { ROLE_LABELS } from "~/domain/seller/permissions";
import { SELLER_PASSWORD_MIN } from "~/domain/seller-access";
import { acceptInvite, findUsableInvite } from "~/server/accounts/accounts.server";
import { field, readForm, refused, refusedFields } from "~/server/platform/forms.server";
import { isSameOriginRequest, refuseCrossSite } from "~/server/seller-auth/guard.server";

/**
 * An owner's invitation (docs/decisions/052): the mailed link's page, where the invitee chooses a
 * password. No session: the token is the key, it works once and for 24 hours. The login page follows,
 * then the Account page, where an authenticator can be turned on.
 */
const COPY = {
  title: "Set your password",
  gone: "This invitation link does not work: it was used already, withdrawn, or is more than 24 hours old. Ask the shop's owner for a new one.",
};

export const meta: Route.MetaFunction = () => adminMeta(COPY.title);

export async function loader({ params, context }: Route.LoaderArgs) {
  const token = inviteTokenSchema.safeParse(params.token);
  const invite = token.success ? await findUsableInvite(context.services.db, token.data, context.services.now()) : undefined;
  return invite ? { usable: true as const, email: invite.email, role: invite.role, expiresAt: invite.expiresAt } : { usable: false as const };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  if (!isSameOriginRequest(request, context.services.site)) refuseCrossSite();
  const form = await readForm(request);
  const token = inviteTokenSchema.safeParse(params.token);
  if (!token.success) return refused(404, COPY.gone);
  const parsed = invitePasswordSchema.safeParse({ password: field(form, "password"), confirm: field(form, "confirm") });
  if (!parsed.success) {
    // The password rule's words are shared with the CLI ("at least 12 characters").
    const errors = fieldErrors(parsed.error);
    return refusedFields(errors.password ? { ...errors, password: `Choose a password of ${errors.password}` } : errors);
  }
  const result = await acceptInvite(context.services.db, token.data, parsed.data.password, context.services.now());
  if (!result.ok) return result.reason === "exists" ? refused(409, "This address already has an account: log in with it.") : refused(410, COPY.gone);
  throw redirect(`/admin/login?welcome=1&next=${encodeURIComponent("/admin/account")}`);
}

export default function Invite() {
  const d = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const errors = fieldErrorsOf(reply);
  if (!d.usable)
    return (
      <LoginShell title="Invitation">
        <p role="alert" className="text-sm text-slate-800">
          {COPY.gone}
        </p>
      </LoginShell>
    );
  return (
    <LoginShell title={COPY.title}>
      <p className="mb-4 text-sm text-slate-700">
        Your account <strong>{d.email}</strong> ({ROLE_LABELS[d.role].toLowerCase()}). This link works once, until {utc(d.expiresAt)}.
      </p>
      <ReplyNotice reply={reply} />
      <Form method="post" className="space-y-4">
        <input type="text" name="username" autoComplete="username" value={d.email} readOnly hidden />
        <TextField
          label="New password"
          name="password"
          type="password"
          autoComplete="new-password"
          minLength={SELLER_PASSWORD_MIN}
          required
          hint={`At least ${SELLER_PASSWORD_MIN} characters.`}
          error={errors.password}
        />
        <TextField label="New password again" name="confirm" type="password" autoComplete="new-password" required error={errors.confirm} />
        <SubmitButton className="w-full" pendingLabel="Saving…">
          Set password
        </SubmitButton>
      </Form>
    </LoginShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} standalone />;
}
