import { data, Form, Link, redirect, useActionData, useLoaderData, useSearchParams } from "react-router";
import type { Route } from "./+types/product";
import { AdminError } from "~/components/admin/admin-error";
import { consoleMeta } from "~/components/admin/meta";
import { productFormErrors, productSaveErrors } from "~/components/admin/product-form-errors";
import { useConsole } from "~/components/admin/use-console";
import { ActionButtonForm, SubmitButton } from "~/components/admin/kit/fields";
import { ProductMediaManager } from "~/components/admin/product-media/product-media-manager";
import { Card, Notice, PageTitle } from "~/components/admin/kit/page";
import { fieldErrorsOf, ReplyNotice } from "~/components/admin/kit/reply";
import { ProductForm } from "~/components/admin/product-form";
import { LANGS } from "~/domain/product";
import { savingsCents } from "~/domain/pricing";
import { applySchedule, productFormRecord, productFormSchema, toProductInput } from "~/domain/seller/product-form";
import { done, field, readForm, refused, refusedFields } from "~/server/platform/forms.server";
import { roleMay, routeAccess } from "~/domain/seller/permissions";
import { requireIntent, requireSeller } from "~/server/seller-auth/guard.server";
import { consoleT, consoleTranslations } from "~/i18n/console.server";
import type { TFunction } from "i18next";
import { announceProduct } from "~/server/announcements/announce.server";
import { createProductCampaign } from "~/server/campaigns/campaigns.server";
import {
  bundleCandidates,
  deleteProduct,
  duplicateProduct,
  findSellerProduct,
  setArchived,
  setFeatured,
  updateProduct,
} from "~/server/catalogue/console-products.server";
import { onProductRestocked, type RestockReport } from "~/server/reminders/restock.server";

/** What this route needs (docs/decisions/036-staff-roles.md; the walk test checks it). */
export const access = routeAccess({
  read: "products.view",
  write: {
    save: "products.edit",
    duplicate: "products.edit",
    archive: "products.edit",
    restore: "products.edit",
    feature: "products.edit",
    unfeature: "products.edit",
    delete: "products.edit",
    announce: "products.announce",
  },
});

