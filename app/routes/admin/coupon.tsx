import { data, Form, Link, useActionData, useLoaderData, useSearchParams } from "react-router";
import type { Route } from "./+types/coupon";
import { AdminError } from "~/components/admin/admin-error";
import { consoleMeta } from "~/components/admin/meta";
import { rewardText, usageLeftText } from "~/components/admin/coupon-words";
import { useConsole } from "~/components/admin/use-console";
import { consoleT, consoleTranslations } from "~/i18n/console.server";
import { couponFormErrors, couponSaveErrors } from "~/server/catalogue/coupon-replies.server";
import { CouponFields } from "~/components/admin/coupon-fields";
import { SubmitButton } from "~/components/admin/kit/fields";
import { Card, Facts, Notice, PageTitle } from "~/components/admin/kit/page";
import { fieldErrorsOf, ReplyNotice } from "~/components/admin/kit/reply";
import { Table } from "~/components/admin/kit/table";
import { readCatalogue } from "~/server/catalogue/cache.server";
import { NEWUSER15 } from "~/domain/coupons";
import { readCouponTerms } from "~/domain/seller/coupon-form";
import { couponStatus } from "~/domain/seller/coupon-view";
import { formRecord } from "~/domain/seller/form-fields";
import { toggleCoupon } from "~/server/catalogue/coupon-toggle.server";
import { done, field, readForm, refusedFields } from "~/server/platform/forms.server";
import { routeAccess } from "~/domain/seller/permissions";
import { requireIntent, requireSeller } from "~/server/seller-auth/guard.server";
import { couponOrders, findCoupon, updateCouponTerms } from "~/server/catalogue/console-coupons.server";

/** What this route needs (docs/decisions/036-staff-roles.md; the walk test checks it). */
export const access = routeAccess({ read: "coupons.view", write: { save: "coupons.edit", enable: "coupons.edit", disable: "coupons.edit" } });

// The page's words: locales/{lang}/adminCoupons.json (docs/decisions/055).
export const meta: Route.MetaFunction = ({ data, matches }) =>
  data ? consoleMeta(matches, "adminCoupons.coupon.titleCode", { code: data.coupon.code }) : consoleMeta(matches, "adminCoupons.coupon.title");

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const seller = await requireSeller(request, access.read, context.services);
  const db = context.services.db;
  const coupon = await findCoupon(db, params.id);
  if (!coupon) throw data("No such coupon", { status: 404 });
  return {
    now: context.services.now(),
    coupon,
    orders: await couponOrders(db, coupon.id),
    products: (await readCatalogue(context.services.db)).products.map((p) => ({ id: p.id, title: p.title })),
    translations: consoleTranslations(seller.lang, ["adminCoupons"]),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const seller = await requireSeller(request, "console", context.services);
  const form = await readForm(request);
  await requireIntent(request, seller, access, field(form, "intent"), context.services);
  const intent = field(form, "intent");
  const t = consoleT(seller.lang);
  if (intent !== "save") return toggleCoupon(context.services.db, seller, intent, params.id, context.services.now(), t);
  const read = readCouponTerms(formRecord(form));
  if (!read.ok) return refusedFields(couponFormErrors(t, read.errors), 422, t("admin.form.fixFields"));
  const saved = await updateCouponTerms(context.services.db, seller, params.id, read.coupon, context.services.now());
  if (!saved.ok) {
    if ("reason" in saved) throw data("No such coupon", { status: 404 });
    return refusedFields(couponSaveErrors(t, saved.errors), 422, t("admin.form.fixFields"));
  }
  return done(Object.keys(saved.changes).length > 0 ? t("adminCoupons.reply.saved") : t("adminCoupons.reply.nothingChanged"));
}

export default function CouponPage() {
  const { now, coupon, orders, products } = useLoaderData<typeof loader>();
  const productTitle = (id: string) => products.find((p) => p.id === id)?.title;
  const reply = useActionData<typeof action>();
  const [params] = useSearchParams();
  const errors = fieldErrorsOf(reply);
  const status = couponStatus(coupon, new Date(now));
  const held = orders.filter((o) => o.releasedAt === null).length;
  const { t, usd, when } = useConsole();
  return (
    <>
      <PageTitle
        actions={
          <Link to="/admin/coupons" className="text-sm font-semibold text-brand-700 underline">
            {t("adminCoupons.coupon.allCoupons")}
          </Link>
        }
      >
        {t("adminCoupons.coupon.heading")} <span className="font-mono">{coupon.code}</span>
      </PageTitle>
      {params.get("created") && !reply && <Notice tone="success">{t("adminCoupons.coupon.created")}</Notice>}
      <ReplyNotice reply={reply} />

      <div className="grid gap-4 lg:grid-cols-[1fr_20rem]">
        <Card title={t("adminCoupons.coupon.terms")}>
          {coupon.code.toUpperCase() === NEWUSER15.code && (
            <p className="mb-4 rounded-md bg-brand-50 px-3 py-2 text-sm text-brand-900">{t("adminCoupons.coupon.newUserNote")}</p>
          )}
          {/* key: after a save the fields show what is stored now. */}
          <Form method="post" className="grid gap-4" key={JSON.stringify(coupon)}>
            <CouponFields coupon={coupon} products={products} errors={errors} />
            <div>
              <SubmitButton intent="save" pendingLabel={t("adminCoupons.coupon.saving")}>
                {t("adminCoupons.coupon.save")}
              </SubmitButton>
            </div>
          </Form>
        </Card>
        <Card title={t("adminCoupons.coupon.now")}>
          <Facts
            rows={[
              [t("adminCoupons.coupon.status"), t(`adminCoupons.status.${status}`)],
              [t("adminCoupons.coupon.gives"), rewardText(t, coupon, productTitle)],
              [t("adminCoupons.coupon.held"), String(held)],
              [t("adminCoupons.coupon.limit"), usageLeftText(t, coupon)],
            ]}
          />
          <Form method="post" className="mt-4">
            <SubmitButton intent={coupon.isActive ? "disable" : "enable"} variant="secondary" pendingLabel={t("adminCoupons.coupon.saving")}>
              {coupon.isActive ? t("adminCoupons.coupon.disable") : t("adminCoupons.coupon.enable")}
            </SubmitButton>
          </Form>
        </Card>
      </div>

      <Card title={t("adminCoupons.coupon.orders", { code: coupon.code })} className="mt-4">
        <Table
          empty={t("adminCoupons.coupon.noOrders")}
          caption={t("adminCoupons.coupon.orders", { code: coupon.code })}
          tableClassName="min-w-[40rem]"
          rowHeads
          columns={[
            t("adminCoupons.coupon.colOrder"),
            t("adminCoupons.coupon.colUsed"),
            t("adminCoupons.coupon.colStatus"),
            { label: t("adminCoupons.coupon.colDiscount"), className: "tabular-nums" },
            { label: t("adminCoupons.coupon.colTotal"), className: "tabular-nums" },
          ]}
          rows={orders.map((o) => [
            <>
              <Link to={`/admin/orders/${encodeURIComponent(o.orderId)}`} className="font-mono font-semibold text-brand-700 underline">
                {o.orderId}
              </Link>
              <span className="block text-xs text-slate-600">{o.email}</span>
            </>,
            <>
              {when(o.usedAt)}
              {o.releasedAt && <span className="block text-xs text-slate-600">{t("adminCoupons.coupon.givenBack", { date: when(o.releasedAt) })}</span>}
            </>,
            t(`admin.status.${o.status}`),
            usd(o.discountCents),
            usd(o.totalCents),
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
