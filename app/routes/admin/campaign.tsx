import type { TFunction } from "i18next";
import { useEffect } from "react";
import { data, Form, Link, redirect, useActionData, useLoaderData, useRevalidator } from "react-router";
import type { Route } from "./+types/campaign";
import { CampaignFields } from "~/components/admin/campaign-fields";
import { ActionButtonForm, SubmitButton, TextField } from "~/components/admin/kit/fields";
import { when } from "~/components/admin/kit/format";
import { Card, Facts, PageTitle } from "~/components/admin/kit/page";
import { fieldErrorsOf, ReplyNotice } from "~/components/admin/kit/reply";
import { consoleMeta } from "~/components/admin/meta";
import { useConsole } from "~/components/admin/use-console";
import { consoleT, consoleTranslations } from "~/i18n/console.server";
import { campaignMayMove, campaignProgress, missingLanguages } from "~/domain/campaigns";
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
import { campaignProductChoices, moveRefusalText, readCampaignDraft, readUtcDateTime } from "~/server/campaigns/console.server";
import { done, field, readForm, refused, refusedFields } from "~/server/platform/forms.server";
import { requireIntent, requireSeller } from "~/server/seller-auth/guard.server";

const SEND = "campaigns.send" as const;
/** Owner only (docs/decisions/036, 046): reading the figures and every move. */
export const access = routeAccess({
  read: "campaigns.view",
  write: { save: SEND, test: SEND, send: SEND, schedule: SEND, unschedule: SEND, pause: SEND, resume: SEND, cancel: SEND, delete: SEND },
});

// The page's words: locales/{lang}/adminCampaigns.json (docs/decisions/055). The preview itself is the
// subscriber's mail, in the subscriber's language (campaign-preview.ts).
export const meta: Route.MetaFunction = ({ matches }) => consoleMeta(matches, "adminCampaigns.campaign.title");

const WIDTHS = ["phone", "desktop"] as const;
type Width = (typeof WIDTHS)[number];
/**
 * The preview is a document of its own origin (opaque): it can reach neither the console's DOM nor
 * its cookies. Scripts are "allowed" by the sandbox only so that no browser tool meets a blocked
 * script in it and reports an error (docs/decisions/047): the preview's own CSP (server/app.ts,
 * script-src 'none') still runs none, inline handlers included.
 */
const PREVIEW_SANDBOX = "allow-scripts allow-popups allow-popups-to-escape-sandbox";

function campaignId(params: { id?: string }, t: TFunction): number {
  if (!/^\d{1,9}$/.test(params.id ?? "")) throw data({ ok: false, message: t("adminCampaigns.campaign.notFound") }, { status: 404 });
  return Number(params.id);
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const seller = await requireSeller(request, access.read, context.services);
  const t = consoleT(seller.lang);
  const db = context.services.db;
  const campaign = await getCampaign(db, campaignId(params, t));
  if (!campaign) throw data({ ok: false, message: t("adminCampaigns.campaign.notFound") }, { status: 404 });
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
    translations: consoleTranslations(seller.lang, ["adminCampaigns"]),
  };
}

const moved = (t: TFunction, result: MoveResult, message: string) => (result.ok ? done(message) : refused(409, moveRefusalText(t, result)));

export async function action({ request, params, context }: Route.ActionArgs) {
  const seller = await requireSeller(request, "console", context.services);
  const form = await readForm(request);
  const intent = field(form, "intent");
  await requireIntent(request, seller, access, intent, context.services);
  const { db, site } = context.services;
  const now = context.services.now();
  const t = consoleT(seller.lang);
  const id = campaignId(params, t);
  const campaign = await getCampaign(db, id);
  if (!campaign) return refused(404, t("adminCampaigns.campaign.notFound"));
  const fixFields = t("admin.form.fixFields");
  switch (intent) {
    case "save": {
      const read = await readCampaignDraft(db, form, t);
      if (!read.ok) return refusedFields(read.errors, 422, fixFields);
      return (await updateCampaign(db, id, read.texts, seller, now))
        ? done(t("adminCampaigns.reply.saved"))
        : refused(409, t("adminCampaigns.reply.hasStarted"));
    }
    case "test": {
      const langs = await sendCampaignTest(db, site, campaign, seller, now);
      return done(t("adminCampaigns.reply.testSent", { langs: langs.map((l) => t(`adminCampaigns.langWords.${l}`)).join(", "), email: site.sellerEmail }));
    }
    case "send": {
      const result = await startCampaign(db, id, seller, now);
      return result.ok ? done(t("adminCampaigns.reply.sending", { count: result.recipients ?? 0 })) : refused(409, moveRefusalText(t, result));
    }
    case "schedule": {
      // The field is read as UTC (its label says so); the reply gives the moment in the account's zone.
      const at = readUtcDateTime(field(form, "at"));
      if (!at) return refusedFields({ at: t("adminCampaigns.reply.giveDateTime") }, 422, fixFields);
      const result = await scheduleCampaign(db, id, at, seller, now);
      return result.ok
        ? done(t("adminCampaigns.reply.scheduledFor", { date: when(at, seller.timeZone) }))
        : refusedFields({ at: moveRefusalText(t, result) }, 422, fixFields);
    }
    case "unschedule":
      return moved(t, await unscheduleCampaign(db, id, seller, now), t("adminCampaigns.reply.unscheduled"));
    case "pause":
      return moved(t, await pauseCampaign(db, id, seller, now), t("adminCampaigns.reply.paused"));
    case "resume":
      return moved(t, await resumeCampaign(db, id, seller, now), t("adminCampaigns.reply.resumed"));
    case "cancel":
      return moved(t, await cancelCampaign(db, id, seller, now), t("adminCampaigns.reply.cancelled"));
    case "delete": {
      const result = await deleteCampaign(db, id, seller, now);
      return result.ok ? redirect("/admin/campaigns") : refused(409, moveRefusalText(t, result));
    }
    default:
      return refused(400, t("admin.form.unknownAction"));
  }
}

