import { Form, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/inbox-reviews";
import { AdminError } from "~/components/admin/admin-error";
import { adminMeta } from "~/components/admin/meta";
import { Pager, Tabs } from "~/components/admin/kit/tabs";
import { SubmitButton } from "~/components/admin/kit/fields";
import { utc } from "~/components/admin/kit/format";
import { Card } from "~/components/admin/kit/page";
import { ReplyNotice } from "~/components/admin/kit/reply";
import { done, field, readForm, refused } from "~/server/platform/forms.server";
import { routeAccess } from "~/domain/seller/permissions";
import { requireIntent, requireSeller } from "~/server/seller-auth/guard.server";
import { listReviews, pageNumber, setReviewStatus, type ReviewFilter } from "~/server/contact/inbox.server";

/** What this route needs (docs/decisions/036-staff-roles.md; the walk test checks it). */
export const access = routeAccess({ read: "inbox.view", write: { publish: "inbox.work", hide: "inbox.work" } });

export const meta: Route.MetaFunction = () => adminMeta("Reviews");

const FILTERS: readonly { value: ReviewFilter; label: string }[] = [
  { value: "all", label: "All" },
  { value: "pending", label: "Waiting" },
  { value: "published", label: "Published" },
  { value: "hidden", label: "Hidden" },
];

const STATUS_LABEL = { published: "Published", pending: "Waiting", hidden: "Hidden" } as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSeller(request, access.read, context.services);
  const url = new URL(request.url);
  const filter = FILTERS.find((f) => f.value === url.searchParams.get("show"))?.value ?? "all";
  return { filter, ...(await listReviews(context.services.db, filter, pageNumber(url))) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const seller = await requireSeller(request, "console", context.services);
  const form = await readForm(request);
  await requireIntent(request, seller, access, field(form, "intent"), context.services);
  const intent = field(form, "intent");
  const id = Number(field(form, "id"));
  if ((intent !== "publish" && intent !== "hide") || !Number.isSafeInteger(id) || id < 1) return refused(400, "Unknown action.");
  const before = await setReviewStatus(context.services.db, seller, id, intent === "publish" ? "published" : "hidden", context.services.now());
  if (before === undefined) return refused(404, "No such review.");
  return done(intent === "publish" ? "Review published: the product page shows it." : "Review hidden from the product page.");
}

export default function Reviews() {
  const { filter, rows, page, pages, counts } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const href = (show: ReviewFilter, p = 1) => `/admin/inbox/reviews?show=${show}${p > 1 ? `&page=${p}` : ""}`;
  const total = counts.published + counts.pending + counts.hidden;
  return (
    <>
      <Tabs
        label="Show reviews"
        tabs={FILTERS.map((f) => ({ to: href(f.value), label: f.label, count: f.value === "all" ? total : counts[f.value], active: f.value === filter }))}
      />
      <ReplyNotice reply={reply} />
      <h2 className="sr-only">{FILTERS.find((f) => f.value === filter)?.label} reviews</h2>
      {rows.length === 0 ? (
        <Card>
          <p className="text-sm text-slate-700">No review here.</p>
        </Card>
      ) : (
        <ul className="grid gap-3">
          {rows.map((r) => (
            <li key={r.id}>
              <article aria-labelledby={`review-${r.id}`} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
                <header className="mb-2 flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                  <h3 id={`review-${r.id}`} className="font-semibold text-slate-900">
                    {r.name} on {r.productTitle}
                  </h3>
                  <p className="text-xs text-slate-600">
                    {utc(r.createdAt)} ·{" "}
                    <span aria-label={`${r.rating} out of 5 stars`}>
                      {"★".repeat(r.rating)}
                      {"☆".repeat(5 - r.rating)}
                    </span>{" "}
                    · <strong className={r.status === "published" ? "text-emerald-800" : "text-slate-800"}>{STATUS_LABEL[r.status]}</strong>
                  </p>
                </header>
                <p className="whitespace-pre-wrap break-words text-sm text-slate-800">{r.comment}</p>
                <div className="mt-3 flex flex-wrap gap-2">
                  <Form method="post">
                    <input type="hidden" name="id" value={r.id} />
                    {r.status === "published" ? (
                      <SubmitButton intent="hide" target={String(r.id)} variant="secondary" pendingLabel="Hiding…">
                        Hide<span className="sr-only"> the review by {r.name}</span>
                      </SubmitButton>
                    ) : (
                      <SubmitButton intent="publish" target={String(r.id)} pendingLabel="Publishing…">
                        Publish<span className="sr-only"> the review by {r.name}</span>
                      </SubmitButton>
                    )}
                  </Form>
                  <a
                    href={`/product/${encodeURIComponent(r.productId)}`}
                    target="_blank"
                    rel="noreferrer"
                    className="inline-flex min-h-11 items-center px-2 text-sm font-semibold text-brand-700 underline"
                  >
                    Product page<span className="sr-only"> of {r.productTitle} (opens in a new tab)</span>
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
