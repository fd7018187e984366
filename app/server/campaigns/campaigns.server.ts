/**
 * Campaigns to newsletter subscribers (issue 30, docs/decisions/046).
 *
 * Starting a campaign queues its recipients in one statement (every confirmed subscriber whose
 * address is not suppressed, one row each: the primary key keeps it to one per campaign). The
 * `send-campaigns` job then, every second, hands out as many mails as the pace allows: in one
 * transaction it takes the next pending recipients, writes their mails into the outbox and marks
 * them queued, so a process killed at any point either did all of it or none. The outbox then
 * delivers exactly those rows with its own claim (SKIP LOCKED, then the row hidden for its claim
 * window) and records each result, so two processes never send one row and a mail in flight when
 * a process dies is sent again later from the same row — with the same Message-ID, which is part
 * of the row's headers.
 */
import { createHash } from "node:crypto";
import { and, asc, desc, eq, inArray, lte, sql } from "drizzle-orm";
import { campaignClicks, campaignRecipients, campaigns, emailOutbox, mailSuppressions, newsletterSubscribers } from "../../../db/schema";
import {
  bodyParagraphs,
  campaignMayMove,
  campaignTextFor,
  type CampaignFigures,
  type CampaignMove,
  type CampaignStatus,
  type CampaignTexts,
} from "~/domain/campaigns";
import { LANGS, type Lang } from "~/domain/lang";
import { mediaUrl, variantsOf } from "~/domain/media";
import { formatPrice } from "~/domain/money";
import { mainImage } from "~/domain/product-media";
import type { Product } from "~/domain/product";
import { getI18n } from "~/i18n/i18n";
import "~/i18n/resources.server";
import { readCatalogue, type Catalogue } from "../catalogue/cache.server";
import { deliverDueMail, enqueueMails, type OutboxSenders, type OutgoingMail } from "../mail/outbox.server";
import type { MailBlock } from "../mail/render.server";
import { suppressedSql } from "../mail/suppressions.server";
import { newsletterMail, type NewsletterRecipient } from "../newsletter/newsletter-mail.server";
import type { Db } from "../platform/db.server";
import type { Site } from "../platform/site.server";
import { recordSellerAction, type Actor } from "../seller-auth/audit.server";
import { campaignClickUrl } from "./clicks.server";

export type Campaign = typeof campaigns.$inferSelect;

const isLang = (value: string): value is Lang => (LANGS as readonly string[]).includes(value);

/** At most this many seconds of pace are handed out at once (after a pause, a restart or a slow run). */
const BURST_SECONDS = 2;

// ---------------------------------------------------------------------------------------------
// Records

export async function createCampaign(db: Db, texts: CampaignTexts, who: Actor, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(campaigns)
      .values({ subject: texts.subject, body: texts.body, productIds: texts.productIds, createdBy: who.actor, createdAt: now, updatedAt: now })
      .returning({ id: campaigns.id });
    await recordSellerAction(tx, who, "campaign_created", `campaign:${row!.id}`, null, now);
    return row!.id;
  });
}

/** Changes a draft's (or a scheduled campaign's) texts and products; false once it has started. */
export async function updateCampaign(db: Db, id: number, texts: CampaignTexts, who: Actor, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(campaigns)
      .set({ subject: texts.subject, body: texts.body, productIds: texts.productIds, updatedAt: now })
      .where(and(eq(campaigns.id, id), inArray(campaigns.status, ["draft", "scheduled"])))
      .returning({ id: campaigns.id });
    if (changed.length === 0) return false;
    await recordSellerAction(tx, who, "campaign_edited", `campaign:${id}`, null, now);
    return true;
  });
}

export async function getCampaign(db: Pick<Db, "select">, id: number): Promise<Campaign | undefined> {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id));
  return row;
}

export function listCampaigns(db: Pick<Db, "select">, limit = 100): Promise<Campaign[]> {
  return db.select().from(campaigns).orderBy(desc(campaigns.createdAt), desc(campaigns.id)).limit(limit);
}

