import { Trans } from "react-i18next";
import { Form, Link, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/coupons";
import { AdminError } from "~/components/admin/admin-error";
import { consoleMeta } from "~/components/admin/meta";
import { rewardText, usageLeftText } from "~/components/admin/coupon-words";
import { useConsole } from "~/components/admin/use-console";
import { consoleT, consoleTranslations } from "~/i18n/console.server";
import { SubmitButton } from "~/components/admin/kit/fields";
import { Card, Notice, PageTitle } from "~/components/admin/kit/page";
import { ReplyNotice } from "~/components/admin/kit/reply";
import { Table } from "~/components/admin/kit/table";
import { buttonClass } from "~/components/ui/button";
import { readCatalogue } from "~/server/catalogue/cache.server";
import { NEWUSER15 } from "~/domain/coupons";
import { newUserOffer } from "~/domain/new-user-offer";
import { couponStatus } from "~/domain/seller/coupon-view";
import { toggleCoupon } from "~/server/catalogue/coupon-toggle.server";
import { field, readForm } from "~/server/platform/forms.server";
import { routeAccess } from "~/domain/seller/permissions";
import { requireIntent, requireSeller } from "~/server/seller-auth/guard.server";
import { listCouponUsage } from "~/server/catalogue/console-coupons.server";

/** What this route needs (docs/decisions/036-staff-roles.md; the walk test checks it). */
export const access = routeAccess({ read: "coupons.view", write: { enable: "coupons.edit", disable: "coupons.edit" } });

// The page's words: locales/{lang}/adminCoupons.json (docs/decisions/055).
export const meta: Route.MetaFunction = ({ matches }) => consoleMeta(matches, "adminCoupons.list.title");

export async function loader({ request, context }: Route.LoaderArgs) {
  const seller = await requireSeller(request, access.read, context.services);
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
  return { now, coupons, newUser: newUserState ?? null, titles, translations: consoleTranslations(seller.lang, ["adminCoupons"]) };
}

/** Disable / enable from the list (the edit page has the same buttons). */
export async function action({ request, context }: Route.ActionArgs) {
  const seller = await requireSeller(request, "console", context.services);
  const form = await readForm(request);
  await requireIntent(request, seller, access, field(form, "intent"), context.services);
  return toggleCoupon(context.services.db, seller, field(form, "intent"), field(form, "id"), context.services.now(), consoleT(seller.lang));
}

export default function Coupons() {
  const { now, coupons, newUser, titles } = useLoaderData<typeof loader>();
  const productTitle = (id: string): string | undefined => titles[id];
  const reply = useActionData<typeof action>();
  const { t, usd, when } = useConsole();
  return (
    <>
      <PageTitle
        actions={
          <Link to="/admin/coupons/new" className={buttonClass({ size: "md" })}>
            {t("adminCoupons.list.new")}
          </Link>
        }
      >
        {t("adminCoupons.list.title")}
      </PageTitle>
      <ReplyNotice reply={reply} />
      {newUser && (
        <Notice tone={newUser.running ? "success" : "info"}>
          {newUser.running ? (
            <>{t("adminCoupons.list.offerRunning", { code: NEWUSER15.code })}</>
          ) : (
            // Coupon expiry is a UTC day (docs/decisions/055), shown as stored.
            <Trans
              i18nKey="adminCoupons.list.offerOff"
              values={{
                code: NEWUSER15.code,
                state: t(`adminCoupons.offerState.${newUser.status}`),
                ended: newUser.status === "expired" && newUser.validUntil ? t("adminCoupons.list.ended", { date: newUser.validUntil }) : "",
              }}
              components={{ edit: <Link to={`/admin/coupons/${encodeURIComponent(newUser.id)}`} className="font-semibold underline" /> }}
            />
          )}
        </Notice>
      )}
      <Card>
        <Table
          caption={t("adminCoupons.list.caption")}
          tableClassName="min-w-[48rem]"
          rowHeads
          columns={[
            t("adminCoupons.list.colCode"),
            t("adminCoupons.list.colGives"),
            t("adminCoupons.list.colUsed"),
            t("adminCoupons.list.colConditions"),
            t("adminCoupons.list.colStatus"),
            { label: t("adminCoupons.list.colActions"), srOnly: true, className: "text-right" },
          ]}
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
              rewardText(t, c, productTitle),
              <>
                <span className="block">{t("adminCoupons.list.orders", { count: c.uses })}</span>
                <span className="text-xs text-slate-600">{usageLeftText(t, c)}</span>
                {c.lastUsedAt && <span className="block text-xs text-slate-600">{t("adminCoupons.list.lastUsed", { date: when(c.lastUsedAt) })}</span>}
              </>,
              <span className="text-xs text-slate-700">
                <span className="block">
                  {c.minPurchaseCents > 0 ? t("adminCoupons.list.minimum", { amount: usd(c.minPurchaseCents) }) : t("adminCoupons.list.noMinimum")}
                </span>
                <span className="block">{c.validUntil ? t("adminCoupons.list.until", { date: c.validUntil }) : t("adminCoupons.list.noEnd")}</span>
              </span>,
              <span className={status === "active" ? "font-semibold text-emerald-800" : "font-semibold text-slate-700"}>
                {t(`adminCoupons.status.${status}`)}
              </span>,
              <Form method="post" className="inline">
                <input type="hidden" name="id" value={c.id} />
                <SubmitButton intent={c.isActive ? "disable" : "enable"} target={c.id} variant="secondary" pendingLabel={t("adminCoupons.coupon.saving")}>
                  {c.isActive ? t("adminCoupons.list.disable") : t("adminCoupons.list.enable")}
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
