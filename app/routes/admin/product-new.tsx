import { redirect, useActionData, useLoaderData, Link } from "react-router";
import type { Route } from "./+types/product-new";
import { AdminError } from "~/components/admin/admin-error";
import { consoleMeta } from "~/components/admin/meta";
import { productFormErrors, productSaveErrors } from "~/components/admin/product-form-errors";
import { useConsole } from "~/components/admin/use-console";
import { PageTitle } from "~/components/admin/kit/page";
import { fieldErrorsOf, ReplyNotice } from "~/components/admin/kit/reply";
import { ProductForm } from "~/components/admin/product-form";
import { applySchedule, productFormRecord, productFormSchema, toProductInput, type ProductInput } from "~/domain/seller/product-form";
import { readForm, refusedFields } from "~/server/platform/forms.server";
import { routeAccess } from "~/domain/seller/permissions";
import { requireSeller } from "~/server/seller-auth/guard.server";
import { consoleT, consoleTranslations } from "~/i18n/console.server";
import { bundleCandidates, createProduct } from "~/server/catalogue/console-products.server";

/** What this route needs (docs/decisions/036-staff-roles.md; the walk test checks it): making products is editing the catalogue. */
export const access = routeAccess({ read: "products.edit", write: "products.edit" });

// The page's words: locales/{lang}/adminProduct.json (docs/decisions/055).
export const meta: Route.MetaFunction = ({ matches }) => consoleMeta(matches, "adminProduct.new.title");

/** A new product starts as a draft: not listed until the seller ticks Listed. */
const BLANK: ProductInput = {
  priceCents: 0,
  originalPriceCents: 0,
  inStock: true,
  stock: null,
  publishAt: null,
  listed: false,
  badge: null,
  category: "Permanent Triggers",
  type: "trigger",
  audience: "male",
  skin: "any",
  actionCount: null,
  poses: null,
  gestures: true,
  platforms: ["mobile", "pc"],
  delivery: "manual-upload",
  warrantyDays: 0,
  bundleItemIds: [],
  texts: { en: { title: "", description: "", trackingInfo: "", fullDescription: "", features: [], seoTitle: "", seoDescription: "" } },
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const seller = await requireSeller(request, access.read, context.services);
  return { candidates: await bundleCandidates(context.services.db), translations: consoleTranslations(seller.lang, ["adminProduct"]) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const seller = await requireSeller(request, access.write, context.services);
  const t = consoleT(seller.lang);
  const parsed = productFormSchema.safeParse(productFormRecord(await readForm(request)));
  if (!parsed.success) return refusedFields(productFormErrors(parsed.error, t), 422, t("admin.form.fixFields"));
  const result = await createProduct(context.services.db, seller, applySchedule(toProductInput(parsed.data), context.services.now()), context.services.now());
  if (!result.ok)
    return refusedFields(
      "errors" in result ? productSaveErrors(result.errors, t) : { form: t("adminProduct.replies.nothingSaved") },
      422,
      t("admin.form.fixFields"),
    );
  return redirect(`/admin/products/${encodeURIComponent(result.id)}?created=1`);
}

export default function ProductNew() {
  const { candidates } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useConsole();
  return (
    <>
      <PageTitle
        actions={
          <Link to="/admin/products" className="text-sm font-semibold text-brand-700 underline">
            {t("adminProduct.edit.allProducts")}
          </Link>
        }
      >
        {t("adminProduct.new.title")}
      </PageTitle>
      <ReplyNotice reply={reply} />
      <ProductForm input={BLANK} serverErrors={fieldErrorsOf(reply)} candidates={candidates} submitLabel={t("adminProduct.new.create")} formKey="new" />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