// ---------------------------------------------------------------------------------------------
// Moves: send now, schedule, pause, resume, cancel

/**
 * A refusal says why in `reason` (and the state it met), so the console words it in the account's
 * language (docs/decisions/055); `message` is the English of scripts and logs.
 */
export type MoveRefusal = { ok: false; message: string } & ({ reason: "state"; status: CampaignStatus } | { reason: "missing" | "past" | "not_draft" });
export type MoveResult = { ok: true; recipients?: number } | MoveRefusal;

const refusedMove = (status: CampaignStatus | undefined): MoveResult =>
  status
    ? { ok: false, reason: "state", status, message: `This campaign is ${status} now: that is no longer possible.` }
    : { ok: false, reason: "missing", message: "That campaign does not exist." };

/**
 * Starts sending: queues every confirmed, non-suppressed subscriber (one statement, however many)
 * and sets the pace's cursor to now. Idempotent per recipient (ON CONFLICT DO NOTHING).
 */
export async function startCampaign(db: Db, id: number, who: Actor | null, now: Date): Promise<MoveResult> {
  return db.transaction(async (tx) => {
    const [campaign] = await tx.select().from(campaigns).where(eq(campaigns.id, id)).for("update");
    if (!campaign || !campaignMayMove(campaign.status, "send")) return refusedMove(campaign?.status);
    await tx.execute(sql`
      insert into ${campaignRecipients} (campaign_id, email, lang)
      select ${id}, s.email, s.lang from ${newsletterSubscribers} s
      where s.status = 'confirmed' and not ${suppressedSql(sql`s.email`)}
      on conflict do nothing`);
    const [{ count } = { count: 0 }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(campaignRecipients)
      .where(eq(campaignRecipients.campaignId, id));
    await tx
      .update(campaigns)
      .set({ status: "sending", startedAt: now, pacedUntil: now, recipients: count, scheduledAt: null, updatedAt: now })
      .where(eq(campaigns.id, id));
    if (who) await recordSellerAction(tx, who, "campaign_started", `campaign:${id}`, { recipients: count }, now);
    return { ok: true, recipients: count };
  });
}

export async function scheduleCampaign(db: Db, id: number, at: Date, who: Actor, now: Date): Promise<MoveResult> {
  if (!(at.getTime() > now.getTime())) return { ok: false, reason: "past", message: "Choose a time in the future (or send now)." };
  return simpleMove(db, id, "schedule", { status: "scheduled", scheduledAt: at }, who, "campaign_scheduled", now);
}

export function unscheduleCampaign(db: Db, id: number, who: Actor, now: Date): Promise<MoveResult> {
  return simpleMove(db, id, "unschedule", { status: "draft", scheduledAt: null }, who, "campaign_unscheduled", now);
}

/** Stops handing out mails; those already in the outbox (at most one run's share) still go. */
export function pauseCampaign(db: Db, id: number, who: Actor, now: Date): Promise<MoveResult> {
  return simpleMove(db, id, "pause", { status: "paused" }, who, "campaign_paused", now);
}

/** Goes on where it stopped; the pace starts again from now (no burst for the paused time). */
export function resumeCampaign(db: Db, id: number, who: Actor, now: Date): Promise<MoveResult> {
  return simpleMove(db, id, "resume", { status: "sending", pacedUntil: now }, who, "campaign_resumed", now);
}

/** Nobody else gets it: pending recipients stay unsent and its mails still waiting in the outbox are skipped. */
export async function cancelCampaign(db: Db, id: number, who: Actor, now: Date): Promise<MoveResult> {
  const result = await simpleMove(db, id, "cancel", { status: "cancelled", finishedAt: now, scheduledAt: null }, who, "campaign_cancelled", now);
  if (result.ok) {
    await db
      .update(emailOutbox)
      .set({ status: "skipped" })
      .where(
        and(
          eq(emailOutbox.status, "pending"),
          inArray(
            emailOutbox.id,
            db
              .select({ id: sql<number>`${campaignRecipients.outboxId}` })
              .from(campaignRecipients)
              .where(and(eq(campaignRecipients.campaignId, id), eq(campaignRecipients.status, "queued"))),
          ),
        ),
      );
  }
  return result;
}

/** A draft that was never sent can be thrown away. */
export async function deleteCampaign(db: Db, id: number, who: Actor, now: Date): Promise<MoveResult> {
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(campaigns)
      .where(and(eq(campaigns.id, id), eq(campaigns.status, "draft")))
      .returning({ id: campaigns.id });
    if (removed.length === 0) return { ok: false, reason: "not_draft", message: "Only a draft can be deleted." };
    await recordSellerAction(tx, who, "campaign_deleted", `campaign:${id}`, null, now);
    return { ok: true };
  });
}

