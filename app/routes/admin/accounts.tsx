import { Form, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/accounts";
import { AdminError } from "~/components/admin/admin-error";
import { ActionButtonForm, SelectField, SubmitButton, TextField } from "~/components/admin/kit/fields";
import { utc } from "~/components/admin/kit/format";
import { Card, PageTitle } from "~/components/admin/kit/page";
import { fieldErrorsOf, ReplyNotice } from "~/components/admin/kit/reply";
import { adminMeta } from "~/components/admin/meta";
import { inviteFormSchema, sellerRoleSchema } from "~/domain/seller/accounts";
import { fieldErrors } from "~/domain/seller/form-fields";
import { ROLE_LABELS, routeAccess, SELLER_ROLES } from "~/domain/seller/permissions";
import { changeRole, endSessions, inviteSeller, listAccounts, resetTwoFactor, setDisabled, withdrawInvite } from "~/server/accounts/accounts.server";
import { done, field, readForm, refused, refusedFields } from "~/server/platform/forms.server";
import { requireSeller } from "~/server/seller-auth/guard.server";

/** What this route needs (docs/decisions/036-staff-roles.md; the walk test checks it): the owner's alone. */
export const access = routeAccess({ read: "accounts.manage", write: "accounts.manage" });

/** The page's words in one place (the console is English-only today). */
const COPY = {
  title: "Accounts",
  invite: "Invite an account",
  inviteHint: "The invitee gets a link by mail that works once, within 24 hours, to choose a password (and then, if they like, an authenticator).",
  lastOwner: "The shop's last owner: it stays an owner and enabled (make another account owner first).",
  roleChoices: SELLER_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] })),
};

export const meta: Route.MetaFunction = () => adminMeta(COPY.title);

