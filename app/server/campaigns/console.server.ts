/** What the console's campaign forms post, read and checked (the pages only render). */
import { campaignDraftSchema, textsFromDraft, type CampaignTexts } from "~/domain/campaigns";
import type { FieldErrors } from "~/domain/seller/form-fields";
import { readCatalogue } from "../catalogue/cache.server";
import type { Db } from "../platform/db.server";

const TEXT_FIELDS = ["subject_en", "body_en", "subject_fr", "body_fr", "subject_es", "body_es"] as const;

/** The compose form: texts per language and the picked products (each must be in the catalogue). */
export async function readCampaignDraft(db: Db, form: FormData): Promise<{ ok: true; texts: CampaignTexts } | { ok: false; errors: FieldErrors }> {
  const record: Record<string, unknown> = {};
  for (const name of TEXT_FIELDS) {
    const value = form.get(name);
    if (typeof value === "string") record[name] = value;
  }
  record.products = form.getAll("products").filter((v): v is string => typeof v === "string");
  const parsed = campaignDraftSchema.safeParse(record);
  if (!parsed.success) {
    const errors: FieldErrors = {};
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0] ?? "form");
      errors[name] ??= issue.message;
    }
    return { ok: false, errors };
  }
  const texts = textsFromDraft(parsed.data);
  const catalogue = await readCatalogue(db);
  const unknown = texts.productIds.filter((id) => !catalogue.product(id));
  if (unknown.length > 0) return { ok: false, errors: { products: `Unknown product: ${unknown.join(", ")}.` } };
  return { ok: true, texts };
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