async function simpleMove(
  db: Db,
  id: number,
  move: CampaignMove,
  set: Partial<typeof campaigns.$inferInsert>,
  who: Actor,
  action: string,
  now: Date,
): Promise<MoveResult> {
  return db.transaction(async (tx) => {
    const [campaign] = await tx.select({ status: campaigns.status }).from(campaigns).where(eq(campaigns.id, id)).for("update");
    if (!campaign || !campaignMayMove(campaign.status, move)) return refusedMove(campaign?.status);
    await tx
      .update(campaigns)
      .set({ ...set, updatedAt: now })
      .where(eq(campaigns.id, id));
    await recordSellerAction(tx, who, action, `campaign:${id}`, set.scheduledAt ? { at: set.scheduledAt.toISOString() } : null, now);
    return { ok: true };
  });
}

// ---------------------------------------------------------------------------------------------
// The mail

/** A picture mail clients show: the JPEG/PNG variant about twice the card's 120 px, at an absolute URL; none for SVG-only media. */
export function mailPictureUrl(site: Pick<Site, "url">, product: Product): string | null {
  const main = mainImage(product.gallery);
  if (!main || !product.gallery) return null;
  const { image } = main;
  if (image.fallback !== "jpeg" && image.fallback !== "png") return null;
  const variants = variantsOf(image, image.fallback);
  const pick = variants.find((v) => v.width >= 240) ?? variants[variants.length - 1];
  if (!pick) return null;
  const url = mediaUrl(product.gallery.base, pick.key);
  return url.startsWith("/") ? `${site.url}${url}` : url;
}

/** Prices as the shop shows them to a visitor of that language by default: dollars in English, euros in French and Spanish. */
export function mailPrice(product: Pick<Product, "priceCents">, lang: Lang): string {
  return formatPrice(product.priceCents, lang === "en" ? "USD" : "EUR");
}

/** The product cards of a campaign in `lang` (unknown or archived products are left out). */
export function productCards(site: Site, catalogue: Catalogue, campaign: Pick<Campaign, "id" | "productIds">, lang: Lang): MailBlock[] {
  const t = getI18n(lang).getFixedT(lang);
  return campaign.productIds.flatMap((productId): MailBlock[] => {
    const product = catalogue.product(productId);
    if (!product) return [];
    return [
      {
        kind: "product",
        title: product.titles[lang] || product.title,
        price: mailPrice(product, lang),
        href: campaignClickUrl(site, { campaignId: campaign.id, productId, lang }),
        label: t("emails.campaign.view"),
        image: mailPictureUrl(site, product),
      },
    ];
  });
}

/** The Message-ID of one campaign's mail to one address: the same every time it is built. */
export function campaignMessageId(site: Pick<Site, "url">, campaignId: number, email: string): string {
  const host = new URL(site.url).hostname || "localhost";
  const hash = createHash("sha256").update(email.toLowerCase()).digest("base64url").slice(0, 22);
  return `<campaign-${campaignId}-${hash}@${host}>`;
}

