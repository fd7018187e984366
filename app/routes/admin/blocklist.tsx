import { Form, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/blocklist";
import { SelectField, SubmitButton, TextField } from "~/components/admin/kit/fields";
import { utc } from "~/components/admin/kit/format";
import { Card, PageTitle } from "~/components/admin/kit/page";
import { fieldErrorsOf, ReplyNotice } from "~/components/admin/kit/reply";
import { Table } from "~/components/admin/kit/table";
import { adminMeta } from "~/components/admin/meta";
import { BLOCK_KIND_LABELS, BLOCK_KINDS, blockActionSchema } from "~/domain/disputes";
import { done, field, readForm, refused, refusedFields } from "~/server/platform/forms.server";
import { routeAccess } from "~/domain/seller/permissions";
import { requireIntent, requireSeller } from "~/server/seller-auth/guard.server";
import { addBlock, listBlocks, removeBlock } from "~/server/blocklist/blocklist.server";

/** What this route needs (docs/decisions/036-staff-roles.md; the walk test checks it). */
export const access = routeAccess({ read: "blocklist.view", write: { block: "blocklist.edit", unblock: "blocklist.edit" } });

export const meta: Route.MetaFunction = () => adminMeta("Blocklist");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSeller(request, access.read, context.services);
  return { entries: await listBlocks(context.services.db) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const seller = await requireSeller(request, "console", context.services);
  const form = await readForm(request);
  await requireIntent(request, seller, access, field(form, "intent"), context.services);
  const parsed = blockActionSchema.safeParse(Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string")));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return refusedFields({ [String(issue?.path[0] ?? "form")]: issue?.message ?? "The form is incomplete." });
  }
  const db = context.services.db;
  const now = context.services.now();
  if (parsed.data.intent === "unblock") {
    return (await removeBlock(db, seller, Number(parsed.data.id), now)) ? done("Removed from the blocklist.") : refused(404, "That entry is gone already.");
  }
  const { kind, value, reason } = parsed.data;
  const result = await addBlock(db, seller, { kind, value, reason: reason ?? null }, now);
  if (!result.ok) return refusedFields({ value: result.message });
  return done(result.added ? `Blocked ${BLOCK_KIND_LABELS[kind].toLowerCase()} ${value}: their new orders are refused.` : "Already on the blocklist.");
}

/**
 * Buyers the shop no longer sells to: a new order from a blocked email, game username, PayPal payer
 * (the emails and game usernames it paid for) or client is refused at checkout with a neutral message.
 */
export default function Blocklist() {
  const { entries } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const errors = fieldErrorsOf(reply);
  return (
    <>
      <PageTitle>Blocklist</PageTitle>
      <ReplyNotice reply={reply} />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[2fr_1fr]">
        <Card>
          <Table
            caption="Blocked buyers"
            tableClassName="min-w-[40rem]"
            empty="Nobody is blocked."
            columns={["What", "Value", "Why", "Added", { label: "Actions", srOnly: true, className: "text-right" }]}
            keys={entries.map((e) => e.id)}
            rows={entries.map((e) => [
              BLOCK_KIND_LABELS[e.kind],
              <span key="v" className="break-all font-mono text-xs">
                {e.value}
              </span>,
              <span key="r" className="text-xs">
                {e.reason ?? "—"}
                {e.source && <span className="block text-slate-600">{e.source}</span>}
              </span>,
              <span key="a" className="text-xs">
                {utc(e.createdAt)}
                <span className="block text-slate-600">{e.createdBy}</span>
              </span>,
              <Form key="f" method="post" className="text-right">
                <input type="hidden" name="id" value={e.id} />
                <SubmitButton intent="unblock" target={String(e.id)} variant="secondary" pendingLabel="Removing…">
                  Unblock<span className="sr-only"> {e.value}</span>
                </SubmitButton>
              </Form>,
            ])}
          />
        </Card>
        <Card title="Block a buyer">
          <Form method="post" className="space-y-3">
            <SelectField
              label="What to block"
              name="kind"
              defaultValue=""
              placeholder="Choose…"
              required
              options={BLOCK_KINDS.map((k) => ({ value: k, label: BLOCK_KIND_LABELS[k] }))}
              error={errors.kind}
            />
            <TextField label="Value" name="value" required maxLength={320} autoComplete="off" error={errors.value} />
            <TextField label="Reason (for you)" name="reason" maxLength={500} autoComplete="off" error={errors.reason} />
            <SubmitButton intent="block" pendingLabel="Blocking…">
              Block
            </SubmitButton>
          </Form>
        </Card>
      </div>
    </>
  );
}
