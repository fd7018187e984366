/** What the console's campaign forms post, read and checked (the pages only render). */
import type { TFunction } from "i18next";
import { campaignDraftSchema, textsFromDraft, type CampaignTexts } from "~/domain/campaigns";
import type { FieldErrors } from "~/domain/seller/form-fields";
import { readCatalogue } from "../catalogue/cache.server";
import type { Db } from "../platform/db.server";
import type { MoveRefusal } from "./campaigns.server";

const TEXT_FIELDS = ["subject_en", "body_en", "subject_fr", "body_fr", "subject_es", "body_es"] as const;

/**
 * The compose form: texts per language and the picked products (each must be in the catalogue). An
 * unknown product is told in the account's language (`t` = consoleT(seller.lang)); the texts' limits
 * are the domain schema's words.
 */
export async function readCampaignDraft(
  db: Db,
  form: FormData,
  t: TFunction,
): Promise<{ ok: true; texts: CampaignTexts } | { ok: false; errors: FieldErrors }> {
  const record: Record<string, unknown> = {};
  for (const name of TEXT_FIELDS) {
    const value = form.get(name);
    if (typeof value === "string") record[name] = value;
  }
  record.products = form.getAll("products").filter((v): v is string => typeof v === "string");
  const parsed = campaignDraftSchema.safeParse(record);
  if (!parsed.success) return { ok: false, errors: campaignDraftErrors(t, parsed.error.issues) };
  const texts = textsFromDraft(parsed.data);
  const catalogue = await readCatalogue(db);
  const unknown = texts.productIds.filter((id) => !catalogue.product(id));
  if (unknown.length > 0) return { ok: false, errors: { products: t("adminCampaigns.reply.unknownProduct", { ids: unknown.join(", ") }) } };
  return { ok: true, texts };
}

interface DraftIssue {
  code: string;
  message: string;
  path: readonly PropertyKey[];
  maximum?: unknown;
}

/**
 * The compose form's issues, one per field, in the account's language: the schema's English
 * (domain/campaigns.ts) is the en text (console.server.test.ts checks it); any other issue keeps its own.
 */
export function campaignDraftErrors(t: TFunction, issues: readonly DraftIssue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const name = String(issue.path[0] ?? "form");
    errors[name] ??= draftIssueText(t, name, issue);
  }
  return errors;
}

function draftIssueText(t: TFunction, name: string, issue: DraftIssue): string {
  const max = Number(issue.maximum);
  if (issue.code === "too_small" && name === "subject_en") return t("adminCampaigns.errors.subjectEn");
  if (issue.code === "too_small" && name === "body_en") return t("adminCampaigns.errors.bodyEn");
  if (issue.code === "too_big" && name === "products") return issue.path.length === 1 ? t("adminCampaigns.errors.tooManyProducts", { max }) : issue.message;
  if (issue.code === "too_big") return t("adminCampaigns.errors.tooLong", { max });
  return issue.message;
}

/** The products a campaign may show: listed ones, in catalogue order. */
export async function campaignProductChoices(db: Db): Promise<{ id: string; title: string }[]> {
  return (await readCatalogue(db)).products.filter((p) => p.listed).map((p) => ({ id: p.id, title: p.title }));
}

/** "2026-03-01T10:00" from a datetime-local field, read as UTC; null when it is not one. */
export function readUtcDateTime(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  const date = new Date(`${value}Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Why a move was refused, in the account's language (the English is the server's `message`). */
export function moveRefusalText(t: TFunction, refusal: MoveRefusal): string {
  switch (refusal.reason) {
    case "state":
      return t("adminCampaigns.reply.noLonger", { state: t(`adminCampaigns.stateNow.${refusal.status}`) });
    case "missing":
      return t("adminCampaigns.campaign.notFound");
    case "past":
      return t("adminCampaigns.reply.future");
    case "not_draft":
      return t("adminCampaigns.reply.onlyDraft");
  }
}
