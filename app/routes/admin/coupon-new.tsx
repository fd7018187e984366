import { Form, Link, redirect, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/coupon-new";
import { AdminError } from "~/components/admin/admin-error";
import { consoleMeta } from "~/components/admin/meta";
import { useConsole } from "~/components/admin/use-console";
import { consoleT, consoleTranslations } from "~/i18n/console.server";
import { couponFormErrors, couponSaveErrors } from "~/server/catalogue/coupon-replies.server";
import { CouponFields } from "~/components/admin/coupon-fields";
import { SubmitButton, TextField } from "~/components/admin/kit/fields";
import { Card, PageTitle } from "~/components/admin/kit/page";
import { fieldErrorsOf, ReplyNotice } from "~/components/admin/kit/reply";
import { readCatalogue } from "~/server/catalogue/cache.server";
import { readNewCoupon } from "~/domain/seller/coupon-form";
import { formRecord } from "~/domain/seller/form-fields";
import { readForm, refused, refusedFields } from "~/server/platform/forms.server";
import { routeAccess } from "~/domain/seller/permissions";
import { requireSeller } from "~/server/seller-auth/guard.server";
import { createCoupon } from "~/server/catalogue/console-coupons.server";

/** What this route needs (docs/decisions/036-staff-roles.md; the walk test checks it). */
export const access = routeAccess({ read: "coupons.edit", write: "coupons.edit" });

// The page's words: locales/{lang}/adminCoupons.json (docs/decisions/055).
export const meta: Route.MetaFunction = ({ matches }) => consoleMeta(matches, "adminCoupons.new.title");

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.services.db;
  const seller = await requireSeller(request, access.read, context.services);
  return {
    products: (await readCatalogue(db)).products.map((p) => ({ id: p.id, title: p.title })),
    translations: consoleTranslations(seller.lang, ["adminCoupons"]),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const seller = await requireSeller(request, access.write, context.services);
  const t = consoleT(seller.lang);
  const read = readNewCoupon(formRecord(await readForm(request)));
  if (!read.ok) return refusedFields(couponFormErrors(t, read.errors), 422, t("admin.form.fixFields"));
  const created = await createCoupon(context.services.db, seller, read.coupon, context.services.now());
  if (!created.ok) {
    return "errors" in created
      ? refusedFields(couponSaveErrors(t, created.errors, read.coupon.code), 409, t("admin.form.fixFields"))
      : refused(409, t("adminCoupons.reply.notCreated"));
  }
  return redirect(`/admin/coupons/${encodeURIComponent(created.id)}?created=1`);
}

export default function NewCoupon() {
  const { products } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const errors = fieldErrorsOf(reply);
  const { t } = useConsole();
  return (
    <>
      <PageTitle
        actions={
          <Link to="/admin/coupons" className="text-sm font-semibold text-brand-700 underline">
            {t("adminCoupons.coupon.allCoupons")}
          </Link>
        }
      >
        {t("adminCoupons.new.title")}
      </PageTitle>
      <ReplyNotice reply={reply} />
      <Card>
        <Form method="post" className="grid gap-4">
          <TextField
            label={t("adminCoupons.new.code")}
            name="code"
            required
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={32}
            className="sm:max-w-xs"
            error={errors.code}
            hint={t("adminCoupons.new.codeHint")}
          />
          <CouponFields products={products} errors={errors} />
          <div>
            <SubmitButton pendingLabel={t("adminCoupons.new.creating")}>{t("adminCoupons.new.create")}</SubmitButton>
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
