import { data, Form, Link, redirect, useActionData, useLoaderData, useSearchParams } from "react-router";
import type { Route } from "./+types/product";
import { AdminError } from "~/components/admin/admin-error";
import { adminMeta } from "~/components/admin/meta";
import { ActionButtonForm, SubmitButton } from "~/components/admin/kit/fields";
import { ProductMediaManager } from "~/components/admin/product-media/product-media-manager";
import { usd } from "~/components/admin/kit/format";
import { Card, Notice, PageTitle } from "~/components/admin/kit/page";
import { fieldErrorsOf, ReplyNotice } from "~/components/admin/kit/reply";
import { ProductForm } from "~/components/admin/product-form";
import { LANGS, type Lang } from "~/domain/product";
import { savingsCents } from "~/domain/pricing";
import { fieldErrors } from "~/domain/seller/form-fields";
import { applySchedule, productFormRecord, productFormSchema, toProductInput } from "~/domain/seller/product-form";
import { done, field, readForm, refused, refusedFields } from "~/server/platform/forms.server";
import { roleMay, routeAccess } from "~/domain/seller/permissions";
import { requireIntent, requireSeller } from "~/server/seller-auth/guard.server";
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

export const meta: Route.MetaFunction = ({ data }) => adminMeta(data ? `Edit ${data.product.title}` : "Product");

const LANG_NAMES: Record<Lang, string> = { en: "English", fr: "French", es: "Spanish" };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const db = context.services.db;
  await requireSeller(request, access.read, context.services);
  const product = await findSellerProduct(db, params.id);
  if (!product) throw data("No such product", { status: 404 });
  return {
    product,
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
  if (intent === "duplicate") {
    const result = await duplicateProduct(db, seller, params.id, now);
    if (!result.ok) throw data("No such product", { status: 404 });
    return redirect(`/admin/products/${encodeURIComponent(result.id)}?duplicated=1`);
  }
  if (intent === "archive" || intent === "restore") {
    const result = await setArchived(db, seller, params.id, intent === "archive", now);
    if (!result.ok) throw data("No such product", { status: 404 });
    if (intent === "archive") return done("Archived: the product is off the storefront. Past orders keep it.");
    // Back on sale: whoever asked to be told is mailed now (docs/decisions/045).
    const restock = await onProductRestocked(db, context.services.site, params.id, now);
    return done(`Restored: the product is back as it was.${restockNote(restock)}`);
  }
  if (intent === "feature" || intent === "unfeature") {
    const result = await setFeatured(db, seller, params.id, intent === "feature", now);
    if (!result.ok) return refused(409, "An archived product cannot be featured: restore it first.");
    return done(intent === "feature" ? "Featured: it is first in the home page's featured row now." : "Unfeatured: it has left the home page's featured row.");
  }
  if (intent === "delete") {
    if (field(form, "confirm") !== "on") return refused(400, "Tick “Yes, delete it for good” to delete the product.");
    const result = await deleteProduct(db, seller, params.id, now);
    if (result.ok) return redirect("/admin/products?deleted=1");
    if (result.reason === "not_found") throw data("No such product", { status: 404 });
    return refused(409, result.message);
  }
  if (intent === "announce") {
    const options = { mediaBase: context.services.media.storage.publicBase, communityWebhook: Boolean(context.services.env.COMMUNITY_DISCORD_WEBHOOK) };
    const result = await announceProduct(db, context.services.site, options, seller, params.id, now);
    if (result.ok) {
      // "Also mail it to subscribers": a one-product campaign, started at once (docs/decisions/046); owner only.
      if (field(form, "campaign") !== "on") return done("Queued for the community Discord: it is posted within a minute.");
      if (!roleMay(seller.role, "campaigns.send")) return refused(403, "Only the owner can send campaigns.");
      const campaign = await createProductCampaign(db, params.id, now);
      if (campaign === null) return refused(409, "Only a published product can be announced: tick Listed, save, then announce.");
      return done(`Queued for the community Discord, and campaign #${campaign} is mailing every subscriber (see Campaigns).`);
    }
    if (result.code === "not_found") throw data("No such product", { status: 404 });
    if (result.code === "not_configured") return refused(409, "Set COMMUNITY_DISCORD_WEBHOOK to announce products on the community server.");
    return refused(409, "Only a published product can be announced: tick Listed, save, then announce.");
  }
  if (intent !== "save") return refused(400, "Unknown action.");
  const parsed = productFormSchema.safeParse(productFormRecord(form));
  if (!parsed.success) return refusedFields(fieldErrors(parsed.error));
  const result = await updateProduct(db, seller, params.id, applySchedule(toProductInput(parsed.data), now), now);
  if (!result.ok) {
    if ("errors" in result) return refusedFields(result.errors);
    throw data("No such product", { status: 404 });
  }
  if (Object.keys(result.changes).length === 0) return done("Nothing changed.");
  // In stock (or listed) again: the back-in-stock alerts go out with the save (docs/decisions/045).
  const restock = await onProductRestocked(db, context.services.site, params.id, now);
  return done(`Saved. The storefront shows the change now.${restockNote(restock)}`);
}

