import { Form, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/suppressions";
import { SubmitButton } from "~/components/admin/kit/fields";
import { Card, PageTitle } from "~/components/admin/kit/page";
import { ReplyNotice } from "~/components/admin/kit/reply";
import { Table } from "~/components/admin/kit/table";
import { consoleMeta } from "~/components/admin/meta";
import { useConsole } from "~/components/admin/use-console";
import { consoleT, consoleTranslations } from "~/i18n/console.server";
import { routeAccess } from "~/domain/seller/permissions";
import { liftSuppression, listSuppressions, type SuppressionReason } from "~/server/mail/suppressions.server";
import { done, field, readForm, refused, refusedFields } from "~/server/platform/forms.server";
import { recordSellerAction } from "~/server/seller-auth/audit.server";
import { requireIntent, requireSeller } from "~/server/seller-auth/guard.server";

/** What this route needs (docs/decisions/036-staff-roles.md; the walk test checks it). */
export const access = routeAccess({ read: "suppressions.view", write: { lift: "suppressions.lift" } });

// The page's words: locales/{lang}/adminPrivacy.json (docs/decisions/055).
export const meta: Route.MetaFunction = ({ matches }) => consoleMeta(matches, "adminPrivacy.suppressions.title");

export async function loader({ request, context }: Route.LoaderArgs) {
  const seller = await requireSeller(request, access.read, context.services);
  return { entries: await listSuppressions(context.services.db, 500), translations: consoleTranslations(seller.lang, ["adminPrivacy"]) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const seller = await requireSeller(request, "console", context.services);
  const form = await readForm(request);
  await requireIntent(request, seller, access, field(form, "intent"), context.services);
  const t = consoleT(seller.lang);
  const email = field(form, "email").trim().toLowerCase();
  if (!email || email.length > 320 || !email.includes("@"))
    return refusedFields({ email: t("adminPrivacy.suppressions.choose") }, 422, t("admin.form.fixFields"));
  const now = context.services.now();
  const lifted = await context.services.db.transaction(async (tx) => {
    const removed = await liftSuppression(tx, email);
    if (removed) await recordSellerAction(tx, seller, "suppression_lift", `suppression:${email}`, { email }, now);
    return removed;
  });
  return lifted ? done(t("adminPrivacy.suppressions.lifted", { email })) : refused(404, t("adminPrivacy.suppressions.notSuppressed"));
}

/**
 * Addresses campaigns, back-in-stock mails and newsletters no longer go to (docs/decisions/044): a
 * hard bounce or a complaint from the mail service, or a permanent refusal at send time. Order mails
 * still reach them. Lifting one is for an address that was fixed, or a complaint made by mistake.
 */
export default function Suppressions() {
  const { entries } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t, when } = useConsole();
  return (
    <>
      <PageTitle>{t("adminPrivacy.suppressions.title")}</PageTitle>
      <ReplyNotice reply={reply} />
      <p className="mb-4 max-w-prose text-sm text-slate-700">{t("adminPrivacy.suppressions.intro")}</p>
      <Card>
        <Table
          caption={t("adminPrivacy.suppressions.caption")}
          tableClassName="min-w-[40rem]"
          empty={t("adminPrivacy.suppressions.none")}
          columns={[
            t("adminPrivacy.suppressions.colAddress"),
            t("adminPrivacy.suppressions.colWhy"),
            t("adminPrivacy.suppressions.colSince"),
            { label: t("adminPrivacy.suppressions.colActions"), srOnly: true, className: "text-right" },
          ]}
          keys={entries.map((e) => e.email)}
          rows={entries.map((e) => [
            <span key="e" className="break-all font-mono text-xs">
              {e.email}
            </span>,
            <span key="r" className="text-xs">
              {t(`adminPrivacy.suppressions.reasons.${e.reason satisfies SuppressionReason}`)}
              {e.detail && <span className="block break-all text-slate-600">{e.detail}</span>}
            </span>,
            <span key="a" className="text-xs">
              {when(e.createdAt)}
            </span>,
            <Form key="f" method="post" className="text-right">
              <input type="hidden" name="email" value={e.email} />
              <SubmitButton intent="lift" target={e.email} variant="secondary" pendingLabel={t("adminPrivacy.suppressions.lifting")}>
                {t("adminPrivacy.suppressions.lift")}
                <span className="sr-only"> {t("adminPrivacy.suppressions.liftWhat", { email: e.email })}</span>
              </SubmitButton>
            </Form>,
          ])}
        />
      </Card>
    </>
  );
}
