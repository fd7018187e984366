import type { TFunction } from "i18next";
import type { Route } from "./+types/product-media";
import { formRecord, type FieldErrors } from "~/domain/seller/form-fields";
import type { z } from "~/domain/zod";
import { consoleT } from "~/i18n/console.server";
import { routeAccess } from "~/domain/seller/permissions";
import { MAX_ALT_LENGTH, type MediaFacts, mediaAltSchema, mediaDeleteSchema, mediaOrderSchema, sellerMediaRow } from "~/domain/seller/product-media-form";
import { done, readForm, refused, refusedFields as refusedForm } from "~/server/platform/forms.server";
import { requireSeller } from "~/server/seller-auth/guard.server";
import {
  removeMedia,
  reorderMedia,
  saveMediaAlt,
  sellerProductMedia,
  uploadProductMedia,
  type MediaActionResult,
} from "~/server/catalogue/console-media.server";
import { megabytes } from "~/server/media/media-error.server";

/**
 * /admin/products/:id/media, the console's media manager (docs/decisions/030), a resource route:
 * GET lists the product's media; POST multipart/form-data uploads (`photos`, `video`, `poster`,
 * streamed to disk: server/body-limit.ts has its rule); POST form `intent` = order | alt | delete.
 */
/** Owner only (docs/decisions/036): seeing the list is seeing the catalogue, any post changes its media. */
export const access = routeAccess({ read: "products.view", write: "products.media" });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const seller = await requireSeller(request, access.read, context.services);
  const t = consoleT(seller.lang);
  const media = context.services.media;
  const rows = await sellerProductMedia(context.services.db, params.id);
  const summarize = (facts: MediaFacts) =>
    facts.kind === "video" ? t("adminProduct.media.summaryVideo", facts) : t("adminProduct.media.summaryImage", { ...facts, count: facts.widths });
  return {
    ok: true as const,
    items: rows.map((row) => sellerMediaRow(row, media.storage.publicBase, summarize)),
    limits: { image: megabytes(media.limits.imageBytes), video: megabytes(media.limits.videoBytes), files: media.limits.filesPerUpload },
  };
}

/** The reply in the account's language (docs/decisions/055); the media pipeline's own refusals stay in English. */
const replyIn = (t: TFunction) => (result: MediaActionResult) => {
  const message = result.key ? t(result.key, result.values) : result.message;
  return result.ok ? done(message) : refused(result.status, message);
};

const ALT_LANGS: Record<string, "en" | "fr" | "es"> = { altEn: "en", altFr: "fr", altEs: "es" };

/** The media forms' refusals (app/domain/seller/product-media-form.ts), worded in the account's language. */
function mediaFormErrors(t: TFunction, error: z.core.$ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    const lang = ALT_LANGS[field];
    errors[field] ??= lang
      ? t("adminProduct.mediaReplies.altTooLong", { lang: t(`adminProduct.langs.${lang}`), max: MAX_ALT_LENGTH })
      : field === "order"
        ? t(issue.code === "custom" ? "adminProduct.mediaReplies.orderUnreadable" : "adminProduct.mediaReplies.orderMissing")
        : field === "id"
          ? t("adminProduct.mediaReplies.whichMedia")
          : issue.message;
  }
  return errors;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const seller = await requireSeller(request, access.write, context.services);
  const t = consoleT(seller.lang);
  const reply = replyIn(t);
  const refusedFields = (errors: FieldErrors) => refusedForm(errors, 422, t("admin.form.fixFields"));
  const db = context.services.db;
  const now = context.services.now();
  if (/^multipart\/form-data/i.test(request.headers.get("content-type") ?? "")) {
    return reply(await uploadProductMedia(db, context.services.media, seller, params.id, request, now));
  }
  const form = formRecord(await readForm(request));
  switch (form.intent) {
    case "order": {
      const parsed = mediaOrderSchema.safeParse(form);
      if (!parsed.success) return refusedFields(mediaFormErrors(t, parsed.error));
      return reply(await reorderMedia(db, seller, params.id, parsed.data.order, now));
    }
    case "alt": {
      const parsed = mediaAltSchema.safeParse(form);
      if (!parsed.success) return refusedFields(mediaFormErrors(t, parsed.error));
      const { id, altEn, altFr, altEs } = parsed.data;
      return reply(await saveMediaAlt(db, seller, params.id, id, { en: altEn, fr: altFr, es: altEs }, now));
    }
    case "delete": {
      const parsed = mediaDeleteSchema.safeParse(form);
      if (!parsed.success) return refusedFields(mediaFormErrors(t, parsed.error));
      return reply(await removeMedia(db, context.services.media, seller, params.id, parsed.data.id, now));
    }
    default:
      return refused(400, t("adminProduct.mediaReplies.unknownRequest"));
  }
}