/** One subscriber's mail: their language (English when the campaign has none), the cards, the newsletter footer and headers. */
export function campaignMail(
  site: Site,
  catalogue: Catalogue,
  campaign: Pick<Campaign, "id" | "subject" | "body" | "productIds">,
  recipient: NewsletterRecipient,
): OutgoingMail {
  const text = campaignTextFor(campaign.subject, campaign.body, recipient.lang);
  const blocks: MailBlock[] = [
    { kind: "heading", text: text.subject },
    ...bodyParagraphs(text.body).map((p): MailBlock => ({ kind: "paragraph", text: p })),
    ...productCards(site, catalogue, campaign, text.lang),
  ];
  const mail = newsletterMail(site, recipient, text.subject, blocks, "campaign");
  return { ...mail, headers: { ...mail.headers, "Message-ID": campaignMessageId(site, campaign.id, recipient.email) } };
}

/** The rendered HTML of a campaign in `lang`, for the console's preview (links made for a sample address). */
export async function previewCampaign(db: Db, site: Site, campaign: Campaign, lang: Lang): Promise<OutgoingMail> {
  return campaignMail(site, await readCatalogue(db), campaign, { email: site.sellerEmail, nonce: "preview-only-not-a-real-nonce", lang });
}

/** A test of each written language to the seller's own address (through the outbox, like any mail). */
export async function sendCampaignTest(db: Db, site: Site, campaign: Campaign, who: Actor, now: Date): Promise<Lang[]> {
  const catalogue = await readCatalogue(db);
  const langs = LANGS.filter((lang) => campaign.subject[lang]?.trim() && campaign.body[lang]?.trim());
  const mails = langs.map((lang) => {
    const mail = campaignMail(site, catalogue, campaign, { email: site.sellerEmail, nonce: "test-mail-not-a-real-nonce", lang });
    const { "Message-ID": _id, ...headers } = mail.headers ?? {};
    return { ...mail, subject: `[Test] ${mail.subject}`, kind: "campaign_test", headers };
  });
  await db.transaction(async (tx) => {
    await enqueueMails(tx, mails, now);
    await recordSellerAction(tx, who, "campaign_test_sent", `campaign:${campaign.id}`, { langs }, now);
  });
  return langs;
}

// ---------------------------------------------------------------------------------------------
// Sending

export interface CampaignRunOptions {
  now: Date;
  /** CAMPAIGN_MAILS_PER_SECOND. */
  perSecond: number;
}

export interface CampaignRunReport {
  started: number;
  queued: number;
  skipped: number;
  sent: number;
  finished: number;
}

/**
 * The job's run: starts campaigns whose time has come, then for each one sending hands the pace's
 * share to the outbox and delivers it, and marks a campaign sent once nobody is left pending.
 */
export async function runCampaigns(db: Db, senders: OutboxSenders, site: Site, { now, perSecond }: CampaignRunOptions): Promise<CampaignRunReport> {
  const report: CampaignRunReport = { started: 0, queued: 0, skipped: 0, sent: 0, finished: 0 };
  const due = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.status, "scheduled"), lte(campaigns.scheduledAt, now)));
  for (const { id } of due) if ((await startCampaign(db, id, null, now)).ok) report.started++;

  // Without a mail server the recipients wait as pending (rather than filling the outbox).
  if (!senders.email) return report;
  const sending = await db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.status, "sending")).orderBy(asc(campaigns.id));
  let catalogue: Catalogue | null = null;
  for (const { id } of sending) {
    catalogue ??= await readCatalogue(db);
    const fed = await feedCampaign(db, site, catalogue, id, now, perSecond);
    report.queued += fed.outboxIds.length;
    report.skipped += fed.skipped;
    if (fed.outboxIds.length > 0) {
      const delivered = await deliverDueMail(db, senders, { now, only: fed.outboxIds, batch: fed.outboxIds.length });
      report.sent += delivered.sent;
    }
    if (fed.done) report.finished++;
  }
  return report;
}

