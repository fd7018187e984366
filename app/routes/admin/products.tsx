import { Form, Link, useActionData, useLoaderData, useSearchParams } from "react-router";
import type { Route } from "./+types/products";
import { AdminError } from "~/components/admin/admin-error";
import { consoleMeta } from "~/components/admin/meta";
import { useConsole } from "~/components/admin/use-console";
import { consoleT, consoleTranslations } from "~/i18n/console.server";
import { Card, Notice, PageTitle } from "~/components/admin/kit/page";
import { ReplyNotice } from "~/components/admin/kit/reply";
import { Table } from "~/components/admin/kit/table";
import { buttonClass } from "~/components/ui/button";
import { done, field, readForm, refused } from "~/server/platform/forms.server";
import { routeAccess } from "~/domain/seller/permissions";
import { requireIntent, requireSeller } from "~/server/seller-auth/guard.server";
import { ReorderHandle } from "~/components/admin/reorder-handle";
import { bulkEdit, listSellerProducts, moveProduct, setArchived, setFeatured } from "~/server/catalogue/console-products.server";
import { BADGES, onSale } from "~/domain/product";
import { savingsCents } from "~/domain/pricing";
import { BULK_ACTIONS, bulkEditSchema, toBulkAction } from "~/domain/seller/bulk-edit";
import { bulkChangeRefusal, bulkFormErrors } from "~/server/catalogue/bulk-words.server";
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

// The page's words: locales/{lang}/adminShop.json (docs/decisions/055).
export const meta: Route.MetaFunction = ({ matches }) => consoleMeta(matches, "adminShop.products.title");

export async function loader({ request, context }: Route.LoaderArgs) {
  const seller = await requireSeller(request, access.read, context.services);
  return { products: await listSellerProducts(context.services.db), translations: consoleTranslations(seller.lang, ["adminShop"]) };
}

/** Reorder (a place, an end, or a drop onto another product), feature and restore from the list; everything else on the product's page. */
export async function action({ request, context }: Route.ActionArgs) {
  const seller = await requireSeller(request, "console", context.services);
  const form = await readForm(request);
  const id = field(form, "id");
  const intent = field(form, "intent");
  await requireIntent(request, seller, access, intent, context.services);
  const t = consoleT(seller.lang);
  if (intent === "up" || intent === "down" || intent === "top" || intent === "bottom" || intent === "place") {
    const move = intent === "place" ? { to: field(form, "to") } : intent;
    const result = await moveProduct(context.services.db, seller, id, move, context.services.now());
    if (!result.ok) return refused(404, t("adminShop.products.noProduct"));
    return done(Object.keys(result.changes).length === 0 ? t("adminShop.products.inPlace") : t("adminShop.products.moved"));
  }
  if (intent === "feature" || intent === "unfeature") {
    const result = await setFeatured(context.services.db, seller, id, intent === "feature", context.services.now());
    if (!result.ok) return refused(404, t("adminShop.products.noFeature"));
    if (Object.keys(result.changes).length === 0) return done(t("adminShop.products.alreadySo"));
    return done(intent === "feature" ? t("adminShop.products.featured") : t("adminShop.products.unfeatured"));
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
      const errors = bulkFormErrors(t, parsed.error);
      return refused(422, errors.ids ?? errors.bulkAction ?? t("adminShop.products.nothingChanged"), { fieldErrors: errors });
    }
    const action = toBulkAction(parsed.data);
    if (!action.ok) {
      const message = bulkChangeRefusal(t, action.rule);
      return refused(422, message, { fieldErrors: { change: message } });
    }
    const result = await bulkEdit(context.services.db, seller, parsed.data.ids, action.action, context.services.now());
    if (!result.ok) return refused(409, t(result.key, result.values));
    return done(t("adminShop.products.changed", { count: result.changed }));
  }
  if (intent === "restore") {
    const result = await setArchived(context.services.db, seller, id, false, context.services.now());
    if (!result.ok) return refused(404, t("adminShop.products.noProduct"));
    return done(t("adminShop.products.restored"));
  }
  return refused(400, t("admin.form.unknownAction"));
}

const LANG_CODES = { en: "EN", fr: "FR", es: "ES" } as const;

