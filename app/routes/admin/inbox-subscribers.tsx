import { useLoaderData } from "react-router";
import type { Route } from "./+types/inbox-subscribers";
import { adminMeta } from "~/components/admin/meta";
import { FilterTabs, Pager } from "~/components/admin/shop/filter-tabs";
import { when } from "~/components/admin/shop/format";
import { Card, Table } from "~/components/admin/ui";
import { buttonClass } from "~/components/ui/button";
import { getDb } from "~/server/db.server";
import { requireSeller } from "~/server/admin/guard.server";
import { listSubscribers, pageNumber, subscriberFilterOf, type SubscriberFilter } from "~/server/admin/inbox.server";

export const meta: Route.MetaFunction = () => adminMeta("Newsletter");

const FILTERS: readonly { value: SubscriberFilter; label: string }[] = [
  { value: "confirmed", label: "Confirmed" },
  { value: "pending", label: "Pending" },
  { value: "unsubscribed", label: "Unsubscribed" },
  { value: "all", label: "All" },
];

export async function loader({ request }: Route.LoaderArgs) {
  await requireSeller(request);
  const url = new URL(request.url);
  const filter = subscriberFilterOf(url);
  return { filter, ...(await listSubscribers(getDb(), filter, pageNumber(url))) };
}

const STATUS_TEXT = { confirmed: "Confirmed", pending: "Pending (link not clicked)", unsubscribed: "Unsubscribed" } as const;

export default function Subscribers() {
  const { filter, rows, page, pages, counts, total } = useLoaderData<typeof loader>();
  const href = (show: SubscriberFilter, p = 1) => `/admin/inbox/subscribers?show=${show}${p > 1 ? `&page=${p}` : ""}`;
  const all = counts.confirmed + counts.pending + counts.unsubscribed;
  const label = FILTERS.find((f) => f.value === filter)?.label ?? "";
  return (
    <>
      <FilterTabs
        label="Show subscribers"
        tabs={FILTERS.map((f) => ({ to: href(f.value), label: f.label, count: f.value === "all" ? all : counts[f.value], active: f.value === filter }))}
      />
      <Card>
        <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-base font-semibold text-slate-900">
            {label} subscribers ({total})
          </h2>
          {/* A plain link: the browser downloads the file (the loader of a resource route). */}
          <a href={`/admin/inbox/subscribers.csv?show=${filter}`} download className={buttonClass({ variant: "secondary" })}>
            Download CSV<span className="sr-only"> of {label.toLowerCase()} subscribers</span>
          </a>
        </div>
        <p className="mb-3 text-sm text-slate-700">Only confirmed addresses may be mailed: they clicked the link in the confirmation email.</p>
        {rows.length === 0 ? (
          <p className="text-sm text-slate-700">No subscriber here.</p>
        ) : (
          <Table caption={`${label} subscribers`} tableClassName="min-w-[36rem]" columns={["Email", "Status", "Language", "Since"]}>
            {rows.map((s) => (
              <tr key={s.email}>
                <th scope="row" className="break-all py-2 pr-3 font-normal">
                  {s.email}
                </th>
                <td className="py-2 pr-3">{STATUS_TEXT[s.status]}</td>
                <td className="py-2 pr-3 uppercase">{s.lang}</td>
                <td className="py-2 text-xs text-slate-700">
                  {when(
                    s.status === "confirmed" && s.confirmedAt
                      ? s.confirmedAt
                      : s.status === "unsubscribed" && s.unsubscribedAt
                        ? s.unsubscribedAt
                        : s.createdAt,
                  )}
                </td>
              </tr>
            ))}
          </Table>
        )}
      </Card>
      <Pager page={page} pages={pages} href={(p) => href(filter, p)} />
    </>
  );
}