interface Fed {
  outboxIds: number[];
  skipped: number;
  done: boolean;
}

/**
 * One campaign's share of the pace: the next pending recipients (by address), each either written
 * into the outbox or skipped (unsubscribed or suppressed since the start), in one transaction under
 * the campaign's row lock (another process feeding it skips it).
 */
export async function feedCampaign(db: Db, site: Site, catalogue: Catalogue, id: number, now: Date, perSecond: number): Promise<Fed> {
  return db.transaction(async (tx) => {
    const [campaign] = await tx
      .select()
      .from(campaigns)
      .where(and(eq(campaigns.id, id), eq(campaigns.status, "sending")))
      .for("update", { skipLocked: true });
    if (!campaign) return { outboxIds: [], skipped: 0, done: false };
    const since = campaign.pacedUntil ?? campaign.startedAt ?? now;
    const elapsed = Math.max(0, Math.min((now.getTime() - since.getTime()) / 1000, BURST_SECONDS));
    const allowance = Math.floor(elapsed * perSecond);
    const pacedFrom = new Date(now.getTime() - elapsed * 1000);

    const rows =
      allowance > 0
        ? await tx
            .select({
              email: campaignRecipients.email,
              lang: campaignRecipients.lang,
              status: newsletterSubscribers.status,
              nonce: newsletterSubscribers.nonce,
              suppressed: sql<boolean>`${suppressedSql(campaignRecipients.email)}`,
            })
            .from(campaignRecipients)
            .leftJoin(newsletterSubscribers, eq(newsletterSubscribers.email, campaignRecipients.email))
            .where(and(eq(campaignRecipients.campaignId, id), eq(campaignRecipients.status, "pending")))
            .orderBy(asc(campaignRecipients.email))
            .limit(allowance)
        : [];

    const toSend = rows.filter((r) => r.status === "confirmed" && !r.suppressed && r.nonce);
    const skipped = rows.filter((r) => !toSend.includes(r)).map((r) => r.email);
    const mails = toSend.map((r) => campaignMail(site, catalogue, campaign, { email: r.email, nonce: r.nonce!, lang: isLang(r.lang) ? r.lang : "en" }));
    const outboxIds = await enqueueMails(tx, mails, now);
    const marks = [
      ...toSend.map((r, i) => ({ email: r.email, status: "queued", outbox_id: outboxIds[i] })),
      ...skipped.map((email) => ({ email, status: "skipped", outbox_id: null })),
    ];
    if (marks.length > 0) {
      await tx.execute(sql`
        update ${campaignRecipients} r set status = v.status, outbox_id = v.outbox_id
        from jsonb_to_recordset(${JSON.stringify(marks)}::jsonb) as v(email text, status text, outbox_id integer)
        where r.campaign_id = ${id} and r.email = v.email`);
    }
    // The cursor moves by what was handed out; when nobody was left it is simply now.
    const pacedUntil = rows.length < allowance ? now : new Date(pacedFrom.getTime() + (rows.length / perSecond) * 1000);
    const done = allowance > 0 && rows.length < allowance;
    await tx
      .update(campaigns)
      .set(done ? { pacedUntil, status: "sent", finishedAt: now, updatedAt: now } : { pacedUntil })
      .where(eq(campaigns.id, id));
    return { outboxIds, skipped: skipped.length, done };
  });
}

// ---------------------------------------------------------------------------------------------
// Figures

