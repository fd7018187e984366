import { data, Form, Link, useActionData, useLoaderData, useSearchParams } from "react-router";
import type { Route } from "./+types/coupon";
import { AdminError } from "~/components/admin/admin-error";
import { adminMeta } from "~/components/admin/meta";
import { CouponFields } from "~/components/admin/coupon-fields";
import { SubmitButton } from "~/components/admin/kit/fields";
import { usd, utc } from "~/components/admin/kit/format";
import { Card, Facts, Notice, PageTitle } from "~/components/admin/kit/page";
import { fieldErrorsOf, ReplyNotice } from "~/components/admin/kit/reply";
import { Table } from "~/components/admin/kit/table";
import { readCatalogue } from "~/server/catalogue/cache.server";
import { NEWUSER15 } from "~/domain/coupons";
import { QUEUE_LABELS } from "~/domain/order-desk";
import { readCouponTerms } from "~/domain/seller/coupon-form";
import { COUPON_STATUS_LABEL, couponReward, couponStatus, usageLeft } from "~/domain/seller/coupon-view";
import { formRecord } from "~/domain/seller/form-fields";
import { toggleCoupon } from "~/server/catalogue/coupon-toggle.server";
import { done, field, readForm, refusedFields } from "~/server/platform/forms.server";
import { routeAccess } from "~/domain/seller/permissions";
import { requireIntent, requireSeller } from "~/server/seller-auth/guard.server";
import { couponOrders, findCoupon, updateCouponTerms } from "~/server/catalogue/console-coupons.server";

/** What this route needs (docs/decisions/036-staff-roles.md; the walk test checks it). */
export const access = routeAccess({ read: "coupons.view", write: { save: "coupons.edit", enable: "coupons.edit", disable: "coupons.edit" } });

export const meta: Route.MetaFunction = ({ data }) => adminMeta(data ? `Coupon ${data.coupon.code}` : "Coupon");

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireSeller(request, access.read, context.services);
  const db = context.services.db;
  const coupon = await findCoupon(db, params.id);
  if (!coupon) throw data("No such coupon", { status: 404 });
  return {
    now: context.services.now(),
    coupon,
    orders: await couponOrders(db, coupon.id),
    products: (await readCatalogue(context.services.db)).products.map((p) => ({ id: p.id, title: p.title })),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const seller = await requireSeller(request, "console", context.services);
  const form = await readForm(request);
  await requireIntent(request, seller, access, field(form, "intent"), context.services);
  const intent = field(form, "intent");
  if (intent !== "save") return toggleCoupon(context.services.db, seller, intent, params.id, context.services.now());
  const read = readCouponTerms(formRecord(form));
  if (!read.ok) return refusedFields(read.errors);
  const saved = await updateCouponTerms(context.services.db, seller, params.id, read.coupon, context.services.now());
  if (!saved.ok) {
    if ("reason" in saved) throw data("No such coupon", { status: 404 });
    return refusedFields(saved.errors);
  }
  return done(Object.keys(saved.changes).length > 0 ? "Saved. Checkout and the storefront use the new terms now." : "Nothing changed.");
}

export default function CouponPage() {
  const { now, coupon, orders, products } = useLoaderData<typeof loader>();
  const productTitle = (id: string) => products.find((p) => p.id === id)?.title;
  const reply = useActionData<typeof action>();
  const [params] = useSearchParams();
  const errors = fieldErrorsOf(reply);
  const status = couponStatus(coupon, new Date(now));
  const held = orders.filter((o) => o.releasedAt === null).length;
  return (
    <>
      <PageTitle
        actions={
          <Link to="/admin/coupons" className="text-sm font-semibold text-brand-700 underline">
            All coupons
          </Link>
        }
      >
        Coupon <span className="font-mono">{coupon.code}</span>
      </PageTitle>
      {params.get("created") && !reply && <Notice tone="success">Coupon created. Shoppers can use it now.</Notice>}
      <ReplyNotice reply={reply} />

      <div className="grid gap-4 lg:grid-cols-[1fr_20rem]">
        <Card title="Terms">
          {coupon.code.toUpperCase() === NEWUSER15.code && (
            <p className="mb-4 rounded-md bg-brand-50 px-3 py-2 text-sm text-brand-900">
              This is the new-user offer: while it can be applied (active, not expired, under its limit, giving a free room), the storefront's announcement bar
              and the permanent-trigger page advertise it.
            </p>
          )}
          {/* key: after a save the fields show what is stored now. */}
          <Form method="post" className="grid gap-4" key={JSON.stringify(coupon)}>
            <CouponFields coupon={coupon} products={products} errors={errors} />
            <div>
              <SubmitButton intent="save" pendingLabel="Saving…">
                Save coupon
              </SubmitButton>
            </div>
          </Form>
        </Card>
        <Card title="Now">
          <Facts
            rows={[
              ["Status", COUPON_STATUS_LABEL[status]],
              ["Gives", couponReward(coupon, productTitle)],
              ["Orders holding a use", String(held)],
              ["Limit", usageLeft(coupon)],
            ]}
          />
          <Form method="post" className="mt-4">
            <SubmitButton intent={coupon.isActive ? "disable" : "enable"} variant="secondary" pendingLabel="Saving…">
              {coupon.isActive ? "Disable coupon" : "Enable coupon"}
            </SubmitButton>
          </Form>
        </Card>
      </div>

      <Card title={`Orders that used ${coupon.code}`} className="mt-4">
        <Table
          empty="No order has used this coupon yet."
          caption={`Orders that used ${coupon.code}`}
          tableClassName="min-w-[40rem]"
          rowHeads
          columns={["Order", "Used", "Status", { label: "Discount", className: "tabular-nums" }, { label: "Total", className: "tabular-nums" }]}
          rows={orders.map((o) => [
            <>
              <Link to={`/admin/orders/${encodeURIComponent(o.orderId)}`} className="font-mono font-semibold text-brand-700 underline">
                {o.orderId}
              </Link>
              <span className="block text-xs text-slate-600">{o.email}</span>
            </>,
            <>
              {utc(o.usedAt)}
              {o.releasedAt && <span className="block text-xs text-slate-600">use given back {utc(o.releasedAt)}</span>}
            </>,
            QUEUE_LABELS[o.status],
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
