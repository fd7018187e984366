import { Form, Link, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/products";
import { AdminError } from "~/components/admin/admin-error";
import { adminMeta } from "~/components/admin/meta";
import { SubmitButton } from "~/components/admin/kit/fields";
import { usd } from "~/components/admin/kit/format";
import { Card, PageTitle } from "~/components/admin/kit/page";
import { ReplyNotice } from "~/components/admin/kit/reply";
import { Table } from "~/components/admin/kit/table";
import { buttonClass } from "~/components/ui/button";
import { done, field, readForm, refused } from "~/server/platform/forms.server";
import { routeAccess } from "~/domain/seller/permissions";
import { requireIntent, requireSeller } from "~/server/seller-auth/guard.server";
import { listSellerProducts, moveProduct, setArchived } from "~/server/catalogue/console-products.server";

/** What this route needs (docs/decisions/036-staff-roles.md; the walk test checks it). */
export const access = routeAccess({ read: "products.view", write: { up: "products.edit", down: "products.edit", restore: "products.edit" } });

export const meta: Route.MetaFunction = () => adminMeta("Products");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSeller(request, access.read, context.services);
  return { products: await listSellerProducts(context.services.db) };
}

/** Reorder (one place up or down) and restore from the list; everything else on the product's page. */
export async function action({ request, context }: Route.ActionArgs) {
  const seller = await requireSeller(request, "console", context.services);
  const form = await readForm(request);
  const id = field(form, "id");
  const intent = field(form, "intent");
  await requireIntent(request, seller, access, intent, context.services);
  if (intent === "up" || intent === "down") {
    const result = await moveProduct(context.services.db, seller, id, intent, context.services.now());
    if (!result.ok) return refused(404, "No such product.");
    return done(Object.keys(result.changes).length === 0 ? "Already in place." : "Moved. The storefront shows the new order now.");
  }
  if (intent === "restore") {
    const result = await setArchived(context.services.db, seller, id, false, context.services.now());
    if (!result.ok) return refused(404, "No such product.");
    return done("Restored: the product is back as it was.");
  }
  return refused(400, "Unknown action.");
}

const LANG_CODES = { en: "EN", fr: "FR", es: "ES" } as const;

/** Every product in storefront order (archived ones at the end), each leading to its edit form. */
export default function Products() {
  const { products } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const live = products.filter((p) => !p.archived);
  return (
    <>
      <PageTitle
        actions={
          <Link to="/admin/products/new" className={buttonClass({ size: "md" })}>
            New product
          </Link>
        }
      >
        Products
      </PageTitle>
      <ReplyNotice reply={reply} />
      <Card>
        <p className="mb-3 text-sm text-slate-700">
          In the order the storefront shows them. Prices are in US dollars. A change shows on the storefront at once; orders already placed keep the title and
          price they were sold at.
        </p>
        <Table
          caption="Products and their prices"
          tableClassName="min-w-[52rem]"
          rowHeads
          columns={[
            "Product",
            { label: "Price", className: "tabular-nums" },
            { label: "Original", className: "tabular-nums" },
            "Stock",
            "Badge",
            "Shown",
            "Order",
            { label: "Edit", srOnly: true, className: "text-right" },
          ]}
          rows={products.map((p) => {
            const index = live.findIndex((l) => l.id === p.id);
            return [
              <>
                <span className="block font-semibold text-slate-900">{p.title}</span>
                <span className="text-xs text-slate-600">
                  {p.category} · id {p.id}
                  {p.untranslated.length > 0 && <> · missing texts: {p.untranslated.map((l) => LANG_CODES[l]).join(", ")}</>}
                </span>
              </>,
              <span className="font-semibold">{usd(p.priceCents)}</span>,
              <span className="text-slate-700">{usd(p.originalPriceCents)}</span>,
              p.inStock ? "In stock" : <span className="font-semibold text-red-700">Out of stock</span>,
              p.badge ?? <span className="text-slate-500">None</span>,
              p.archived ? (
                <span className="font-semibold text-slate-600">Archived</span>
              ) : p.listed ? (
                "Listed"
              ) : (
                <span className="text-slate-600">Not listed</span>
              ),
              p.archived ? (
                <Form method="post">
                  <input type="hidden" name="id" value={p.id} />
                  <SubmitButton intent="restore" target={p.id} pendingLabel="Restoring…" variant="secondary">
                    Restore<span className="sr-only"> {p.title}</span>
                  </SubmitButton>
                </Form>
              ) : (
                <Form method="post" className="flex gap-1">
                  <input type="hidden" name="id" value={p.id} />
                  {index > 0 && (
                    <SubmitButton intent="up" target={p.id} pendingLabel="…" variant="secondary">
                      ↑<span className="sr-only"> Move {p.title} up</span>
                    </SubmitButton>
                  )}
                  {index < live.length - 1 && (
                    <SubmitButton intent="down" target={p.id} pendingLabel="…" variant="secondary">
                      ↓<span className="sr-only"> Move {p.title} down</span>
                    </SubmitButton>
                  )}
                </Form>
              ),
              <Link
                to={`/admin/products/${encodeURIComponent(p.id)}`}
                className="inline-flex min-h-11 items-center px-2 font-semibold text-brand-700 underline"
              >
                Edit<span className="sr-only"> {p.title}</span>
              </Link>,
            ];
          })}
        />
      </Card>
    </>
  );
}

/** Inside the console's frame: a refusal (a role's 403), an unknown id, a request the page cannot read. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