// The page's words: locales/{lang}/adminProduct.json (docs/decisions/055).
export const meta: Route.MetaFunction = ({ data, matches }) =>
  data ? consoleMeta(matches, "adminProduct.edit.meta", { title: data.product.title }) : consoleMeta(matches, "adminProduct.edit.metaFallback");

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const db = context.services.db;
  const seller = await requireSeller(request, access.read, context.services);
  const product = await findSellerProduct(db, params.id);
  if (!product) throw data(consoleT(seller.lang)("adminProduct.edit.noProduct"), { status: 404 });
  return {
    product,
    translations: consoleTranslations(seller.lang, ["adminProduct"]),
    candidates: (await bundleCandidates(db)).filter((c) => c.id !== product.id),
    communityDiscord: Boolean(context.services.env.COMMUNITY_DISCORD_WEBHOOK),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const db = context.services.db;
  const now = context.services.now();
  const seller = await requireSeller(request, "console", context.services);
  const form = await readForm(request);
  // The edit form's button posts "save"; a post without an intent is read as one too.
  const intent = field(form, "intent") || "save";
  await requireIntent(request, seller, access, intent, context.services);
  const t = consoleT(seller.lang);
  const noProduct = () => data(t("adminProduct.edit.noProduct"), { status: 404 });
  if (intent === "duplicate") {
    const result = await duplicateProduct(db, seller, params.id, now);
    if (!result.ok) throw noProduct();
    return redirect(`/admin/products/${encodeURIComponent(result.id)}?duplicated=1`);
  }
  if (intent === "archive" || intent === "restore") {
    const result = await setArchived(db, seller, params.id, intent === "archive", now);
    if (!result.ok) throw noProduct();
    if (intent === "archive") return done(t("adminProduct.replies.archived"));
    // Back on sale: whoever asked to be told is mailed now (docs/decisions/045).
    const restock = await onProductRestocked(db, context.services.site, params.id, now);
    return done(t("adminProduct.replies.restored", { restock: restockNote(t, restock) }));
  }
  if (intent === "feature" || intent === "unfeature") {
    const result = await setFeatured(db, seller, params.id, intent === "feature", now);
    if (!result.ok) return refused(409, t("adminProduct.replies.cannotFeature"));
    return done(intent === "feature" ? t("adminProduct.replies.featured") : t("adminProduct.replies.unfeatured"));
  }
  if (intent === "delete") {
    if (field(form, "confirm") !== "on") return refused(400, t("adminProduct.replies.tickDelete"));
    const result = await deleteProduct(db, seller, params.id, now);
    if (result.ok) return redirect("/admin/products?deleted=1");
    if (result.reason === "not_found") throw noProduct();
    return refused(409, t(result.key, result.values));
  }
  if (intent === "announce") {
    const options = { mediaBase: context.services.media.storage.publicBase, communityWebhook: Boolean(context.services.env.COMMUNITY_DISCORD_WEBHOOK) };
    const result = await announceProduct(db, context.services.site, options, seller, params.id, now);
    if (result.ok) {
      // "Also mail it to subscribers": a one-product campaign, started at once (docs/decisions/046); owner only.
      if (field(form, "campaign") !== "on") return done(t("adminProduct.replies.queued"));
      if (!roleMay(seller.role, "campaigns.send")) return refused(403, t("adminProduct.replies.ownerCampaigns"));
      const campaign = await createProductCampaign(db, params.id, now);
      if (campaign === null) return refused(409, t("adminProduct.replies.onlyPublished"));
      return done(t("adminProduct.replies.queuedCampaign", { campaign }));
    }
    if (result.code === "not_found") throw noProduct();
    if (result.code === "not_configured") return refused(409, t("adminProduct.replies.noWebhook"));
    return refused(409, t("adminProduct.replies.onlyPublished"));
  }
  if (intent !== "save") return refused(400, t("admin.form.unknownAction"));
  const parsed = productFormSchema.safeParse(productFormRecord(form));
  if (!parsed.success) return refusedFields(productFormErrors(parsed.error, t), 422, t("admin.form.fixFields"));
  const result = await updateProduct(db, seller, params.id, applySchedule(toProductInput(parsed.data), now), now);
  if (!result.ok) {
    if ("errors" in result) return refusedFields(productSaveErrors(result.errors, t), 422, t("admin.form.fixFields"));
    throw noProduct();
  }
  if (Object.keys(result.changes).length === 0) return done(t("adminProduct.replies.nothingChanged"));
  // In stock (or listed) again: the back-in-stock alerts go out with the save (docs/decisions/045).
  const restock = await onProductRestocked(db, context.services.site, params.id, now);
  return done(t("adminProduct.replies.saved", { restock: restockNote(t, restock) }));
}

/** What the seller is told of the back-in-stock mails a save sent. */
function restockNote(t: TFunction, { mailed }: RestockReport): string {
  return mailed === 0 ? "" : t("adminProduct.replies.restock", { count: mailed });
}

