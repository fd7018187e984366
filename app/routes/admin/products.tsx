import { Link, useLoaderData } from "react-router";
import type { Route } from "./+types/products";
import { AdminError } from "~/components/admin/admin-error";
import { adminMeta } from "~/components/admin/meta";
import { usd } from "~/components/admin/kit/format";
import { Card, PageTitle } from "~/components/admin/kit/page";
import { Table } from "~/components/admin/kit/table";
import { routeAccess } from "~/domain/seller/permissions";
import { requireSeller } from "~/server/admin/guard.server";
import { listSellerProducts } from "~/server/admin/shop-products.server";

/** What this route needs (docs/decisions/036-staff-roles.md; the walk test checks it). */
export const access = routeAccess({ read: "products.view" });

export const meta: Route.MetaFunction = () => adminMeta("Products");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSeller(request, access.read, context.services.db);
  return { products: await listSellerProducts(context.services.db) };
}

/** Every product with its seller-editable fields; each row leads to its edit form. */
export default function Products() {
  const { products } = useLoaderData<typeof loader>();
  return (
    <>
      <PageTitle>Products</PageTitle>
      <Card>
        <p className="mb-3 text-sm text-slate-700">
          Prices are in US dollars. A change shows on the storefront at once; orders already placed keep the price they were sold at.
        </p>
        <Table
          caption="Products and their prices"
          tableClassName="min-w-[44rem]"
          rowHeads
          columns={[
            "Product",
            { label: "Price", className: "tabular-nums" },
            { label: "Original", className: "tabular-nums" },
            "Stock",
            "Badge",
            "Shown",
            { label: "Edit", srOnly: true, className: "text-right" },
          ]}
          rows={products.map((p) => [
            <>
              <span className="block font-semibold text-slate-900">{p.title}</span>
              <span className="text-xs text-slate-600">
                {p.category} · id {p.id}
              </span>
            </>,
            <span className="font-semibold">{usd(p.priceCents)}</span>,
            <span className="text-slate-700">{usd(p.originalPriceCents)}</span>,
            p.inStock ? "In stock" : <span className="font-semibold text-red-700">Out of stock</span>,
            p.badge ?? <span className="text-slate-500">None</span>,
            p.listed ? "Listed" : <span className="text-slate-600">Not listed</span>,
            <Link to={`/admin/products/${encodeURIComponent(p.id)}`} className="inline-flex min-h-11 items-center px-2 font-semibold text-brand-700 underline">
              Edit<span className="sr-only"> {p.title}</span>
            </Link>,
          ])}
        />
      </Card>
    </>
  );
}

/** Inside the console's frame: a refusal (a role's 403), an unknown id, a request the page cannot read. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
