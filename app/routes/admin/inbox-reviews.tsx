import { Form, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/inbox-reviews";
import { AdminError } from "~/components/admin/admin-error";
import { consoleMeta } from "~/components/admin/meta";
import { useConsole } from "~/components/admin/use-console";
import { consoleT, consoleTranslations } from "~/i18n/console.server";
import { Pager, Tabs } from "~/components/admin/kit/tabs";
import { SubmitButton } from "~/components/admin/kit/fields";
import { Card } from "~/components/admin/kit/page";
import { ReplyNotice } from "~/components/admin/kit/reply";
import { done, field, readForm, refused } from "~/server/platform/forms.server";
import { routeAccess } from "~/domain/seller/permissions";
import { requireIntent, requireSeller } from "~/server/seller-auth/guard.server";
import { listReviews, pageNumber, setReviewStatus, type ReviewFilter } from "~/server/contact/inbox.server";

/** What this route needs (docs/decisions/036-staff-roles.md; the walk test checks it). */
export const access = routeAccess({ read: "inbox.view", write: { publish: "inbox.work", hide: "inbox.work" } });

export const meta: Route.MetaFunction = ({ matches }) => consoleMeta(matches, "adminInbox.inbox.reviews");

const FILTERS: readonly { value: ReviewFilter; label: string }[] = [
  { value: "all", label: "adminInbox.reviews.all" },
  { value: "pending", label: "adminInbox.reviews.pending" },
  { value: "published", label: "adminInbox.reviews.published" },
  { value: "hidden", label: "adminInbox.reviews.hidden" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const seller = await requireSeller(request, access.read, context.services);
  const url = new URL(request.url);
  const filter = FILTERS.find((f) => f.value === url.searchParams.get("show"))?.value ?? "all";
  return { filter, ...(await listReviews(context.services.db, filter, pageNumber(url))), translations: consoleTranslations(seller.lang, ["adminInbox"]) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const seller = await requireSeller(request, "console", context.services);
  const form = await readForm(request);
  await requireIntent(request, seller, access, field(form, "intent"), context.services);
  const intent = field(form, "intent");
  const t = consoleT(seller.lang);
  const id = Number(field(form, "id"));
  if ((intent !== "publish" && intent !== "hide") || !Number.isSafeInteger(id) || id < 1) return refused(400, t("admin.form.unknownAction"));
  const before = await setReviewStatus(context.services.db, seller, id, intent === "publish" ? "published" : "hidden", context.services.now());
  if (before === undefined) return refused(404, t("adminInbox.reviews.noReview"));
  return done(intent === "publish" ? t("adminInbox.reviews.publishedNow") : t("adminInbox.reviews.hiddenNow"));
}

export default function Reviews() {
  const { filter, rows, page, pages, counts } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const href = (show: ReviewFilter, p = 1) => `/admin/inbox/reviews?show=${show}${p > 1 ? `&page=${p}` : ""}`;
  const total = counts.published + counts.pending + counts.hidden;
  const { t, when } = useConsole();
  return (
    <>
      <Tabs
        label={t("adminInbox.reviews.show")}
        tabs={FILTERS.map((f) => ({ to: href(f.value), label: t(f.label), count: f.value === "all" ? total : counts[f.value], active: f.value === filter }))}
      />
      <ReplyNotice reply={reply} />
      <h2 className="sr-only">{t(`adminInbox.reviews.heading.${filter}`)}</h2>
      {rows.length === 0 ? (
        <Card>
          <p className="text-sm text-slate-700">{t("adminInbox.reviews.none")}</p>
        </Card>
      ) : (
        <ul className="grid gap-3">
          {rows.map((r) => (
            <li key={r.id}>
              <article aria-labelledby={`review-${r.id}`} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
                <header className="mb-2 flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                  <h3 id={`review-${r.id}`} className="font-semibold text-slate-900">
                    {t("adminInbox.reviews.on", { name: r.name, product: r.productTitle })}
                  </h3>
                  <p className="text-xs text-slate-600">
                    {when(r.createdAt)} ·{" "}
                    <span aria-label={t("adminInbox.reviews.stars", { rating: r.rating })}>
                      {"★".repeat(r.rating)}
                      {"☆".repeat(5 - r.rating)}
                    </span>{" "}
                    · <strong className={r.status === "published" ? "text-emerald-800" : "text-slate-800"}>{t(`adminInbox.reviews.${r.status}`)}</strong>
                  </p>
                </header>
                <p className="whitespace-pre-wrap break-words text-sm text-slate-800">{r.comment}</p>
                <div className="mt-3 flex flex-wrap gap-2">
                  <Form method="post">
                    <input type="hidden" name="id" value={r.id} />
                    {r.status === "published" ? (
                      <SubmitButton intent="hide" target={String(r.id)} variant="secondary" pendingLabel={t("adminInbox.reviews.hiding")}>
                        {t("adminInbox.reviews.hide")}
                        <span className="sr-only"> {t("adminInbox.reviews.by", { name: r.name })}</span>
                      </SubmitButton>
                    ) : (
                      <SubmitButton intent="publish" target={String(r.id)} pendingLabel={t("adminInbox.reviews.publishing")}>
                        {t("adminInbox.reviews.publish")}
                        <span className="sr-only"> {t("adminInbox.reviews.by", { name: r.name })}</span>
                      </SubmitButton>
                    )}
                  </Form>
                  <a
                    href={`/product/${encodeURIComponent(r.productId)}`}
                    target="_blank"
                    rel="noreferrer"
                    className="inline-flex min-h-11 items-center px-2 text-sm font-semibold text-brand-700 underline"
                  >
                    {t("adminInbox.reviews.productPage")}
                    <span className="sr-only"> {t("adminInbox.reviews.productPageOf", { product: r.productTitle })}</span>
                  </a>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} pages={pages} href={(p) => href(filter, p)} />
    </>
  );
}

/** Inside the console's frame: a refusal (a role's 403), an unknown id, a request the page cannot read. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
