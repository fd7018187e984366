import { Form, Link, useActionData, useLoaderData, useSearchParams } from "react-router";
import type { Route } from "./+types/products";
import { AdminError } from "~/components/admin/admin-error";
import { adminMeta } from "~/components/admin/meta";
import { usd } from "~/components/admin/kit/format";
import { Card, Notice, PageTitle } from "~/components/admin/kit/page";
import { ReplyNotice } from "~/components/admin/kit/reply";
import { Table } from "~/components/admin/kit/table";
import { buttonClass } from "~/components/ui/button";
import { done, field, readForm, refused } from "~/server/platform/forms.server";
import { routeAccess } from "~/domain/seller/permissions";
import { requireIntent, requireSeller } from "~/server/seller-auth/guard.server";
import { ReorderHandle } from "~/components/admin/reorder-handle";
import { bulkEdit, listSellerProducts, moveProduct, setArchived, setFeatured } from "~/server/catalogue/console-products.server";
import { BADGE_OPTIONS } from "~/components/admin/product-form";
import { onSale } from "~/domain/product";
import { savingsCents } from "~/domain/pricing";
import { BULK_ACTIONS, bulkEditSchema, toBulkAction, type BulkActionKind } from "~/domain/seller/bulk-edit";
import { fieldErrors } from "~/domain/seller/form-fields";
import { ActionButtonForm, SelectField, SubmitButton, TextField } from "~/components/admin/kit/fields";
import { fieldErrorsOf } from "~/components/admin/kit/reply";
import { MAX_FEATURED } from "~/domain/catalogue";

/** What this route needs (docs/decisions/036-staff-roles.md; the walk test checks it). */
export const access = routeAccess({
  read: "products.view",
  write: {
    up: "products.edit",
    down: "products.edit",
    top: "products.edit",
    bottom: "products.edit",
    place: "products.edit",
    feature: "products.edit",
    unfeature: "products.edit",
    restore: "products.edit",
    bulk: "products.edit",
  },
});

export const meta: Route.MetaFunction = () => adminMeta("Products");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSeller(request, access.read, context.services);
  return { products: await listSellerProducts(context.services.db) };
}

/** Reorder (a place, an end, or a drop onto another product), feature and restore from the list; everything else on the product's page. */
export async function action({ request, context }: Route.ActionArgs) {
  const seller = await requireSeller(request, "console", context.services);
  const form = await readForm(request);
  const id = field(form, "id");
  const intent = field(form, "intent");
  await requireIntent(request, seller, access, intent, context.services);
  if (intent === "up" || intent === "down" || intent === "top" || intent === "bottom" || intent === "place") {
    const move = intent === "place" ? { to: field(form, "to") } : intent;
    const result = await moveProduct(context.services.db, seller, id, move, context.services.now());
    if (!result.ok) return refused(404, "No such product.");
    return done(Object.keys(result.changes).length === 0 ? "Already in place." : "Moved. The storefront shows the new order now.");
  }
  if (intent === "feature" || intent === "unfeature") {
    const result = await setFeatured(context.services.db, seller, id, intent === "feature", context.services.now());
    if (!result.ok) return refused(404, "No such product (archived products cannot be featured).");
    if (Object.keys(result.changes).length === 0) return done("Already so.");
    return done(intent === "feature" ? "Featured: it is first in the home page's featured row now." : "Unfeatured: it has left the home page's featured row.");
  }
  if (intent === "bulk") {
    const parsed = bulkEditSchema.safeParse({
      ids: form
        .getAll("ids")
        .filter((v): v is string => typeof v === "string")
        .join(","),
      bulkAction: field(form, "bulkAction"),
      change: field(form, "change"),
      bulkBadge: field(form, "bulkBadge"),
    });
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error);
      return refused(422, errors.ids ?? errors.bulkAction ?? "Nothing was changed: correct the fields marked below.", { fieldErrors: errors });
    }
    const action = toBulkAction(parsed.data);
    if (!action.ok) return refused(422, action.message, { fieldErrors: { change: action.message } });
    const result = await bulkEdit(context.services.db, seller, parsed.data.ids, action.action, context.services.now());
    if (!result.ok) return refused(409, result.message);
    return done(`${result.changed} ${result.changed === 1 ? "product" : "products"} changed. The storefront shows the change now.`);
  }
  if (intent === "restore") {
    const result = await setArchived(context.services.db, seller, id, false, context.services.now());
    if (!result.ok) return refused(404, "No such product.");
    return done("Restored: the product is back as it was.");
  }
  return refused(400, "Unknown action.");
}

const LANG_CODES = { en: "EN", fr: "FR", es: "ES" } as const;

/** A label for each bulk action the schema takes: a new action cannot be left out of the select. */
const BULK_LABELS: Record<BulkActionKind, string> = {
  "price-percent": "Change the price by a percentage",
  "price-amount": "Change the price by an amount (US$)",
  badge: "Set the badge",
  list: "List (show on the storefront)",
  unlist: "Unlist (make drafts)",
  archive: "Archive",
};
const BULK_OPTIONS = BULK_ACTIONS.map((value) => ({ value, label: BULK_LABELS[value] }));