export default function ProductEdit() {
  const { product, candidates, communityDiscord } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t, usd } = useConsole();
  const errors = fieldErrorsOf(reply);
  const pagePath = `/product/${encodeURIComponent(product.id)}`;
  const untranslated = LANGS.filter((lang) => product.missing[lang].length > 0);
  const [search] = useSearchParams();
  const made = search.has("created") ? t("adminProduct.edit.createdDraft") : search.has("duplicated") ? t("adminProduct.edit.duplicatedDraft") : null;
  return (
    <>
      <PageTitle
        actions={
          <Link to="/admin/products" className="text-sm font-semibold text-brand-700 underline">
            {t("adminProduct.edit.allProducts")}
          </Link>
        }
      >
        {product.title}
      </PageTitle>
      <ReplyNotice reply={reply}>
        {product.listed && !product.archived && (
          <>
            {" "}
            <a href={pagePath} target="_blank" rel="noreferrer" className="font-semibold underline">
              {t("adminProduct.edit.viewOnStorefront")}
            </a>
          </>
        )}
      </ReplyNotice>
      {made && !reply && !product.listed && <Notice tone="success">{made}</Notice>}
      <Card className="mb-4">
        {/* Plain text, not notices: the page's one status region is the action's reply. */}
        {product.archived && <p className="mb-2 text-sm font-semibold text-slate-900">{t("adminProduct.edit.archivedNote")}</p>}
        {untranslated.length > 0 && (
          <p className="mb-2 text-sm font-semibold text-amber-900">
            {t("adminProduct.edit.missing", {
              list: untranslated
                .map((lang) => t("adminProduct.edit.missingLang", { lang: t(`adminProduct.langs.${lang}`), count: product.missing[lang].length }))
                .join(", "),
            })}
          </p>
        )}
        <p className="text-sm text-slate-700">
          {t("adminProduct.edit.summary", {
            category: product.category,
            id: product.id,
            state: product.listed ? t("adminProduct.edit.listed") : t("adminProduct.edit.draft"),
          })}
          {product.featured !== null ? t("adminProduct.edit.featuredAt", { place: product.featured + 1 }) : ""}
          {t("adminProduct.edit.now", { price: usd(product.priceCents) })}
          {savingsCents(product) > 0 ? t("adminProduct.edit.was", { price: usd(product.originalPriceCents) }) : ""}
          {product.stock !== null ? t("adminProduct.edit.left", { count: product.stock }) : ""}
          {t("adminProduct.edit.soldNote")}{" "}
          <a href={pagePath} target="_blank" rel="noreferrer" className="font-semibold text-brand-700 underline">
            {product.listed ? t("adminProduct.edit.openPage") : t("adminProduct.edit.previewPage")}
          </a>
        </p>
        {product.bundle && (
          <p className="mt-2 text-sm text-slate-700">
            {t("adminProduct.edit.bundle", {
              items: product.bundle.items.map((i) => `${i.title} (${usd(i.priceCents)})`).join(" + "),
              saving: usd(product.bundle.savingsCents),
            })}
          </p>
        )}
        <div className="mt-3 flex flex-wrap gap-3">
          <Form method="post">
            <SubmitButton intent="duplicate" pendingLabel={t("adminProduct.edit.duplicating")} variant="secondary">
              {t("adminProduct.edit.duplicate")}
            </SubmitButton>
          </Form>
          {communityDiscord && product.listed && !product.archived && (
            <Form method="post" className="flex flex-wrap items-center gap-3">
              <label className="flex min-h-11 items-center gap-2 text-sm text-slate-700">
                <input type="checkbox" name="campaign" className="h-5 w-5" />
                {t("adminProduct.edit.alsoMail")}
              </label>
              <SubmitButton intent="announce" pendingLabel={t("adminProduct.edit.announcing")} variant="secondary">
                {t("adminProduct.edit.announce")}
              </SubmitButton>
            </Form>
          )}
          {!product.archived && (
            <ActionButtonForm intent={product.featured !== null ? "unfeature" : "feature"} pendingLabel={t("adminProduct.edit.saving")}>
              {product.featured !== null ? t("adminProduct.edit.unfeature") : t("adminProduct.edit.feature")}
            </ActionButtonForm>
          )}
          <Form method="post">
            {product.archived ? (
              <SubmitButton intent="restore" pendingLabel={t("adminProduct.edit.restoring")} variant="secondary">
                {t("adminProduct.edit.restore")}
              </SubmitButton>
            ) : (
              <SubmitButton intent="archive" pendingLabel={t("adminProduct.edit.archiving")} variant="secondary">
                {t("adminProduct.edit.archive")}
              </SubmitButton>
            )}
          </Form>
          <Form method="post" className="flex flex-wrap items-center gap-3">
            <label className="flex min-h-11 items-center gap-2 text-sm text-slate-700">
              <input type="checkbox" name="confirm" required className="h-5 w-5" />
              {t("adminProduct.edit.confirmDelete")}
            </label>
            <SubmitButton intent="delete" pendingLabel={t("adminProduct.edit.deleting")} variant="secondary">
              {t("adminProduct.edit.delete")}
            </SubmitButton>
          </Form>
        </div>
      </Card>
      <ProductForm
        input={product.input}
        serverErrors={errors}
        candidates={candidates}
        submitLabel={t("adminProduct.edit.save")}
        // After a save the fields show what is stored now.
        formKey={JSON.stringify(product.input)}
      />
      <ProductMediaManager productId={product.id} />
    </>
  );
}

/** Inside the console's frame: a refusal (a role's 403), an unknown id, a request the page cannot read. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
