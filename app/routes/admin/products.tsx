import { Link, useLoaderData } from "react-router";
import type { Route } from "./+types/products";
import { adminMeta } from "~/components/admin/meta";
import { usd } from "~/components/admin/shop/format";
import { Card, PageTitle, Table } from "~/components/admin/ui";
import { getDb } from "~/server/db.server";
import { requireSeller } from "~/server/admin/guard.server";
import { listSellerProducts } from "~/server/admin/shop-products.server";

export const meta: Route.MetaFunction = () => adminMeta("Products");

export async function loader({ request }: Route.LoaderArgs) {
  await requireSeller(request);
  return { products: await listSellerProducts(getDb()) };
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
          columns={["Product", "Price", "Original", "Stock", "Badge", "Shown", { label: "Edit", srOnly: true }]}
        >
          {products.map((p) => (
            <tr key={p.id}>
              <th scope="row" className="py-2 pr-3 font-normal">
                <span className="block font-semibold text-slate-900">{p.title}</span>
                <span className="text-xs text-slate-600">
                  {p.category} · id {p.id}
                </span>
              </th>
              <td className="py-2 pr-3 font-semibold tabular-nums">{usd(p.priceCents)}</td>
              <td className="py-2 pr-3 tabular-nums text-slate-700">{usd(p.originalPriceCents)}</td>
              <td className="py-2 pr-3">{p.inStock ? "In stock" : <span className="font-semibold text-red-700">Out of stock</span>}</td>
              <td className="py-2 pr-3">{p.badge ?? <span className="text-slate-500">None</span>}</td>
              <td className="py-2 pr-3">{p.listed ? "Listed" : <span className="text-slate-600">Not listed</span>}</td>
              <td className="py-2 text-right">
                <Link
                  to={`/admin/products/${encodeURIComponent(p.id)}`}
                  className="inline-flex min-h-11 items-center px-2 font-semibold text-brand-700 underline"
                >
                  Edit<span className="sr-only"> {p.title}</span>
                </Link>
              </td>
            </tr>
          ))}
        </Table>
      </Card>
    </>
  );
}
