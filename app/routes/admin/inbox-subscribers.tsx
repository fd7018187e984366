import { useLoaderData } from "react-router";
import type { Route } from "./+types/inbox-subscribers";
import { AdminError } from "~/components/admin/admin-error";
import { adminMeta } from "~/components/admin/meta";
import { Pager, Tabs } from "~/components/admin/kit/tabs";
import { utc } from "~/components/admin/kit/format";
import { Card } from "~/components/admin/kit/page";
import { Table } from "~/components/admin/kit/table";
import { buttonClass } from "~/components/ui/button";
import { useCan } from "~/components/admin/use-can";
import { routeAccess } from "~/domain/seller/permissions";
import { requireSeller } from "~/server/seller-auth/guard.server";
import { listSubscribers, pageNumber, subscriberFilterOf, type SubscriberFilter } from "~/server/contact/inbox.server";

/** What this route needs (docs/decisions/036-staff-roles.md; the walk test checks it). */
export const access = routeAccess({ read: "inbox.view" });

export const meta: Route.MetaFunction = () => adminMeta("Newsletter");

const FILTERS: readonly { value: SubscriberFilter; label: string }[] = [
  { value: "confirmed", label: "Confirmed" },
  { value: "pending", label: "Pending" },
  { value: "unsubscribed", label: "Unsubscribed" },
  { value: "all", label: "All" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSeller(request, access.read, context.services);
  const url = new URL(request.url);
  const filter = subscriberFilterOf(url);
  return { filter, ...(await listSubscribers(context.services.db, filter, pageNumber(url))) };
}

const STATUS_TEXT = { confirmed: "Confirmed", pending: "Pending (link not clicked)", unsubscribed: "Unsubscribed" } as const;

export default function Subscribers() {
  const { filter, rows, page, pages, counts, total } = useLoaderData<typeof loader>();
  const href = (show: SubscriberFilter, p = 1) => `/admin/inbox/subscribers?show=${show}${p > 1 ? `&page=${p}` : ""}`;
  const can = useCan();
  const all = counts.confirmed + counts.pending + counts.unsubscribed;
  const label = FILTERS.find((f) => f.value === filter)?.label ?? "";
  return (
    <>
      <Tabs
        label="Show subscribers"
        tabs={FILTERS.map((f) => ({ to: href(f.value), label: f.label, count: f.value === "all" ? all : counts[f.value], active: f.value === filter }))}
      />
      <Card>
        <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-base font-semibold text-slate-900">
            {label} subscribers ({total})
          </h2>
          {/* A plain link: the browser downloads the file (the loader of a resource route). */}
          {can("newsletter.export") && (
            <a href={`/admin/inbox/subscribers.csv?show=${filter}`} download className={buttonClass({ variant: "secondary" })}>
              Download CSV<span className="sr-only"> of {label.toLowerCase()} subscribers</span>
            </a>
          )}
        </div>
        <p className="mb-3 text-sm text-slate-700">Only confirmed addresses may be mailed: they clicked the link in the confirmation email.</p>
        <Table
          empty="No subscriber here."
          caption={`${label} subscribers`}
          tableClassName="min-w-[36rem]"
          rowHeads
          columns={["Email", "Status", "Language", "Since"]}
          keys={rows.map((s) => s.email)}
          rows={rows.map((s) => [
            <span className="break-all">{s.email}</span>,
            STATUS_TEXT[s.status],
            <span className="uppercase">{s.lang}</span>,
            <span className="text-xs text-slate-700">
              {utc(
                s.status === "confirmed" && s.confirmedAt ? s.confirmedAt : s.status === "unsubscribed" && s.unsubscribedAt ? s.unsubscribedAt : s.createdAt,
              )}
            </span>,
          ])}
        />
      </Card>
      <Pager page={page} pages={pages} href={(p) => href(filter, p)} />
    </>
  );
}

/** Inside the console's frame: a refusal (a role's 403), an unknown id, a request the page cannot read. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
