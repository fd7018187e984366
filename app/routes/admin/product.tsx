import { data, Form, Link, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/product";
import { AdminError } from "~/components/admin/admin-error";
import { adminMeta } from "~/components/admin/meta";
import { Checkbox, MoneyField, SelectField, SubmitButton } from "~/components/admin/kit/fields";
import { usd } from "~/components/admin/kit/format";
import { Card, PageTitle } from "~/components/admin/kit/page";
import { fieldErrorsOf, ReplyNotice } from "~/components/admin/kit/reply";
import { BADGES } from "~/domain/product";
import { centsToAmountString } from "~/domain/money";
import { fieldErrors, formRecord } from "~/domain/seller/form-fields";
import { productEditSchema } from "~/domain/seller/product-form";
import type { Db } from "~/server/db.server";
import { done, readForm, refusedFields } from "~/server/admin/forms.server";
import { routeAccess } from "~/domain/seller/permissions";
import { requireSeller } from "~/server/admin/guard.server";
import { findSellerProduct, saveProductEdit } from "~/server/admin/shop-products.server";

/** What this route needs (docs/decisions/036-staff-roles.md; the walk test checks it). */
export const access = routeAccess({ read: "products.view", write: "products.edit" });

export const meta: Route.MetaFunction = ({ data }) => adminMeta(data ? `Edit ${data.product.title}` : "Product");

async function productOr404(db: Db, id: string) {
  const product = await findSellerProduct(db, id);
  if (!product) throw data("No such product", { status: 404 });
  return product;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireSeller(request, access.read, context.services.db);
  return { product: await productOr404(context.services.db, params.id) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const seller = await requireSeller(request, access.write, context.services.db);
  const parsed = productEditSchema.safeParse(formRecord(await readForm(request)));
  if (!parsed.success) return refusedFields(fieldErrors(parsed.error));
  const result = await saveProductEdit(context.services.db, seller, params.id, parsed.data);
  if (!result.ok) throw data("No such product", { status: 404 });
  return done(Object.keys(result.changes).length === 0 ? "Nothing changed." : "Saved. The storefront shows the change now.");
}

const BADGE_OPTIONS = [{ value: "", label: "No badge" }, ...BADGES.map((b) => ({ value: b, label: b }))];

export default function ProductEdit() {
  const { product } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const errors = fieldErrorsOf(reply);
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
        {product.listed && (
          <>
            {" "}
            <a href={`/product/${encodeURIComponent(product.id)}`} target="_blank" rel="noreferrer" className="font-semibold underline">
              View on the storefront (opens in a new tab)
            </a>
          </>
        )}
      </ReplyNotice>
      <Card>
        <p className="mb-4 text-sm text-slate-700">
          {product.category} · id {product.id}. Now {usd(product.priceCents)}, was {usd(product.originalPriceCents)}. Orders already placed keep the price they
          were sold at.
        </p>
        {/* key: after a save the fields show what is stored now. */}
        <Form
          method="post"
          className="grid gap-4 sm:grid-cols-2"
          key={`${product.priceCents}-${product.originalPriceCents}-${product.badge}-${product.inStock}-${product.listed}`}
        >
          <MoneyField
            label="Price (US$)"
            name="price"
            required
            defaultValue={centsToAmountString(product.priceCents)}
            error={errors.price}
            hint="What the buyer pays, e.g. 54.99."
          />
          <MoneyField
            label="Original price (US$)"
            name="originalPrice"
            required
            defaultValue={centsToAmountString(product.originalPriceCents)}
            error={errors.originalPrice}
            hint="Struck through beside the price; equal to the price shows no saving."
          />
          <SelectField label="Badge" name="badge" options={BADGE_OPTIONS} defaultValue={product.badge ?? ""} error={errors.badge} />
          <div className="grid content-start gap-3 sm:pt-6">
            <Checkbox label="In stock" name="inStock" defaultChecked={product.inStock} hint="Out of stock: shown, but it cannot be bought." />
            <Checkbox
              label="Listed"
              name="listed"
              defaultChecked={product.listed}
              hint="Not listed: off the storefront (no page, not sold on its own); a coupon can still give it free."
            />
          </div>
          <div className="sm:col-span-2">
            <SubmitButton pendingLabel="Saving…">Save product</SubmitButton>
          </div>
        </Form>
      </Card>
    </>
  );
}

/** Inside the console's frame: a refusal (a role's 403), an unknown id, a request the page cannot read. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
