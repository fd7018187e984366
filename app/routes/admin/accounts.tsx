import { Form, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/accounts";
import { AdminError } from "~/components/admin/admin-error";
import { ActionButtonForm, SelectField, SubmitButton, TextField } from "~/components/admin/kit/fields";
import { when } from "~/components/admin/kit/format";
import { useConsole } from "~/components/admin/use-console";
import { Card, PageTitle } from "~/components/admin/kit/page";
import { fieldErrorsOf, ReplyNotice } from "~/components/admin/kit/reply";
import { consoleMeta } from "~/components/admin/meta";
import { consoleT, consoleTranslations } from "~/i18n/console.server";
import { inviteFormSchema, sellerRoleSchema } from "~/domain/seller/accounts";
import { fieldErrors } from "~/domain/seller/form-fields";
import { routeAccess, SELLER_ROLES, type SellerRole } from "~/domain/seller/permissions";
import type { TFunction } from "i18next";
import { changeRole, endSessions, inviteSeller, listAccounts, resetTwoFactor, setDisabled, withdrawInvite } from "~/server/accounts/accounts.server";
import { done, field, readForm, refused, refusedFields } from "~/server/platform/forms.server";
import { requireSeller } from "~/server/seller-auth/guard.server";

/** What this route needs (docs/decisions/036-staff-roles.md; the walk test checks it): the owner's alone. */
export const access = routeAccess({ read: "accounts.manage", write: "accounts.manage" });

// The page's words: locales/{lang}/adminAccounts.json, `accounts` (docs/decisions/055).
export const meta: Route.MetaFunction = ({ matches }) => consoleMeta(matches, "adminAccounts.accounts.title");

/** A role as a sentence says it ("owner", "propriétaire"). */
const roleWord = (t: TFunction, role: SellerRole | string) => t(`admin.roles.${role}`).toLowerCase();

export async function loader({ request, context }: Route.LoaderArgs) {
  const seller = await requireSeller(request, access.read, context.services);
  return {
    me: seller.id,
    ...(await listAccounts(context.services.db, context.services.now())),
    translations: consoleTranslations(seller.lang, ["adminAccounts"]),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const seller = await requireSeller(request, access.write, context.services);
  const { db, site } = context.services;
  const now = context.services.now();
  const t = consoleT(seller.lang);
  const form = await readForm(request);
  const intent = field(form, "intent");
  if (intent === "invite") {
    const parsed = inviteFormSchema.safeParse({ email: field(form, "email"), role: field(form, "role") });
    if (!parsed.success) {
      // The address's own message here: sellerEmailSchema's are the CLI's, which words its refusal itself.
      const errors = fieldErrors(parsed.error);
      return refusedFields(errors.email ? { ...errors, email: t("adminAccounts.accounts.enterEmail") } : errors, 422, t("admin.form.fixFields"));
    }
    const result = await inviteSeller(db, site, seller, parsed.data, now, seller.lang);
    if (!result.ok) return refusedFields({ email: t("adminAccounts.accounts.exists") }, 409, t("admin.form.fixFields"));
    return done(t("adminAccounts.accounts.mailed", { email: parsed.data.email, until: when(result.expiresAt, seller.timeZone) }));
  }
  const id = Number(field(form, "id"));
  if (!Number.isSafeInteger(id) || id <= 0) return refused(400, t("adminAccounts.accounts.chooseAccount"));
  switch (intent) {
    case "invite_withdraw":
      return (await withdrawInvite(db, seller, id, now)) ? done(t("adminAccounts.accounts.withdrawn")) : refused(404, t("adminAccounts.accounts.notPending"));
    case "role": {
      const role = sellerRoleSchema.safeParse(field(form, "role"));
      if (!role.success) return refused(422, t("adminAccounts.accounts.chooseRole"));
      return reply(t, await changeRole(db, seller, id, role.data, now));
    }
    case "logout":
      return reply(t, await endSessions(db, seller, id, now));
    case "totp_reset":
      return reply(t, await resetTwoFactor(db, seller, id, now));
    case "disable":
      return reply(t, await setDisabled(db, seller, id, true, now));
    case "enable":
      return reply(t, await setDisabled(db, seller, id, false, now));
    default:
      return refused(400, t("admin.form.unknownAction"));
  }
}

/** A change's reply in the account's language (its role and verb in words of that language). */
function reply(t: TFunction, change: Awaited<ReturnType<typeof setDisabled>>) {
  const values: Record<string, string | number> = { ...change.values };
  if (typeof values.role === "string") values.role = roleWord(t, values.role);
  if (typeof values.what === "string") values.what = t(values.what === "demote" ? "adminAccounts.accounts.whatDemote" : "adminAccounts.accounts.whatDisable");
  const message = t(change.key, values);
  return change.ok ? done(message) : refused(change.status, message);
}

export default function Accounts() {
  const d = useLoaderData<typeof loader>();
  const r = useActionData<typeof action>();
  const errors = fieldErrorsOf(r);
  const { t, when } = useConsole();
  const roleChoices = SELLER_ROLES.map((role) => ({ value: role, label: t(`admin.roles.${role}`) }));
  return (
    <>
      <PageTitle>{t("adminAccounts.accounts.title")}</PageTitle>
      <ReplyNotice reply={r} />
      <div className="grid gap-4 lg:grid-cols-2">
        {d.accounts.map((a) => (
          <Card key={a.id} title={a.email}>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="font-medium text-slate-600">{t("adminAccounts.accounts.role")}</dt>
              <dd>
                {t(`admin.roles.${a.role}`)}
                {a.id === d.me ? t("adminAccounts.accounts.you") : ""}
              </dd>
              <dt className="font-medium text-slate-600">{t("adminAccounts.accounts.state")}</dt>
              <dd>{a.disabledAt ? t("adminAccounts.accounts.disabledSince", { date: when(a.disabledAt) }) : t("adminAccounts.accounts.enabled")}</dd>
              <dt className="font-medium text-slate-600">{t("adminAccounts.accounts.twoFactor")}</dt>
              <dd>{a.totp ? t("adminAccounts.accounts.authenticator") : t("adminAccounts.accounts.passwordOnly")}</dd>
              <dt className="font-medium text-slate-600">{t("adminAccounts.accounts.lastSignIn")}</dt>
              <dd>{when(a.lastLoginAt)}</dd>
              <dt className="font-medium text-slate-600">{t("adminAccounts.accounts.activeSessions")}</dt>
              <dd>{a.sessions}</dd>
            </dl>
            {a.lastOwner ? <p className="mt-3 text-xs text-slate-600">{t("adminAccounts.accounts.lastOwner")}</p> : null}
            <div className="mt-3 flex flex-wrap items-end gap-2">
              {!a.lastOwner && (
                <Form method="post" className="flex items-end gap-2">
                  <input type="hidden" name="id" value={a.id} />
                  <SelectField label={t("adminAccounts.accounts.role")} name="role" options={roleChoices} defaultValue={a.role} className="w-32" />
                  <SubmitButton intent="role" target={String(a.id)} variant="secondary" pendingLabel={t("adminAccounts.accounts.saving")}>
                    {t("adminAccounts.accounts.changeRole")}
                  </SubmitButton>
                </Form>
              )}
              <ActionButtonForm intent="logout" target={String(a.id)} pendingLabel={t("adminAccounts.accounts.ending")}>
                {t("adminAccounts.accounts.endSessions")}
              </ActionButtonForm>
              {a.totp && (
                <ActionButtonForm intent="totp_reset" target={String(a.id)} pendingLabel={t("adminAccounts.accounts.resetting")}>
                  {t("adminAccounts.accounts.resetTwoFactor")}
                </ActionButtonForm>
              )}
              {a.disabledAt ? (
                <ActionButtonForm intent="enable" target={String(a.id)} pendingLabel={t("adminAccounts.accounts.enabling")}>
                  {t("adminAccounts.accounts.enable")}
                </ActionButtonForm>
              ) : (
                !a.lastOwner && (
                  <ActionButtonForm intent="disable" target={String(a.id)} pendingLabel={t("adminAccounts.accounts.disabling")}>
                    {t("adminAccounts.accounts.disable")}
                  </ActionButtonForm>
                )
              )}
            </div>
          </Card>
        ))}
        <Card title={t("adminAccounts.accounts.invite")}>
          <Form method="post" className="space-y-3">
            <TextField label={t("adminAccounts.accounts.email")} name="email" type="email" autoComplete="off" required error={errors.email} />
            <SelectField label={t("adminAccounts.accounts.role")} name="role" options={roleChoices} defaultValue="staff" error={errors.role} />
            <p className="text-xs text-slate-600">{t("adminAccounts.accounts.inviteHint")}</p>
            <SubmitButton intent="invite" pendingLabel={t("adminAccounts.accounts.inviting")}>
              {t("adminAccounts.accounts.sendInvitation")}
            </SubmitButton>
          </Form>
          {d.invites.length > 0 && (
            <>
              <h3 className="mt-4 text-sm font-semibold text-slate-900">{t("adminAccounts.accounts.waitingInvitations")}</h3>
              <ul className="mt-2 space-y-2 text-sm">
                {d.invites.map((i) => (
                  <li key={i.id} className="flex flex-wrap items-center justify-between gap-2 rounded border border-slate-100 p-2">
                    <span>{t("adminAccounts.accounts.inviteLine", { email: i.email, role: t(`admin.roles.${i.role}`), until: when(i.expiresAt) })}</span>
                    <ActionButtonForm intent="invite_withdraw" target={String(i.id)} pendingLabel={t("adminAccounts.accounts.withdrawing")}>
                      {t("adminAccounts.accounts.withdraw")}
                    </ActionButtonForm>
                  </li>
                ))}
              </ul>
            </>
          )}
        </Card>
      </div>
      <p className="mt-4 text-xs text-slate-600">
        {t("adminAccounts.accounts.auditNote")} <code className="font-mono">npm run admin -- list</code> {t("adminAccounts.accounts.auditNoteEnd")}
      </p>
    </>
  );
}

/** Inside the console's frame: a refusal (a role's 403), a request the page cannot read. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