/** The one-button moves after "Send now" and "Schedule", in the order the page offers them. */
const MOVES = [
  { intent: "unschedule", label: "adminCampaigns.campaign.moves.unschedule", pendingLabel: "adminCampaigns.campaign.moves.unscheduling", variant: "secondary" },
  { intent: "pause", label: "adminCampaigns.campaign.moves.pause", pendingLabel: "adminCampaigns.campaign.moves.pausing", variant: "secondary" },
  { intent: "resume", label: "adminCampaigns.campaign.moves.resume", pendingLabel: "adminCampaigns.campaign.moves.resuming", variant: "primary" },
  { intent: "cancel", label: "adminCampaigns.campaign.moves.cancel", pendingLabel: "adminCampaigns.campaign.moves.cancelling", variant: "secondary" },
  { intent: "delete", label: "adminCampaigns.campaign.moves.delete", pendingLabel: "adminCampaigns.campaign.moves.deleting", variant: "secondary" },
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
  const { t, when } = useConsole();
  const langName = (lang: Lang) => t(`adminCampaigns.langs.${lang}`);
  const previewHref = (lang: Lang, width: Width) => `?preview=${lang}&width=${width}`;
  return (
    <>
      <PageTitle
        actions={
          <Link to="/admin/campaigns" className="text-sm font-semibold text-brand-700 underline">
            {t("adminCampaigns.campaign.allCampaigns")}
          </Link>
        }
      >
        {campaign.subject.en}
      </PageTitle>
      <ReplyNotice reply={reply} />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[2fr_1fr]">
        <div className="space-y-4">
          {started && (
            <Card title={t("adminCampaigns.campaign.sending")}>
              <label htmlFor="campaign-progress" className="text-sm font-medium text-slate-700">
                {t("adminCampaigns.campaign.progress", {
                  status: t(`adminCampaigns.status.${status}`),
                  processed: figures.processed,
                  recipients: figures.recipients,
                  progress,
                })}
              </label>
              <progress id="campaign-progress" className="mt-2 block h-3 w-full" max={100} value={progress}>
                {progress}%
              </progress>
              <div className="mt-4">
                <Facts
                  rows={[
                    [t("adminCampaigns.campaign.recipients"), figures.recipients],
                    [t("adminCampaigns.campaign.sent"), figures.sent],
                    [t("adminCampaigns.campaign.accepted"), figures.accepted],
                    [t("adminCampaigns.campaign.bounced"), figures.bounced],
                    [t("adminCampaigns.campaign.complaints"), figures.complaints],
                    [t("adminCampaigns.campaign.unsubscribed"), figures.unsubscribed],
                    [t("adminCampaigns.campaign.skipped"), figures.skipped],
                    [t("adminCampaigns.campaign.clicks"), figures.clicks],
                  ]}
                />
              </div>
              {clicks.length > 0 && (
                <ul className="mt-3 text-sm text-slate-700">
                  {clicks.map((c) => (
                    <li key={c.productId}>{t("adminCampaigns.campaign.productClicks", { title: c.title, count: c.clicks })}</li>
                  ))}
                </ul>
              )}
            </Card>
          )}
          <Card title={t("adminCampaigns.campaign.preview")}>
            <nav aria-label={t("adminCampaigns.campaign.previewNav")} className="mb-3 flex flex-wrap gap-x-4 gap-y-2 text-sm">
              {LANGS.map((lang) => (
                <Link
                  key={lang}
                  to={previewHref(lang, previewWidth)}
                  preventScrollReset
                  aria-current={lang === previewLang ? "page" : undefined}
                  className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline aria-[current=page]:text-slate-900 aria-[current=page]:no-underline"
                >
                  {langName(lang)}
                  {missing.includes(lang) ? t("adminCampaigns.campaign.missingShown") : ""}
                </Link>
              ))}
              <span aria-hidden="true">·</span>
              {WIDTHS.map((width) => (
                <Link
                  key={width}
                  to={previewHref(previewLang, width)}
                  preventScrollReset
                  aria-current={width === previewWidth ? "page" : undefined}
                  className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline aria-[current=page]:text-slate-900 aria-[current=page]:no-underline"
                >
                  {t(`adminCampaigns.campaign.${width}`)}
                </Link>
              ))}
            </nav>
            <div className="overflow-x-auto">
              <iframe
                key={`${previewLang}-${previewWidth}`}
                title={t(`adminCampaigns.campaign.previewTitle.${previewWidth}`, { lang: t(`adminCampaigns.langWords.${previewLang}`) })}
                src={`/admin/campaigns/${campaign.id}/preview?lang=${previewLang}`}
                sandbox={PREVIEW_SANDBOX}
                className={`h-[36rem] rounded border border-slate-300 bg-white ${previewWidth === "phone" ? "w-[375px]" : "w-[720px]"}`}
              />
            </div>
          </Card>
          <Card title={editable ? t("adminCampaigns.campaign.compose") : t("adminCampaigns.campaign.texts")}>
            {editable ? (
              <Form method="post">
                <CampaignFields values={campaign} products={products} errors={errors} />
                <div className="mt-4">
                  <SubmitButton intent="save" pendingLabel={t("adminCampaigns.campaign.saving")}>
                    {t("adminCampaigns.campaign.save")}
                  </SubmitButton>
                </div>
              </Form>
            ) : (
              <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
                {LANGS.map((lang) => (
                  <div key={lang}>
                    <h3 className="text-sm font-semibold text-slate-800">{langName(lang)}</h3>
                    <p className="mt-1 text-sm font-medium">{campaign.subject[lang] || "—"}</p>
                    <p className="mt-1 whitespace-pre-wrap text-sm text-slate-700">{campaign.body[lang] || t("adminCampaigns.campaign.englishInstead")}</p>
                  </div>
                ))}
              </div>
            )}
          </Card>
        </div>
        <div className="space-y-4">
          <Card title={t("adminCampaigns.campaign.statusCard")}>
            <Facts
              rows={[
                [t("adminCampaigns.campaign.status"), t(`adminCampaigns.status.${status}`)],
                ...(campaign.scheduledAt ? [[t("adminCampaigns.campaign.scheduled"), when(campaign.scheduledAt)] as [string, string]] : []),
                ...(campaign.startedAt ? [[t("adminCampaigns.campaign.started"), when(campaign.startedAt)] as [string, string]] : []),
                ...(campaign.finishedAt ? [[t("adminCampaigns.campaign.finished"), when(campaign.finishedAt)] as [string, string]] : []),
                [
                  t("adminCampaigns.campaign.missingLanguages"),
                  missing.length === 0 ? t("adminCampaigns.campaign.none") : missing.map((l) => t(`adminCampaigns.langWords.${l}`)).join(", "),
                ],
              ]}
            />
          </Card>
          <Card title={t("adminCampaigns.campaign.send")}>
            <div className="space-y-3">
              <Form method="post">
                <p className="mb-2 text-sm text-slate-700">{t("adminCampaigns.campaign.testHelp", { email: sellerEmail })}</p>
                <SubmitButton intent="test" variant="secondary" pendingLabel={t("adminCampaigns.campaign.sendingTest")}>
                  {t("adminCampaigns.campaign.sendTest")}
                </SubmitButton>
              </Form>
              {campaignMayMove(status, "send") && (
                <ActionButtonForm intent="send" pendingLabel={t("adminCampaigns.campaign.starting")} variant="primary">
                  {t("adminCampaigns.campaign.sendNow")}
                </ActionButtonForm>
              )}
              {campaignMayMove(status, "schedule") && (
                <Form method="post" className="space-y-2">
                  <TextField label={t("adminCampaigns.campaign.sendAt")} name="at" type="datetime-local" required error={errors.at} />
                  <SubmitButton intent="schedule" variant="secondary" pendingLabel={t("adminCampaigns.campaign.scheduling")}>
                    {t("adminCampaigns.campaign.schedule")}
                  </SubmitButton>
                </Form>
              )}
              {MOVES.map((move) =>
                campaignMayMove(status, move.intent) ? (
                  <ActionButtonForm key={move.intent} intent={move.intent} pendingLabel={t(move.pendingLabel)} variant={move.variant}>
                    {t(move.label)}
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
