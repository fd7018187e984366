import { useEffect } from "react";
import { data, Form, Link, redirect, useActionData, useLoaderData, useRevalidator } from "react-router";
import type { Route } from "./+types/campaign";
import { CampaignFields } from "~/components/admin/campaign-fields";
import { ActionButtonForm, SubmitButton, TextField } from "~/components/admin/kit/fields";
import { utc } from "~/components/admin/kit/format";
import { Card, Facts, PageTitle } from "~/components/admin/kit/page";
import { fieldErrorsOf, ReplyNotice } from "~/components/admin/kit/reply";
import { adminMeta } from "~/components/admin/meta";
import { CAMPAIGN_STATUS_LABELS, campaignMayMove, campaignProgress, missingLanguages } from "~/domain/campaigns";
import { LANGS, type Lang } from "~/domain/lang";
import { routeAccess } from "~/domain/seller/permissions";
import {
  campaignClickCounts,
  campaignFigures,
  cancelCampaign,
  deleteCampaign,
  getCampaign,
  pauseCampaign,
  resumeCampaign,
  scheduleCampaign,
  sendCampaignTest,
  startCampaign,
  unscheduleCampaign,
  updateCampaign,
  type MoveResult,
} from "~/server/campaigns/campaigns.server";
import { campaignProductChoices, readCampaignDraft, readUtcDateTime } from "~/server/campaigns/console.server";
import { done, field, readForm, refused, refusedFields } from "~/server/platform/forms.server";
import { requireIntent, requireSeller } from "~/server/seller-auth/guard.server";

const SEND = "campaigns.send" as const;
/** Owner only (docs/decisions/036, 046): reading the figures and every move. */
export const access = routeAccess({
  read: "campaigns.view",
  write: { save: SEND, test: SEND, send: SEND, schedule: SEND, unschedule: SEND, pause: SEND, resume: SEND, cancel: SEND, delete: SEND },
});

export const meta: Route.MetaFunction = () => adminMeta("Campaign");

const LANG_NAMES: Record<Lang, string> = { en: "English", fr: "French", es: "Spanish" };
const WIDTHS = { phone: "Phone", desktop: "Desktop" } as const;
type Width = keyof typeof WIDTHS;
/**
 * The preview is a document of its own origin (opaque): it can reach neither the console's DOM nor
 * its cookies. Scripts are "allowed" by the sandbox only so that no browser tool meets a blocked
 * script in it and reports an error (docs/decisions/047): the preview's own CSP (server/app.ts,
 * script-src 'none') still runs none, inline handlers included.
 */
const PREVIEW_SANDBOX = "allow-scripts allow-popups allow-popups-to-escape-sandbox";

function campaignId(params: { id?: string }): number {
  if (!/^\d{1,9}$/.test(params.id ?? "")) throw data({ ok: false, message: "That campaign does not exist." }, { status: 404 });
  return Number(params.id);
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireSeller(request, access.read, context.services);
  const db = context.services.db;
  const campaign = await getCampaign(db, campaignId(params));
  if (!campaign) throw data({ ok: false, message: "That campaign does not exist." }, { status: 404 });
  const url = new URL(request.url);
  const askedLang = url.searchParams.get("preview") ?? "en";
  const previewLang: Lang = (LANGS as readonly string[]).includes(askedLang) ? (askedLang as Lang) : "en";
  const previewWidth: Width = url.searchParams.get("width") === "desktop" ? "desktop" : "phone";
  const [figures, clicks, products] = await Promise.all([campaignFigures(db, campaign), campaignClickCounts(db, campaign.id), campaignProductChoices(db)]);
  return {
    campaign: {
      id: campaign.id,
      status: campaign.status,
      subject: campaign.subject,
      body: campaign.body,
      productIds: campaign.productIds,
      scheduledAt: campaign.scheduledAt?.toISOString() ?? null,
      startedAt: campaign.startedAt?.toISOString() ?? null,
      finishedAt: campaign.finishedAt?.toISOString() ?? null,
    },
    figures,
    clicks: clicks.map((c) => ({ ...c, title: products.find((p) => p.id === c.productId)?.title ?? c.productId })),
    products,
    previewLang,
    previewWidth,
    sellerEmail: context.services.site.sellerEmail,
  };
}

const moved = (result: MoveResult, message: string) => (result.ok ? done(message) : refused(409, result.message));

