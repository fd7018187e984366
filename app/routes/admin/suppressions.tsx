import { Form, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/suppressions";
import { SubmitButton } from "~/components/admin/kit/fields";
import { utc } from "~/components/admin/kit/format";
import { Card, PageTitle } from "~/components/admin/kit/page";
import { ReplyNotice } from "~/components/admin/kit/reply";
import { Table } from "~/components/admin/kit/table";
import { adminMeta } from "~/components/admin/meta";
import { routeAccess } from "~/domain/seller/permissions";
import { liftSuppression, listSuppressions, type SuppressionReason } from "~/server/mail/suppressions.server";
import { done, field, readForm, refused, refusedFields } from "~/server/platform/forms.server";
import { recordSellerAction } from "~/server/seller-auth/audit.server";
import { requireIntent, requireSeller } from "~/server/seller-auth/guard.server";

/** What this route needs (docs/decisions/036-staff-roles.md; the walk test checks it). */
export const access = routeAccess({ read: "suppressions.view", write: { lift: "suppressions.lift" } });

export const meta: Route.MetaFunction = () => adminMeta("Suppressed mail");

const REASON_LABELS: Record<SuppressionReason, string> = {
  bounce: "Bounced (mail service)",
  complaint: "Marked as spam",
  smtp_refused: "Refused by the receiving server",
  manual: "Added by hand",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSeller(request, access.read, context.services);
  return { entries: await listSuppressions(context.services.db, 500) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const seller = await requireSeller(request, "console", context.services);
  const form = await readForm(request);
  await requireIntent(request, seller, access, field(form, "intent"), context.services);
  const email = field(form, "email").trim().toLowerCase();
  if (!email || email.length > 320 || !email.includes("@")) return refusedFields({ email: "Choose an address from the list." });
  const now = context.services.now();
  const lifted = await context.services.db.transaction(async (tx) => {
    const removed = await liftSuppression(tx, email);
    if (removed) await recordSellerAction(tx, seller, "suppression_lift", `suppression:${email}`, { email }, now);
    return removed;
  });
  return lifted ? done(`${email} gets campaigns and announcements again.`) : refused(404, "That address is not suppressed any more.");
}

/**
 * Addresses campaigns, back-in-stock mails and newsletters no longer go to (docs/decisions/044): a
 * hard bounce or a complaint from the mail service, or a permanent refusal at send time. Order mails
 * still reach them. Lifting one is for an address that was fixed, or a complaint made by mistake.
 */
export default function Suppressions() {
  const { entries } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <>
      <PageTitle>Suppressed mail</PageTitle>
      <ReplyNotice reply={reply} />
      <p className="mb-4 max-w-prose text-sm text-slate-700">
        Campaigns, announcements and back-in-stock mails skip these addresses; order mails still reach them. An address lands here when it bounces for good,
        when its owner marks a mail as spam, or when the receiving server refuses it.
      </p>
      <Card>
        <Table
          caption="Suppressed addresses"
          tableClassName="min-w-[40rem]"
          empty="No address is suppressed."
          columns={["Address", "Why", "Since", { label: "Actions", srOnly: true, className: "text-right" }]}
          keys={entries.map((e) => e.email)}
          rows={entries.map((e) => [
            <span key="e" className="break-all font-mono text-xs">
              {e.email}
            </span>,
            <span key="r" className="text-xs">
              {REASON_LABELS[e.reason]}
              {e.detail && <span className="block break-all text-slate-600">{e.detail}</span>}
            </span>,
            <span key="a" className="text-xs">
              {utc(e.createdAt)}
            </span>,
            <Form key="f" method="post" className="text-right">
              <input type="hidden" name="email" value={e.email} />
              <SubmitButton intent="lift" target={e.email} variant="secondary" pendingLabel="Lifting…">
                Lift<span className="sr-only"> the suppression of {e.email}</span>
              </SubmitButton>
            </Form>,
          ])}
        />
      </Card>
    </>
  );
}
