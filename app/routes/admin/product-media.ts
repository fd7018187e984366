import type { Route } from "./+types/product-media";
import { fieldErrors, formRecord } from "~/domain/seller/form-fields";
import { routeAccess } from "~/domain/seller/permissions";
import { mediaAltSchema, mediaDeleteSchema, mediaOrderSchema, sellerMediaRow } from "~/domain/seller/product-media-form";
import { done, readForm, refused, refusedFields } from "~/server/platform/forms.server";
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
  await requireSeller(request, access.read, context.services);
  const media = context.services.media;
  const rows = await sellerProductMedia(context.services.db, params.id);
  return {
    ok: true as const,
    items: rows.map((row) => sellerMediaRow(row, media.storage.publicBase)),
    limits: { image: megabytes(media.limits.imageBytes), video: megabytes(media.limits.videoBytes), files: media.limits.filesPerUpload },
  };
}

const reply = (result: MediaActionResult) => (result.ok ? done(result.message) : refused(result.status, result.message));

export async function action({ request, params, context }: Route.ActionArgs) {
  const seller = await requireSeller(request, access.write, context.services);
  const db = context.services.db;
  const now = context.services.now();
  if (/^multipart\/form-data/i.test(request.headers.get("content-type") ?? "")) {
    return reply(await uploadProductMedia(db, context.services.media, seller, params.id, request, now));
  }
  const form = formRecord(await readForm(request));
  switch (form.intent) {
    case "order": {
      const parsed = mediaOrderSchema.safeParse(form);
      if (!parsed.success) return refusedFields(fieldErrors(parsed.error));
      return reply(await reorderMedia(db, seller, params.id, parsed.data.order, now));
    }
    case "alt": {
      const parsed = mediaAltSchema.safeParse(form);
      if (!parsed.success) return refusedFields(fieldErrors(parsed.error));
      const { id, altEn, altFr, altEs } = parsed.data;
      return reply(await saveMediaAlt(db, seller, params.id, id, { en: altEn, fr: altFr, es: altEs }, now));
    }
    case "delete": {
      const parsed = mediaDeleteSchema.safeParse(form);
      if (!parsed.success) return refusedFields(fieldErrors(parsed.error));
      return reply(await removeMedia(db, context.services.media, seller, params.id, parsed.data.id, now));
    }
    default:
      return refused(400, "Unknown request.");
  }
}