export async function action({ request, params, context }: Route.ActionArgs) {
  const seller = await requireSeller(request, "console", context.services);
  const form = await readForm(request);
  const intent = field(form, "intent");
  await requireIntent(request, seller, access, intent, context.services);
  const { db, site } = context.services;
  const now = context.services.now();
  const id = campaignId(params);
  const campaign = await getCampaign(db, id);
  if (!campaign) return refused(404, "That campaign does not exist.");
  switch (intent) {
    case "save": {
      const read = await readCampaignDraft(db, form);
      if (!read.ok) return refusedFields(read.errors);
      return (await updateCampaign(db, id, read.texts, seller, now)) ? done("Saved.") : refused(409, "This campaign has started: it can no longer be changed.");
    }
    case "test": {
      const langs = await sendCampaignTest(db, site, campaign, seller, now);
      return done(`A test in ${langs.map((l) => LANG_NAMES[l]).join(", ")} is on its way to ${site.sellerEmail}.`);
    }
    case "send": {
      const result = await startCampaign(db, id, seller, now);
      return result.ok ? done(`Sending to ${result.recipients} subscriber${result.recipients === 1 ? "" : "s"}.`) : refused(409, result.message);
    }
    case "schedule": {
      const at = readUtcDateTime(field(form, "at"));
      if (!at) return refusedFields({ at: "Give a date and time (UTC)." });
      const result = await scheduleCampaign(db, id, at, seller, now);
      return result.ok ? done(`Scheduled for ${utc(at)}.`) : refusedFields({ at: result.message });
    }
    case "unschedule":
      return moved(await unscheduleCampaign(db, id, seller, now), "Back to draft: it will not be sent until you say so.");
    case "pause":
      return moved(await pauseCampaign(db, id, seller, now), "Paused: no more mails leave until you resume.");
    case "resume":
      return moved(await resumeCampaign(db, id, seller, now), "Sending again.");
    case "cancel":
      return moved(await cancelCampaign(db, id, seller, now), "Cancelled: nobody else gets it.");
    case "delete": {
      const result = await deleteCampaign(db, id, seller, now);
      return result.ok ? redirect("/admin/campaigns") : refused(409, result.message);
    }
    default:
      return refused(400, "Unknown action.");
  }
}

/** The one-button moves after "Send now" and "Schedule", in the order the page offers them. */
const MOVES = [
  { intent: "unschedule", label: "Unschedule", pendingLabel: "Unscheduling…", variant: "secondary" },
  { intent: "pause", label: "Pause", pendingLabel: "Pausing…", variant: "secondary" },
  { intent: "resume", label: "Resume", pendingLabel: "Resuming…", variant: "primary" },
  { intent: "cancel", label: "Cancel campaign", pendingLabel: "Cancelling…", variant: "secondary" },
  { intent: "delete", label: "Delete draft", pendingLabel: "Deleting…", variant: "secondary" },
] as const;

/** While a campaign sends, its figures are read again every two seconds (with JavaScript; a reload does it without). */
function useRefreshWhile(active: boolean) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, 2000);
    return () => clearInterval(timer);
  }, [active, revalidator]);
}

