import { Form, Link, useLoaderData } from "react-router";
import type { Route } from "./+types/orders";
import { AdminError } from "~/components/admin/admin-error";
import { TextField } from "~/components/admin/kit/fields";
import { elapsed, usd, utc } from "~/components/admin/kit/format";
import { Card, PageTitle } from "~/components/admin/kit/page";
import { Table } from "~/components/admin/kit/table";
import { Pager, Tabs } from "~/components/admin/kit/tabs";
import { adminMeta } from "~/components/admin/meta";
import { StatusBadge, UrgencyBadge } from "~/components/admin/status-badge";
import { useCan } from "~/components/admin/use-can";
import { buttonClass } from "~/components/ui/button";
import { deliveryUrgency, ORDER_QUEUES, orderQueueQuerySchema, QUEUE_LABELS } from "~/domain/order-desk";
import type { OrderState } from "~/domain/order-state";
import { routeAccess } from "~/domain/seller/permissions";
import { requireSeller } from "~/server/seller-auth/guard.server";
import { listOrderQueue } from "~/server/orders/desk.server";

/** What this route needs (docs/decisions/036-staff-roles.md; the walk test checks it). */
export const access = routeAccess({ read: "orders.view" });

export const meta: Route.MetaFunction = () => adminMeta("Orders");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSeller(request, access.read, context.services);
  const url = new URL(request.url);
  const query = orderQueueQuerySchema.parse(Object.fromEntries(url.searchParams));
  // A search looks through every status unless a tab was chosen with it.
  if (query.q && !url.searchParams.has("status")) query.status = "all";
  const queue = await listOrderQueue(context.services.db, query);
  const now = context.services.now();
  return {
    now,
    query,
    queue: {
      ...queue,
      rows: queue.rows.map((row) => {
        const waiting = row.paidAt && (row.status === "paid" || row.status === "in_progress");
        return { ...row, urgency: waiting ? deliveryUrgency(row.paidAt!, now) : null };
      }),
    },
    exportRange: { from: new Date(now.getTime() - 30 * 24 * 3_600_000).toISOString().slice(0, 10), to: now.toISOString().slice(0, 10) },
  };
}

function queueLink(status: OrderState | "all", q: string, page = 1): string {
  const params = new URLSearchParams({ status });
  if (q) params.set("q", q);
  if (page > 1) params.set("page", String(page));
  return `/admin/orders?${params}`;
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["queue"]["rows"][number];

/** Time since payment against the 12–24 h promise, while the order waits for delivery. */
function Waiting({ row, now }: { row: Row; now: Date }) {
  return row.urgency && row.paidAt ? <UrgencyBadge urgency={row.urgency} age={elapsed(row.paidAt, now)} /> : null;
}

const orderLink = (row: Row) => (
  <Link to={`/admin/orders/${row.id}`} className="inline-flex min-h-11 items-center font-mono text-xs font-semibold text-brand-700 underline">
    {row.id}
  </Link>
);

export default function Orders() {
  const { now, query, queue, exportRange } = useLoaderData<typeof loader>();
  const can = useCan();
  const allCount = Object.values(queue.counts).reduce((a, b) => a + (b ?? 0), 0);
  return (
    <>
      <PageTitle>Orders</PageTitle>
      <div className="mb-4 grid gap-3 lg:grid-cols-[1fr_auto]">
        <Form method="get" className="flex flex-wrap items-end gap-2" role="search">
          {query.status !== "all" && <input type="hidden" name="status" value={query.status} />}
          <TextField
            label="Search orders"
            name="q"
            type="search"
            defaultValue={query.q}
            placeholder="Order id, email, game or Discord username"
            className="min-w-0 flex-1"
          />
          <button type="submit" className={buttonClass({ size: "md" })}>
            Search
          </button>
        </Form>
        {can("orders.export") && (
          <Form method="get" action="/admin/orders/export.csv" reloadDocument className="flex flex-wrap items-end gap-2" aria-label="Export orders">
            <TextField label="From" name="from" type="date" required defaultValue={exportRange.from} />
            <TextField label="To" name="to" type="date" required defaultValue={exportRange.to} />
            <button type="submit" className={buttonClass({ variant: "secondary" })}>
              Export CSV
            </button>
          </Form>
        )}
      </div>

      <Tabs
        label="Order queues"
        tabs={[...ORDER_QUEUES, "all" as const].map((status) => ({
          to: queueLink(status, query.q),
          label: status === "all" ? "All" : QUEUE_LABELS[status],
          count: status === "all" ? allCount : (queue.counts[status] ?? 0),
          active: status === query.status,
        }))}
      />

      {queue.rows.length === 0 ? (
        <Card>
          <p className="text-sm text-slate-700">{query.q ? `No orders match “${query.q}”.` : "No orders here."}</p>
        </Card>
      ) : (
        <>
          {/* Phones get one card per order; wider screens the table. */}
          <ul className="space-y-3 md:hidden" aria-label="Orders">
            {queue.rows.map((row) => (
              <li key={row.id} className="rounded-lg border border-slate-200 bg-white p-3 text-sm shadow-sm">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  {orderLink(row)}
                  <StatusBadge status={row.status} />
                </div>
                <div className="mt-1 flex justify-between gap-2">
                  <span>{row.items}</span>
                  <span className="font-medium">{usd(row.totalCents)}</span>
                </div>
                <div className="mt-1 text-xs text-slate-600">
                  {row.name} · {row.email}
                  <br />
                  Game: {row.gameUsername} · Discord: {row.communityUsername}
                  {row.isGift && " · gift"}
                  {row.channel === "manual" && " · manual"}
                </div>
                <div className="mt-1 flex flex-wrap items-center gap-2 text-xs">
                  {utc(row.createdAt)}
                  <Waiting row={row} now={now} />
                </div>
              </li>
            ))}
          </ul>
          <Card className="hidden md:block">
            <Table
              align="top"
              caption={`${query.status === "all" ? "All orders" : `${QUEUE_LABELS[query.status]} orders`}, page ${queue.page} of ${queue.pages}`}
              columns={["Order", "Status", "Items", "Buyer", { label: "Total", className: "text-right" }, "Placed / paid"]}
              keys={queue.rows.map((row) => row.id)}
              rows={queue.rows.map((row) => [
                <>
                  {orderLink(row)}
                  {row.isGift && <span className="ml-1 rounded bg-pink-100 px-1 text-xs text-pink-900">gift</span>}
                  {row.channel === "manual" && <span className="ml-1 rounded bg-sky-100 px-1 text-xs text-sky-900">manual</span>}
                </>,
                <StatusBadge status={row.status} />,
                row.items,
                <>
                  <div>{row.name}</div>
                  <div className="text-xs text-slate-600">{row.email}</div>
                  <div className="text-xs text-slate-600">
                    Game: {row.gameUsername} · Discord: {row.communityUsername}
                  </div>
                </>,
                <span className="font-medium">{usd(row.totalCents)}</span>,
                <div className="space-y-1 text-xs">
                  <div>{utc(row.createdAt)}</div>
                  <Waiting row={row} now={now} />
                </div>,
              ])}
            />
          </Card>
        </>
      )}

      <Pager page={queue.page} pages={queue.pages} href={(page) => queueLink(query.status, query.q, page)} total={`${queue.total} orders`} />
    </>
  );
}

/** Inside the console's frame: a refusal (a role's 403), an unknown id, a request the page cannot read. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