/** Every product in storefront order (archived ones at the end), each leading to its edit form. */
export default function Products() {
  const { products } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const live = products.filter((p) => !p.archived);
  const [search] = useSearchParams();
  const errors = fieldErrorsOf(reply);
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
      {search.has("deleted") && !reply && <Notice tone="success">Deleted: the product is gone from the catalogue.</Notice>}
      <Card title="Change the ticked products" className="mb-4">
        <Form method="post" id="bulk" className="grid gap-4 sm:grid-cols-4 sm:items-start">
          <SelectField label="What to do" name="bulkAction" options={BULK_OPTIONS} defaultValue="price-percent" error={errors.bulkAction} />
          <TextField
            label="Change (price actions)"
            name="change"
            inputMode="decimal"
            autoComplete="off"
            error={errors.change}
            hint="-10 cuts by 10 % (percentage) or by $10.00 (amount); +5 raises. Compare-at prices stay."
          />
          <SelectField label="Badge (badge action)" name="bulkBadge" options={BADGE_OPTIONS} defaultValue="" error={errors.bulkBadge} />
          <div className="sm:pt-6">
            <SubmitButton intent="bulk" pendingLabel="Applying…">
              Apply to ticked products
            </SubmitButton>
          </div>
        </Form>
        <p className="mt-2 text-sm text-slate-700">Tick products in the list below. All of them change together, or none does.</p>
      </Card>
      <Card>
        <p className="mb-3 text-sm text-slate-700">
          In the order the storefront shows them. Prices are in US dollars. A change shows on the storefront at once; orders already placed keep the title and
          price they were sold at.
        </p>
        <p id="reorder-help" className="mb-3 text-sm text-slate-700">
          Reorder: drag a product's ⠿ handle onto another's to take its place, or focus the handle and press ↑ or ↓ (Home and End: to the top or bottom).
          Feature puts a listed product first in the home page's featured row, which shows the first {MAX_FEATURED} featured; Unfeature takes it out.
        </p>
        <Table
          caption="Products and their prices"
          tableClassName="min-w-[64rem]"
          rowHeads
          columns={[
            "Product",
            { label: "Price", className: "tabular-nums" },
            { label: "Compare-at", className: "tabular-nums" },
            "Stock",
            "Badge",
            "Featured",
            "Shown",
            "Order",
            { label: "Edit", srOnly: true, className: "text-right" },
          ]}
          rows={products.map((p) => {
            const index = live.findIndex((l) => l.id === p.id);
            return [
              <>
                <label className="float-left mr-2 flex min-h-11 min-w-11 items-center justify-center">
                  <input type="checkbox" name="ids" value={p.id} form="bulk" className="h-5 w-5" />
                  <span className="sr-only">Select {p.title}</span>
                </label>
                <span className="block font-semibold text-slate-900">{p.title}</span>
                <span className="text-xs text-slate-600">
                  {p.category} · id {p.id}
                  {p.untranslated.length > 0 && <> · missing texts: {p.untranslated.map((l) => LANG_CODES[l]).join(", ")}</>}
                </span>
              </>,
              <span className="font-semibold">{usd(p.priceCents)}</span>,
              savingsCents(p) > 0 ? <span className="text-slate-700">{usd(p.originalPriceCents)}</span> : <span className="text-slate-500">None</span>,
              !onSale(p) ? (
                <span className="font-semibold text-red-700">Out of stock{p.stock === 0 ? " (0 left)" : ""}</span>
              ) : p.stock !== null ? (
                `${p.stock} left`
              ) : (
                "In stock"
              ),
              p.badge ?? <span className="text-slate-500">None</span>,
              p.archived ? (
                <span className="text-slate-500">—</span>
              ) : (
                <div className="flex items-center gap-2">
                  {p.featured !== null && <span className="tabular-nums">#{p.featured + 1}</span>}
                  <ActionButtonForm intent={p.featured !== null ? "unfeature" : "feature"} target={p.id} pendingLabel="…">
                    {p.featured !== null ? "Unfeature" : "Feature"}
                    <span className="sr-only"> {p.title}</span>
                  </ActionButtonForm>
                </div>
              ),
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
                <Form method="post" className="flex flex-wrap gap-1">
                  <input type="hidden" name="id" value={p.id} />
                  <ReorderHandle id={p.id} title={p.title} />
                  {index > 0 && (
                    <>
                      <SubmitButton intent="top" target={p.id} pendingLabel="…" variant="secondary">
                        ⤒<span className="sr-only"> Move {p.title} to the top</span>
                      </SubmitButton>
                      <SubmitButton intent="up" target={p.id} pendingLabel="…" variant="secondary">
                        ↑<span className="sr-only"> Move {p.title} up</span>
                      </SubmitButton>
                    </>
                  )}
                  {index < live.length - 1 && (
                    <>
                      <SubmitButton intent="down" target={p.id} pendingLabel="…" variant="secondary">
                        ↓<span className="sr-only"> Move {p.title} down</span>
                      </SubmitButton>
                      <SubmitButton intent="bottom" target={p.id} pendingLabel="…" variant="secondary">
                        ⤓<span className="sr-only"> Move {p.title} to the bottom</span>
                      </SubmitButton>
                    </>
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