export default function CampaignPage() {
  const { campaign, figures, clicks, products, previewLang, previewWidth, sellerEmail } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const errors = fieldErrorsOf(reply);
  const { status } = campaign;
  const editable = campaignMayMove(status, "edit");
  const started = campaign.startedAt !== null;
  const progress = campaignProgress(figures);
  const missing = missingLanguages(campaign.subject, campaign.body);
  useRefreshWhile(status === "sending");
  const previewHref = (lang: Lang, width: Width) => `?preview=${lang}&width=${width}`;
  return (
    <>
      <PageTitle
        actions={
          <Link to="/admin/campaigns" className="text-sm font-semibold text-brand-700 underline">
            All campaigns
          </Link>
        }
      >
        {campaign.subject.en}
      </PageTitle>
      <ReplyNotice reply={reply} />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[2fr_1fr]">
        <div className="space-y-4">
          {started && (
            <Card title="Sending">
              <label htmlFor="campaign-progress" className="text-sm font-medium text-slate-700">
                {CAMPAIGN_STATUS_LABELS[status]}: {figures.processed} of {figures.recipients} ({progress}%)
              </label>
              <progress id="campaign-progress" className="mt-2 block h-3 w-full" max={100} value={progress}>
                {progress}%
              </progress>
              <div className="mt-4">
                <Facts
                  rows={[
                    ["Recipients", figures.recipients],
                    ["Sent", figures.sent],
                    ["Accepted", figures.accepted],
                    ["Bounced", figures.bounced],
                    ["Complaints", figures.complaints],
                    ["Unsubscribed", figures.unsubscribed],
                    ["Skipped (left the list meanwhile)", figures.skipped],
                    ["Clicks", figures.clicks],
                  ]}
                />
              </div>
              {clicks.length > 0 && (
                <ul className="mt-3 text-sm text-slate-700">
                  {clicks.map((c) => (
                    <li key={c.productId}>
                      {c.title}: {c.clicks} click{c.clicks === 1 ? "" : "s"}
                    </li>
                  ))}
                </ul>
              )}
            </Card>
          )}
          <Card title="Preview">
            <nav aria-label="Preview language and width" className="mb-3 flex flex-wrap gap-x-4 gap-y-2 text-sm">
              {LANGS.map((lang) => (
                <Link
                  key={lang}
                  to={previewHref(lang, previewWidth)}
                  preventScrollReset
                  aria-current={lang === previewLang ? "page" : undefined}
                  className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline aria-[current=page]:text-slate-900 aria-[current=page]:no-underline"
                >
                  {LANG_NAMES[lang]}
                  {missing.includes(lang) ? " (missing: English shown)" : ""}
                </Link>
              ))}
              <span aria-hidden="true">·</span>
              {(Object.keys(WIDTHS) as Width[]).map((width) => (
                <Link
                  key={width}
                  to={previewHref(previewLang, width)}
                  preventScrollReset
                  aria-current={width === previewWidth ? "page" : undefined}
                  className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline aria-[current=page]:text-slate-900 aria-[current=page]:no-underline"
                >
                  {WIDTHS[width]}
                </Link>
              ))}
            </nav>
            <div className="overflow-x-auto">
              <iframe
                key={`${previewLang}-${previewWidth}`}
                title={`Preview in ${LANG_NAMES[previewLang]} at ${WIDTHS[previewWidth].toLowerCase()} width`}
                src={`/admin/campaigns/${campaign.id}/preview?lang=${previewLang}`}
                sandbox={PREVIEW_SANDBOX}
                className={`h-[36rem] rounded border border-slate-300 bg-white ${previewWidth === "phone" ? "w-[375px]" : "w-[720px]"}`}
              />
            </div>
          </Card>
          <Card title={editable ? "Compose" : "Texts"}>
            {editable ? (
              <Form method="post">
                <CampaignFields values={campaign} products={products} errors={errors} />
                <div className="mt-4">
                  <SubmitButton intent="save" pendingLabel="Saving…">
                    Save
                  </SubmitButton>
                </div>
              </Form>
            ) : (
              <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
                {LANGS.map((lang) => (
                  <div key={lang}>
                    <h3 className="text-sm font-semibold text-slate-800">{LANG_NAMES[lang]}</h3>
                    <p className="mt-1 text-sm font-medium">{campaign.subject[lang] || "—"}</p>
                    <p className="mt-1 whitespace-pre-wrap text-sm text-slate-700">{campaign.body[lang] || "(English sent instead)"}</p>
                  </div>
                ))}
              </div>
            )}
          </Card>
        </div>
        <div className="space-y-4">
          <Card title="Status">
            <Facts
              rows={[
                ["Status", CAMPAIGN_STATUS_LABELS[status]],
                ...(campaign.scheduledAt ? [["Scheduled", utc(campaign.scheduledAt)] as [string, string]] : []),
                ...(campaign.startedAt ? [["Started", utc(campaign.startedAt)] as [string, string]] : []),
                ...(campaign.finishedAt ? [["Finished", utc(campaign.finishedAt)] as [string, string]] : []),
                ["Missing languages", missing.length === 0 ? "None" : missing.map((l) => LANG_NAMES[l]).join(", ")],
              ]}
            />
          </Card>
          <Card title="Send">
            <div className="space-y-3">
              <Form method="post">
                <p className="mb-2 text-sm text-slate-700">One mail per written language to {sellerEmail}.</p>
                <SubmitButton intent="test" variant="secondary" pendingLabel="Sending test…">
                  Send a test to me
                </SubmitButton>
              </Form>
              {campaignMayMove(status, "send") && (
                <ActionButtonForm intent="send" pendingLabel="Starting…" variant="primary">
                  Send now
                </ActionButtonForm>
              )}
              {campaignMayMove(status, "schedule") && (
                <Form method="post" className="space-y-2">
                  <TextField label="Send at (UTC)" name="at" type="datetime-local" required error={errors.at} />
                  <SubmitButton intent="schedule" variant="secondary" pendingLabel="Scheduling…">
                    Schedule
                  </SubmitButton>
                </Form>
              )}
              {MOVES.map((move) =>
                campaignMayMove(status, move.intent) ? (
                  <ActionButtonForm key={move.intent} intent={move.intent} pendingLabel={move.pendingLabel} variant={move.variant}>
                    {move.label}
                  </ActionButtonForm>
                ) : null,
              )}
            </div>
          </Card>
        </div>
      </div>
    </>
  );
}