/** What a campaign did: counts only (docs/decisions/046 says what is and is not tracked). */
export async function campaignFigures(db: Db, campaign: Pick<Campaign, "id" | "startedAt">): Promise<CampaignFigures> {
  // Not started: nothing happened since; a far date PostgreSQL accepts (new Date(8.64e15) it does not).
  const since = campaign.startedAt ?? new Date("9999-12-31T00:00:00Z");
  const [row] = await db
    .select({
      recipients: sql<number>`count(*)::int`,
      processed: sql<number>`count(*) filter (where ${campaignRecipients.status} <> 'pending')::int`,
      skipped: sql<number>`count(*) filter (where ${campaignRecipients.status} = 'skipped')::int`,
      sent: sql<number>`count(*) filter (where ${emailOutbox.attempts} > 0 or ${emailOutbox.status} = 'sent')::int`,
      accepted: sql<number>`count(*) filter (where ${emailOutbox.status} = 'sent')::int`,
      bounced: sql<number>`count(*) filter (where ${mailSuppressions.reason} in ('bounce', 'smtp_refused') and ${mailSuppressions.createdAt} >= ${since})::int`,
      complaints: sql<number>`count(*) filter (where ${mailSuppressions.reason} = 'complaint' and ${mailSuppressions.createdAt} >= ${since})::int`,
      unsubscribed: sql<number>`count(*) filter (where ${newsletterSubscribers.status} = 'unsubscribed' and ${newsletterSubscribers.unsubscribedAt} >= ${since})::int`,
    })
    .from(campaignRecipients)
    .leftJoin(emailOutbox, eq(emailOutbox.id, campaignRecipients.outboxId))
    .leftJoin(mailSuppressions, eq(mailSuppressions.email, sql`lower(${campaignRecipients.email})`))
    .leftJoin(newsletterSubscribers, eq(newsletterSubscribers.email, campaignRecipients.email))
    .where(eq(campaignRecipients.campaignId, campaign.id));
  const clicks = await campaignClickCounts(db, campaign.id);
  return {
    recipients: row?.recipients ?? 0,
    processed: row?.processed ?? 0,
    skipped: row?.skipped ?? 0,
    sent: row?.sent ?? 0,
    accepted: row?.accepted ?? 0,
    bounced: row?.bounced ?? 0,
    complaints: row?.complaints ?? 0,
    unsubscribed: row?.unsubscribed ?? 0,
    clicks: clicks.reduce((sum, c) => sum + c.clicks, 0),
  };
}

export function campaignClickCounts(db: Pick<Db, "select">, campaignId: number): Promise<{ productId: string; clicks: number }[]> {
  return db
    .select({ productId: campaignClicks.productId, clicks: campaignClicks.clicks })
    .from(campaignClicks)
    .where(eq(campaignClicks.campaignId, campaignId))
    .orderBy(desc(campaignClicks.clicks));
}

/** How many confirmed subscribers a campaign started now would reach (the compose page says it). */
export async function reachableSubscribers(db: Pick<Db, "select">): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(newsletterSubscribers)
    .where(and(eq(newsletterSubscribers.status, "confirmed"), sql`not ${suppressedSql(newsletterSubscribers.email)}`));
  return row?.count ?? 0;
}

// ---------------------------------------------------------------------------------------------
// Product announcements

/**
 * A one-product campaign announcing `productId` to every subscriber, in each language the product
 * has a title in (the mails' texts come from the shop's translations), started at once. Another
 * part of the shop (the product's "announce" action) calls it. Returns the campaign's id, or null
 * for a product that is not in the catalogue or not listed.
 */
export async function createProductCampaign(db: Db, productId: string, now: Date): Promise<number | null> {
  const product = (await readCatalogue(db)).product(productId);
  if (!product || !product.listed) return null;
  const subject = { en: "", fr: "", es: "" };
  const body = { en: "", fr: "", es: "" };
  for (const lang of LANGS) {
    const t = getI18n(lang).getFixedT(lang);
    const title = product.titles[lang] || product.title;
    subject[lang] = t("emails.campaign.newProduct.subject", { title });
    body[lang] = t("emails.campaign.newProduct.body", { title });
  }
  const system: Actor = { id: null, actor: "system" };
  const id = await createCampaign(db, { subject, body, productIds: [productId] }, system, now);
  await startCampaign(db, id, system, now);
  return id;
}