export async function loader({ request, context }: Route.LoaderArgs) {
  const seller = await requireSeller(request, access.read, context.services);
  return { me: seller.id, ...(await listAccounts(context.services.db, context.services.now())) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const seller = await requireSeller(request, access.write, context.services);
  const { db, site } = context.services;
  const now = context.services.now();
  const form = await readForm(request);
  const intent = field(form, "intent");
  if (intent === "invite") {
    const parsed = inviteFormSchema.safeParse({ email: field(form, "email"), role: field(form, "role") });
    if (!parsed.success) {
      // The address's own message here: sellerEmailSchema's are the CLI's, which words its refusal itself.
      const errors = fieldErrors(parsed.error);
      return refusedFields(errors.email ? { ...errors, email: "Enter an email address" } : errors);
    }
    const result = await inviteSeller(db, site, seller, parsed.data, now);
    if (!result.ok) return refusedFields({ email: "This address already has an account." }, 409);
    return done(`Invitation mailed to ${parsed.data.email}: the link works once, until ${utc(result.expiresAt)}.`);
  }
  const id = Number(field(form, "id"));
  if (!Number.isSafeInteger(id) || id <= 0) return refused(400, "Choose an account.");
  switch (intent) {
    case "invite_withdraw":
      return (await withdrawInvite(db, seller, id, now))
        ? done("Invitation withdrawn: its link no longer works.")
        : refused(404, "That invitation is no longer pending.");
    case "role": {
      const role = sellerRoleSchema.safeParse(field(form, "role"));
      if (!role.success) return refused(422, "Choose owner or staff.");
      return reply(await changeRole(db, seller, id, role.data, now));
    }
    case "logout":
      return reply(await endSessions(db, seller, id, now));
    case "totp_reset":
      return reply(await resetTwoFactor(db, seller, id, now));
    case "disable":
      return reply(await setDisabled(db, seller, id, true, now));
    case "enable":
      return reply(await setDisabled(db, seller, id, false, now));
    default:
      return refused(400, "Unknown action.");
  }
}

function reply(change: Awaited<ReturnType<typeof setDisabled>>) {
  return change.ok ? done(change.message) : refused(change.status, change.message);
}

export default function Accounts() {
  const d = useLoaderData<typeof loader>();
  const r = useActionData<typeof action>();
  const errors = fieldErrorsOf(r);
  return (
    <>
      <PageTitle>{COPY.title}</PageTitle>
      <ReplyNotice reply={r} />
      <div className="grid gap-4 lg:grid-cols-2">
        {d.accounts.map((a) => (
          <Card key={a.id} title={a.email}>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="font-medium text-slate-600">Role</dt>
              <dd>
                {ROLE_LABELS[a.role]}
                {a.id === d.me ? " · you" : ""}
              </dd>
              <dt className="font-medium text-slate-600">State</dt>
              <dd>{a.disabledAt ? `Disabled since ${utc(a.disabledAt)}` : "Enabled"}</dd>
              <dt className="font-medium text-slate-600">Two-factor</dt>
              <dd>{a.totp ? "Authenticator code" : "Password only"}</dd>
              <dt className="font-medium text-slate-600">Last sign-in</dt>
              <dd>{utc(a.lastLoginAt)}</dd>
              <dt className="font-medium text-slate-600">Active sessions</dt>
              <dd>{a.sessions}</dd>
            </dl>
            {a.lastOwner ? <p className="mt-3 text-xs text-slate-600">{COPY.lastOwner}</p> : null}
            <div className="mt-3 flex flex-wrap items-end gap-2">
              {!a.lastOwner && (
                <Form method="post" className="flex items-end gap-2">
                  <input type="hidden" name="id" value={a.id} />
                  <SelectField label="Role" name="role" options={COPY.roleChoices} defaultValue={a.role} className="w-32" />
                  <SubmitButton intent="role" target={String(a.id)} variant="secondary" pendingLabel="Saving…">
                    Change role
                  </SubmitButton>
                </Form>
              )}
              <ActionButtonForm intent="logout" target={String(a.id)} pendingLabel="Ending…">
                End sessions
              </ActionButtonForm>
              {a.totp && (
                <ActionButtonForm intent="totp_reset" target={String(a.id)} pendingLabel="Resetting…">
                  Reset two-factor
                </ActionButtonForm>
              )}
              {a.disabledAt ? (
                <ActionButtonForm intent="enable" target={String(a.id)} pendingLabel="Enabling…">
                  Enable
                </ActionButtonForm>
              ) : (
                !a.lastOwner && (
                  <ActionButtonForm intent="disable" target={String(a.id)} pendingLabel="Disabling…">
                    Disable
                  </ActionButtonForm>
                )
              )}
            </div>
          </Card>
        ))}
        <Card title={COPY.invite}>
          <Form method="post" className="space-y-3">
            <TextField label="Email" name="email" type="email" autoComplete="off" required error={errors.email} />
            <SelectField label="Role" name="role" options={COPY.roleChoices} defaultValue="staff" error={errors.role} />
            <p className="text-xs text-slate-600">{COPY.inviteHint}</p>
            <SubmitButton intent="invite" pendingLabel="Inviting…">
              Send invitation
            </SubmitButton>
          </Form>
          {d.invites.length > 0 && (
            <>
              <h3 className="mt-4 text-sm font-semibold text-slate-900">Waiting invitations</h3>
              <ul className="mt-2 space-y-2 text-sm">
                {d.invites.map((i) => (
                  <li key={i.id} className="flex flex-wrap items-center justify-between gap-2 rounded border border-slate-100 p-2">
                    <span>
                      {i.email} · {ROLE_LABELS[i.role]} · until {utc(i.expiresAt)}
                    </span>
                    <ActionButtonForm intent="invite_withdraw" target={String(i.id)} pendingLabel="Withdrawing…">
                      Withdraw
                    </ActionButtonForm>
                  </li>
                ))}
              </ul>
            </>
          )}
        </Card>
      </div>
      <p className="mt-4 text-xs text-slate-600">
        Every change here is recorded in the audit log. From the server, <code className="font-mono">npm run admin -- list</code> shows the same accounts.
      </p>
    </>
  );
}

/** Inside the console's frame: a refusal (a role's 403), a request the page cannot read. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
