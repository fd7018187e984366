import { Form, Link, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/coupons";
import { AdminError } from "~/components/admin/admin-error";
import { adminMeta } from "~/components/admin/meta";
import { SubmitButton } from "~/components/admin/kit/fields";
import { usd, utc } from "~/components/admin/kit/format";
import { Card, Notice, PageTitle } from "~/components/admin/kit/page";
import { ReplyNotice } from "~/components/admin/kit/reply";
import { Table } from "~/components/admin/kit/table";
import { buttonClass } from "~/components/ui/button";
import { readCatalogue } from "~/server/catalogue/cache.server";
import { NEWUSER15 } from "~/domain/coupons";
import { newUserOffer } from "~/domain/new-user-offer";
import { COUPON_STATUS_LABEL, couponReward, couponStatus, usageLeft } from "~/domain/seller/coupon-view";
import { toggleCoupon } from "~/server/catalogue/coupon-toggle.server";
import { field, readForm } from "~/server/platform/forms.server";
import { routeAccess } from "~/domain/seller/permissions";
import { requireIntent, requireSeller } from "~/server/seller-auth/guard.server";
import { listCouponUsage } from "~/server/catalogue/console-coupons.server";

/** What this route needs (docs/decisions/036-staff-roles.md; the walk test checks it). */
export const access = routeAccess({ read: "coupons.view", write: { enable: "coupons.edit", disable: "coupons.edit" } });

export const meta: Route.MetaFunction = () => adminMeta("Coupons");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSeller(request, access.read, context.services);
  const now = context.services.now();
  const coupons = await listCouponUsage(context.services.db);
  const newUser = coupons.find((c) => c.code.toUpperCase() === NEWUSER15.code);
  const catalogue = await readCatalogue(context.services.db);
  const product = (id: string) => catalogue.product(id);
  const newUserState = newUser && {
    id: newUser.id,
    running: newUserOffer(newUser, now, product) !== null,
    status: couponStatus(newUser, now),
    validUntil: newUser.validUntil,
  };
  const titles = Object.fromEntries(catalogue.products.map((p) => [p.id, p.title]));
  return { now, coupons, newUser: newUserState ?? null, titles };
}

/** Disable / enable from the list (the edit page has the same buttons). */
export async function action({ request, context }: Route.ActionArgs) {
  const seller = await requireSeller(request, "console", context.services);
  const form = await readForm(request);
  await requireIntent(request, seller, access, field(form, "intent"), context.services);
  return toggleCoupon(context.services.db, seller, field(form, "intent"), field(form, "id"), context.services.now());
}

export default function Coupons() {
  const { now, coupons, newUser, titles } = useLoaderData<typeof loader>();
  const productTitle = (id: string): string | undefined => titles[id];
  const reply = useActionData<typeof action>();
  return (
    <>
      <PageTitle
        actions={
          <Link to="/admin/coupons/new" className={buttonClass({ size: "md" })}>
            New coupon
          </Link>
        }
      >
        Coupons
      </PageTitle>
      <ReplyNotice reply={reply} />
      {newUser && (
        <Notice tone={newUser.running ? "success" : "info"}>
          {newUser.running ? (
            <>New-user offer running: the storefront's announcement bar shows {NEWUSER15.code}.</>
          ) : (
            <>
              New-user offer off: {NEWUSER15.code} is {COUPON_STATUS_LABEL[newUser.status].toLowerCase()}
              {newUser.status === "expired" && newUser.validUntil ? ` (ended ${newUser.validUntil})` : ""}, so the announcement bar is hidden.{" "}
              <Link to={`/admin/coupons/${encodeURIComponent(newUser.id)}`} className="font-semibold underline">
                Edit {NEWUSER15.code}
              </Link>{" "}
              to bring it back.
            </>
          )}
        </Notice>
      )}
      <Card>
        <Table
          caption="Coupons, what they give and how often they were used"
          tableClassName="min-w-[48rem]"
          rowHeads
          columns={["Code", "Gives", "Used", "Conditions", "Status", { label: "Actions", srOnly: true, className: "text-right" }]}
          keys={coupons.map((c) => c.id)}
          rows={coupons.map((c) => {
            const status = couponStatus(c, new Date(now));
            return [
              <>
                <Link to={`/admin/coupons/${encodeURIComponent(c.id)}`} className="font-mono font-bold text-brand-700 underline">
                  {c.code}
                </Link>
                <span className="block max-w-56 truncate text-xs text-slate-600">{c.description}</span>
              </>,
              couponReward(c, productTitle),
              <>
                <span className="block">
                  {c.uses} order{c.uses === 1 ? "" : "s"}
                </span>
                <span className="text-xs text-slate-600">{usageLeft(c)}</span>
                {c.lastUsedAt && <span className="block text-xs text-slate-600">last {utc(c.lastUsedAt)}</span>}
              </>,
              <span className="text-xs text-slate-700">
                <span className="block">{c.minPurchaseCents > 0 ? `Minimum ${usd(c.minPurchaseCents)}` : "No minimum"}</span>
                <span className="block">{c.validUntil ? `Until ${c.validUntil}` : "No end date"}</span>
              </span>,
              <span className={status === "active" ? "font-semibold text-emerald-800" : "font-semibold text-slate-700"}>{COUPON_STATUS_LABEL[status]}</span>,
              <Form method="post" className="inline">
                <input type="hidden" name="id" value={c.id} />
                <SubmitButton intent={c.isActive ? "disable" : "enable"} target={c.id} variant="secondary" pendingLabel="Saving…">
                  {c.isActive ? "Disable" : "Enable"}
                  <span className="sr-only"> {c.code}</span>
                </SubmitButton>
              </Form>,
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
