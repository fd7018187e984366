/**
 * Campaigns to newsletter subscribers (issue 30, docs/decisions/046): what a campaign holds, the
 * states it moves through and what the console's compose form accepts. Pure: the server, the
 * console's pages and the tests share it.
 */
import { LANGS, type Lang, type Localized } from "./lang";
import { z } from "./zod";

export const CAMPAIGN_STATUSES = ["draft", "scheduled", "sending", "paused", "cancelled", "sent"] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const CAMPAIGN_STATUS_LABELS: Record<CampaignStatus, string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  sending: "Sending",
  paused: "Paused",
  cancelled: "Cancelled",
  sent: "Sent",
};

/** A campaign shows at most this many product cards. */
export const MAX_CAMPAIGN_PRODUCTS = 6;
export const MAX_SUBJECT = 150;
export const MAX_BODY = 5000;

/** Which state a campaign may move to, and from where (the server checks; the console hides the rest). */
const MOVES: Record<string, readonly CampaignStatus[]> = {
  send: ["draft", "scheduled"],
  schedule: ["draft", "scheduled"],
  unschedule: ["scheduled"],
  pause: ["sending"],
  resume: ["paused"],
  cancel: ["scheduled", "sending", "paused"],
  edit: ["draft", "scheduled"],
  delete: ["draft"],
};
export type CampaignMove = keyof typeof MOVES;

export function campaignMayMove(status: CampaignStatus, move: CampaignMove): boolean {
  return (MOVES[move] ?? []).includes(status);
}

/** The languages a campaign has no subject or body in: their subscribers get the English version. */
export function missingLanguages(subject: Partial<Localized>, body: Partial<Localized>): Lang[] {
  return LANGS.filter((lang) => !subject[lang]?.trim() || !body[lang]?.trim());
}

/**
 * The text a subscriber in `lang` receives: their language when both subject and body are written
 * in it, else English (docs/decisions/046: a subscriber is told in English rather than not at all).
 */
export function campaignTextFor(subject: Partial<Localized>, body: Partial<Localized>, lang: Lang): { lang: Lang; subject: string; body: string } {
  const has = subject[lang]?.trim() && body[lang]?.trim();
  const used: Lang = has ? lang : "en";
  return { lang: used, subject: (subject[used] ?? "").trim(), body: (body[used] ?? "").trim() };
}

/** A body's paragraphs: blank lines separate them. */
export function bodyParagraphs(body: string): string[] {
  return body
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

const optionalText = (max: number) => z._default(z.string().check(z.trim(), z.maxLength(max, `At most ${max} characters.`)), "");
const requiredText = (max: number, missing: string) => z.string().check(z.trim(), z.minLength(1, missing), z.maxLength(max, `At most ${max} characters.`));

/** The compose form: English is required (the fallback), French and Spanish may be left for later. */
export const campaignDraftSchema = z.object({
  subject_en: requiredText(MAX_SUBJECT, "Write the English subject: it is what missing languages receive."),
  body_en: requiredText(MAX_BODY, "Write the English text: it is what missing languages receive."),
  subject_fr: optionalText(MAX_SUBJECT),
  body_fr: optionalText(MAX_BODY),
  subject_es: optionalText(MAX_SUBJECT),
  body_es: optionalText(MAX_BODY),
  products: z._default(
    z
      .array(z.string().check(z.trim(), z.minLength(1), z.maxLength(64)))
      .check(z.maxLength(MAX_CAMPAIGN_PRODUCTS, `At most ${MAX_CAMPAIGN_PRODUCTS} products.`)),
    [],
  ),
});
export type CampaignDraftInput = z.infer<typeof campaignDraftSchema>;

export interface CampaignTexts {
  subject: Localized;
  body: Localized;
  productIds: string[];
}

export function textsFromDraft(input: CampaignDraftInput): CampaignTexts {
  return {
    subject: { en: input.subject_en, fr: input.subject_fr, es: input.subject_es },
    body: { en: input.body_en, fr: input.body_fr, es: input.body_es },
    productIds: [...new Set(input.products)],
  };
}

/** What the console shows of a campaign's sending and results. */
export interface CampaignFigures {
  recipients: number;
  /** Handed to the outbox (mails built), plus those skipped because they left the list meanwhile. */
  processed: number;
  skipped: number;
  /** Mails the shop tried to hand to the mail server. */
  sent: number;
  /** Mails the mail server accepted. */
  accepted: number;
  bounced: number;
  complaints: number;
  unsubscribed: number;
  clicks: number;
}

/** Percent done, 0 to 100 (a campaign with nobody to send to is done). */
export function campaignProgress(figures: Pick<CampaignFigures, "recipients" | "processed">): number {
  if (figures.recipients === 0) return 100;
  return Math.min(100, Math.floor((figures.processed / figures.recipients) * 100));
}
