import { Form, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/blocklist";
import { SelectField, SubmitButton, TextField } from "~/components/admin/kit/fields";
import { Card, PageTitle } from "~/components/admin/kit/page";
import { fieldErrorsOf, ReplyNotice } from "~/components/admin/kit/reply";
import { Table } from "~/components/admin/kit/table";
import { consoleMeta } from "~/components/admin/meta";
import { useConsole } from "~/components/admin/use-console";
import { consoleT, consoleTranslations } from "~/i18n/console.server";
import { BLOCK_KINDS, blockActionSchema } from "~/domain/disputes";
import { done, field, readForm, refused, refusedFields } from "~/server/platform/forms.server";
import { routeAccess } from "~/domain/seller/permissions";
import { requireIntent, requireSeller } from "~/server/seller-auth/guard.server";
import { addBlock, listBlocks, removeBlock } from "~/server/blocklist/blocklist.server";

/** What this route needs (docs/decisions/036-staff-roles.md; the walk test checks it). */
export const access = routeAccess({ read: "blocklist.view", write: { block: "blocklist.edit", unblock: "blocklist.edit" } });

// The page's words: locales/{lang}/adminPrivacy.json (docs/decisions/055).
export const meta: Route.MetaFunction = ({ matches }) => consoleMeta(matches, "adminPrivacy.blocklist.title");

export async function loader({ request, context }: Route.LoaderArgs) {
  const seller = await requireSeller(request, access.read, context.services);
  return { entries: await listBlocks(context.services.db), translations: consoleTranslations(seller.lang, ["adminPrivacy"]) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const seller = await requireSeller(request, "console", context.services);
  const form = await readForm(request);
  await requireIntent(request, seller, access, field(form, "intent"), context.services);
  const t = consoleT(seller.lang);
  const parsed = blockActionSchema.safeParse(Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string")));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return refusedFields({ [String(issue?.path[0] ?? "form")]: issue?.message ?? t("adminPrivacy.blocklist.incomplete") }, 422, t("admin.form.fixFields"));
  }
  const db = context.services.db;
  const now = context.services.now();
  if (parsed.data.intent === "unblock") {
    return (await removeBlock(db, seller, Number(parsed.data.id), now))
      ? done(t("adminPrivacy.blocklist.removed"))
      : refused(404, t("adminPrivacy.blocklist.gone"));
  }
  const { kind, value, reason } = parsed.data;
  const result = await addBlock(db, seller, { kind, value, reason: reason ?? null }, now);
  if (!result.ok) return refusedFields({ value: result.message }, 422, t("admin.form.fixFields"));
  return done(
    result.added ? t("adminPrivacy.blocklist.blocked", { kind: t(`admin.blockKinds.${kind}`).toLowerCase(), value }) : t("adminPrivacy.blocklist.already"),
  );
}

/**
 * Buyers the shop no longer sells to: a new order from a blocked email, game username, PayPal payer
 * (the emails and game usernames it paid for) or client is refused at checkout with a neutral message.
 */
export default function Blocklist() {
  const { entries } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const errors = fieldErrorsOf(reply);
  const { t, when } = useConsole();
  return (
    <>
      <PageTitle>{t("adminPrivacy.blocklist.title")}</PageTitle>
      <ReplyNotice reply={reply} />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[2fr_1fr]">
        <Card>
          <Table
            caption={t("adminPrivacy.blocklist.caption")}
            tableClassName="min-w-[40rem]"
            empty={t("adminPrivacy.blocklist.none")}
            columns={[
              t("adminPrivacy.blocklist.colWhat"),
              t("adminPrivacy.blocklist.colValue"),
              t("adminPrivacy.blocklist.colWhy"),
              t("adminPrivacy.blocklist.colAdded"),
              { label: t("adminPrivacy.suppressions.colActions"), srOnly: true, className: "text-right" },
            ]}
            keys={entries.map((e) => e.id)}
            rows={entries.map((e) => [
              t(`admin.blockKinds.${e.kind}`),
              <span key="v" className="break-all font-mono text-xs">
                {e.value}
              </span>,
              <span key="r" className="text-xs">
                {e.reason ?? "—"}
                {e.source && <span className="block text-slate-600">{e.source}</span>}
              </span>,
              <span key="a" className="text-xs">
                {when(e.createdAt)}
                <span className="block text-slate-600">{e.createdBy}</span>
              </span>,
              <Form key="f" method="post" className="text-right">
                <input type="hidden" name="id" value={e.id} />
                <SubmitButton intent="unblock" target={String(e.id)} variant="secondary" pendingLabel={t("adminPrivacy.blocklist.removing")}>
                  {t("adminPrivacy.blocklist.unblock")}
                  <span className="sr-only"> {e.value}</span>
                </SubmitButton>
              </Form>,
            ])}
          />
        </Card>
        <Card title={t("adminPrivacy.blocklist.blockTitle")}>
          <Form method="post" className="space-y-3">
            <SelectField
              label={t("adminPrivacy.blocklist.whatToBlock")}
              name="kind"
              defaultValue=""
              placeholder={t("adminPrivacy.blocklist.choose")}
              required
              options={BLOCK_KINDS.map((k) => ({ value: k, label: t(`admin.blockKinds.${k}`) }))}
              error={errors.kind}
            />
            <TextField label={t("adminPrivacy.blocklist.colValue")} name="value" required maxLength={320} autoComplete="off" error={errors.value} />
            <TextField label={t("adminPrivacy.blocklist.reason")} name="reason" maxLength={500} autoComplete="off" error={errors.reason} />
            <SubmitButton intent="block" pendingLabel={t("adminPrivacy.blocklist.blocking")}>
              {t("adminPrivacy.blocklist.block")}
            </SubmitButton>
          </Form>
        </Card>
      </div>
    </>
  );
}