/** What the seller is told of the back-in-stock mails a save sent. */
function restockNote({ mailed }: RestockReport): string {
  if (mailed === 0) return "";
  return ` ${mailed} back-in-stock ${mailed === 1 ? "mail goes" : "mails go"} to the shoppers who asked.`;
}

export default function ProductEdit() {
  const { product, candidates, communityDiscord } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const errors = fieldErrorsOf(reply);
  const pagePath = `/product/${encodeURIComponent(product.id)}`;
  const untranslated = LANGS.filter((lang) => product.missing[lang].length > 0);
  const [search] = useSearchParams();
  const made = search.has("created") ? "Created" : search.has("duplicated") ? "Duplicated" : null;
  return (
    <>
      <PageTitle
        actions={
          <Link to="/admin/products" className="text-sm font-semibold text-brand-700 underline">
            All products
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
              View on the storefront (opens in a new tab)
            </a>
          </>
        )}
      </ReplyNotice>
      {made && !reply && !product.listed && <Notice tone="success">{made} as a draft: only you can see its page until you tick Listed and save.</Notice>}
      <Card className="mb-4">
        {/* Plain text, not notices: the page's one status region is the action's reply. */}
        {product.archived && (
          <p className="mb-2 text-sm font-semibold text-slate-900">Archived: not on the storefront (its page answers 404). Past orders keep their lines.</p>
        )}
        {untranslated.length > 0 && (
          <p className="mb-2 text-sm font-semibold text-amber-900">
            Missing translations:{" "}
            {untranslated
              .map((lang) => `${LANG_NAMES[lang]} (${product.missing[lang].length} ${product.missing[lang].length === 1 ? "text" : "texts"})`)
              .join(", ")}
            . The storefront shows the English text there.
          </p>
        )}
        <p className="text-sm text-slate-700">
          {product.category} · id {product.id} · {product.listed ? "Listed" : "Draft (not listed)"}
          {product.featured !== null ? ` · featured #${product.featured + 1}` : ""}. Now {usd(product.priceCents)}
          {savingsCents(product) > 0 ? `, was ${usd(product.originalPriceCents)}` : ""}
          {product.stock !== null ? `, ${product.stock} left` : ""}. Orders already placed keep the title and price they were sold at.{" "}
          <a href={pagePath} target="_blank" rel="noreferrer" className="font-semibold text-brand-700 underline">
            {product.listed ? "Open its page" : "Preview its page"} (opens in a new tab)
          </a>
        </p>
        {product.bundle && (
          <p className="mt-2 text-sm text-slate-700">
            Bundle of {product.bundle.items.map((i) => `${i.title} (${usd(i.priceCents)})`).join(" + ")}: saves {usd(product.bundle.savingsCents)}.
          </p>
        )}
        <div className="mt-3 flex flex-wrap gap-3">
          <Form method="post">
            <SubmitButton intent="duplicate" pendingLabel="Duplicating…" variant="secondary">
              Duplicate
            </SubmitButton>
          </Form>
          {communityDiscord && product.listed && !product.archived && (
            <Form method="post" className="flex flex-wrap items-center gap-3">
              <label className="flex min-h-11 items-center gap-2 text-sm text-slate-700">
                <input type="checkbox" name="campaign" className="h-5 w-5" />
                Also mail it to newsletter subscribers
              </label>
              <SubmitButton intent="announce" pendingLabel="Announcing…" variant="secondary">
                Announce on Discord
              </SubmitButton>
            </Form>
          )}
          {!product.archived && (
            <ActionButtonForm intent={product.featured !== null ? "unfeature" : "feature"} pendingLabel="Saving…">
              {product.featured !== null ? "Unfeature" : "Feature on the home page"}
            </ActionButtonForm>
          )}
          <Form method="post">
            {product.archived ? (
              <SubmitButton intent="restore" pendingLabel="Restoring…" variant="secondary">
                Restore
              </SubmitButton>
            ) : (
              <SubmitButton intent="archive" pendingLabel="Archiving…" variant="secondary">
                Archive
              </SubmitButton>
            )}
          </Form>
          <Form method="post" className="flex flex-wrap items-center gap-3">
            <label className="flex min-h-11 items-center gap-2 text-sm text-slate-700">
              <input type="checkbox" name="confirm" required className="h-5 w-5" />
              Yes, delete it for good
            </label>
            <SubmitButton intent="delete" pendingLabel="Deleting…" variant="secondary">
              Delete product
            </SubmitButton>
          </Form>
        </div>
      </Card>
      <ProductForm
        input={product.input}
        serverErrors={errors}
        candidates={candidates}
        submitLabel="Save product"
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