/** Every product in storefront order (archived ones at the end), each leading to its edit form. */
export default function Products() {
  const { products } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const live = products.filter((p) => !p.archived);
  const [search] = useSearchParams();
  const errors = fieldErrorsOf(reply);
  const { t, usd } = useConsole();
  const bulkOptions = BULK_ACTIONS.map((value) => ({ value, label: t(`adminShop.products.bulk.${value}`) }));
  const badgeOptions = [{ value: "", label: t("adminShop.products.noBadge") }, ...BADGES.map((b) => ({ value: b, label: b }))];
  return (
    <>
      <PageTitle
        actions={
          <Link to="/admin/products/new" className={buttonClass({ size: "md" })}>
            {t("adminShop.products.new")}
          </Link>
        }
      >
        {t("adminShop.products.title")}
      </PageTitle>
      <ReplyNotice reply={reply} />
      {search.has("deleted") && !reply && <Notice tone="success">{t("adminShop.products.deleted")}</Notice>}
      <Card title={t("adminShop.products.bulkTitle")} className="mb-4">
        <Form method="post" id="bulk" className="grid gap-4 sm:grid-cols-4 sm:items-start">
          <SelectField
            label={t("adminShop.products.whatToDo")}
            name="bulkAction"
            options={bulkOptions}
            defaultValue="price-percent"
            error={errors.bulkAction}
          />
          <TextField
            label={t("adminShop.products.change")}
            name="change"
            inputMode="decimal"
            autoComplete="off"
            error={errors.change}
            hint={t("adminShop.products.changeHint")}
          />
          <SelectField label={t("adminShop.products.badgeAction")} name="bulkBadge" options={badgeOptions} defaultValue="" error={errors.bulkBadge} />
          <div className="sm:pt-6">
            <SubmitButton intent="bulk" pendingLabel={t("adminShop.products.applying")}>
              {t("adminShop.products.apply")}
            </SubmitButton>
          </div>
        </Form>
        <p className="mt-2 text-sm text-slate-700">{t("adminShop.products.tickHelp")}</p>
      </Card>
      <Card>
        <p className="mb-3 text-sm text-slate-700">{t("adminShop.products.orderHelp")}</p>
        <p id="reorder-help" className="mb-3 text-sm text-slate-700">
          {t("adminShop.products.reorderHelp", { max: MAX_FEATURED })}
        </p>
        <Table
          caption={t("adminShop.products.caption")}
          tableClassName="min-w-[64rem]"
          rowHeads
          columns={[
            t("adminShop.products.colProduct"),
            { label: t("adminShop.products.colPrice"), className: "tabular-nums" },
            { label: t("adminShop.products.colCompareAt"), className: "tabular-nums" },
            t("adminShop.products.colStock"),
            t("adminShop.products.colBadge"),
            t("adminShop.products.colFeatured"),
            t("adminShop.products.colShown"),
            t("adminShop.products.colOrder"),
            { label: t("adminShop.products.colEdit"), srOnly: true, className: "text-right" },
          ]}
          rows={products.map((p) => {
            const index = live.findIndex((l) => l.id === p.id);
            return [
              <>
                <label className="float-left mr-2 flex min-h-11 min-w-11 items-center justify-center">
                  <input type="checkbox" name="ids" value={p.id} form="bulk" className="h-5 w-5" />
                  <span className="sr-only">{t("adminShop.products.select", { title: p.title })}</span>
                </label>
                <span className="block font-semibold text-slate-900">{p.title}</span>
                <span className="text-xs text-slate-600">
                  {t("adminShop.products.categoryId", { category: p.category, id: p.id })}
                  {p.untranslated.length > 0 && <> · {t("adminShop.products.missingTexts", { langs: p.untranslated.map((l) => LANG_CODES[l]).join(", ") })}</>}
                </span>
              </>,
              <span className="font-semibold">{usd(p.priceCents)}</span>,
              savingsCents(p) > 0 ? (
                <span className="text-slate-700">{usd(p.originalPriceCents)}</span>
              ) : (
                <span className="text-slate-500">{t("adminShop.products.none")}</span>
              ),
              !onSale(p) ? (
                <span className="font-semibold text-red-700">
                  {p.stock === 0 ? t("adminShop.products.outOfStockZero") : t("adminShop.products.outOfStock")}
                </span>
              ) : p.stock !== null ? (
                t("adminShop.products.left", { count: p.stock })
              ) : (
                t("adminShop.products.inStock")
              ),
              p.badge ?? <span className="text-slate-500">{t("adminShop.products.none")}</span>,
              p.archived ? (
                <span className="text-slate-500">—</span>
              ) : (
                <div className="flex items-center gap-2">
                  {p.featured !== null && <span className="tabular-nums">#{p.featured + 1}</span>}
                  <ActionButtonForm intent={p.featured !== null ? "unfeature" : "feature"} target={p.id} pendingLabel="…">
                    {p.featured !== null ? t("adminShop.products.unfeature") : t("adminShop.products.feature")}
                    <span className="sr-only"> {p.title}</span>
                  </ActionButtonForm>
                </div>
              ),
              p.archived ? (
                <span className="font-semibold text-slate-600">{t("adminShop.products.archived")}</span>
              ) : p.listed ? (
                t("adminShop.products.listed")
              ) : (
                <span className="text-slate-600">{t("adminShop.products.notListed")}</span>
              ),
              p.archived ? (
                <Form method="post">
                  <input type="hidden" name="id" value={p.id} />
                  <SubmitButton intent="restore" target={p.id} pendingLabel={t("adminShop.products.restoring")} variant="secondary">
                    {t("adminShop.products.restore")}
                    <span className="sr-only"> {p.title}</span>
                  </SubmitButton>
                </Form>
              ) : (
                <Form method="post" className="flex flex-wrap gap-1">
                  <input type="hidden" name="id" value={p.id} />
                  <ReorderHandle id={p.id} title={p.title} />
                  {index > 0 && (
                    <>
                      <SubmitButton intent="top" target={p.id} pendingLabel="…" variant="secondary">
                        ⤒<span className="sr-only"> {t("adminShop.products.moveTop", { title: p.title })}</span>
                      </SubmitButton>
                      <SubmitButton intent="up" target={p.id} pendingLabel="…" variant="secondary">
                        ↑<span className="sr-only"> {t("adminShop.products.moveUp", { title: p.title })}</span>
                      </SubmitButton>
                    </>
                  )}
                  {index < live.length - 1 && (
                    <>
                      <SubmitButton intent="down" target={p.id} pendingLabel="…" variant="secondary">
                        ↓<span className="sr-only"> {t("adminShop.products.moveDown", { title: p.title })}</span>
                      </SubmitButton>
                      <SubmitButton intent="bottom" target={p.id} pendingLabel="…" variant="secondary">
                        ⤓<span className="sr-only"> {t("adminShop.products.moveBottom", { title: p.title })}</span>
                      </SubmitButton>
                    </>
                  )}
                </Form>
              ),
              <Link
                to={`/admin/products/${encodeURIComponent(p.id)}`}
                className="inline-flex min-h-11 items-center px-2 font-semibold text-brand-700 underline"
              >
                {t("adminShop.products.edit")}
                <span className="sr-only"> {p.title}</span>
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
