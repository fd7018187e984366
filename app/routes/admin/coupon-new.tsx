import { Form, Link, redirect, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/coupon-new";
import { AdminError } from "~/components/admin/admin-error";
import { adminMeta } from "~/components/admin/meta";
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

export const meta: Route.MetaFunction = () => adminMeta("New coupon");

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.services.db;
  await requireSeller(request, access.read, context.services);
  return { products: (await readCatalogue(db)).products.map((p) => ({ id: p.id, title: p.title })) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const seller = await requireSeller(request, access.write, context.services);
  const read = readNewCoupon(formRecord(await readForm(request)));
  if (!read.ok) return refusedFields(read.errors);
  const created = await createCoupon(context.services.db, seller, read.coupon, context.services.now());
  if (!created.ok) return "errors" in created ? refusedFields(created.errors, 409) : refused(409, "The coupon could not be created.");
  return redirect(`/admin/coupons/${encodeURIComponent(created.id)}?created=1`);
}

export default function NewCoupon() {
  const { products } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const errors = fieldErrorsOf(reply);
  return (
    <>
      <PageTitle
        actions={
          <Link to="/admin/coupons" className="text-sm font-semibold text-brand-700 underline">
            All coupons
          </Link>
        }
      >
        New coupon
      </PageTitle>
      <ReplyNotice reply={reply} />
      <Card>
        <Form method="post" className="grid gap-4">
          <TextField
            label="Code"
            name="code"
            required
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={32}
            className="sm:max-w-xs"
            error={errors.code}
            hint="What shoppers type: 3 to 32 letters, digits, - or _. It cannot be changed later."
          />
          <CouponFields products={products} errors={errors} />
          <div>
            <SubmitButton pendingLabel="Creating…">Create coupon</SubmitButton>
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
