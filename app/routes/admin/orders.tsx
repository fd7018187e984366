import { Form, Link, useLoaderData } from "react-router";
import type { Route } from "./+types/orders";
import { formatUtc, usd } from "~/components/admin/format";
import { adminMeta } from "~/components/admin/meta";
import { StatusBadge, UrgencyBadge } from "~/components/admin/status-badge";
import { Card, inputClass, PageTitle, Table } from "~/components/admin/ui";
import { buttonClass } from "~/components/ui/button";
import { deliveryUrgency, formatAge, ORDER_QUEUES, orderQueueQuerySchema, QUEUE_LABELS } from "~/domain/order-desk";
import type { OrderState } from "~/domain/order-state";
import { getDb } from "~/server/db.server";
import { requireSeller } from "~/server/admin/guard.server";
import { listOrderQueue } from "~/server/admin/order-desk.server";

export const meta: Route.MetaFunction = () => adminMeta("Orders");

export async function loader({ request }: Route.LoaderArgs) {
  await requireSeller(request);
  const url = new URL(request.url);
  const query = orderQueueQuerySchema.parse(Object.fromEntries(url.searchParams));
  // A search looks through every status unless a tab was chosen with it.
  if (query.q && !url.searchParams.has("status")) query.status = "all";
  const queue = await listOrderQueue(getDb(), query);
  const now = new Date();
  const today = now.toISOString().slice(0, 10);
  return {
    query,
    queue: {
      ...queue,
      rows: queue.rows.map((row) => {
        const waiting = row.paidAt && (row.status === "paid" || row.status === "in_progress");
        return { ...row, sincePayment: waiting ? { age: formatAge(row.paidAt!, now), urgency: deliveryUrgency(row.paidAt!, now) } : null };
      }),
    },
    exportRange: { from: new Date(now.getTime() - 30 * 24 * 3_600_000).toISOString().slice(0, 10), to: today },
  };
}

function queueLink(status: OrderState | "all", q: string, page = 1): string {
  const params = new URLSearchParams({ status });
  if (q) params.set("q", q);
  if (page > 1) params.set("page", String(page));
  return `/admin/orders?${params}`;
}

export default function Orders() {
  const { query, queue, exportRange } = useLoaderData<typeof loader>();
  const tabs: (OrderState | "all")[] = [...ORDER_QUEUES, "all"];
  const allCount = Object.values(queue.counts).reduce((a, b) => a + (b ?? 0), 0);
  return (
    <>
      <PageTitle>Orders</PageTitle>
      <div className="mb-4 grid gap-3 lg:grid-cols-[1fr_auto]">
        <Form method="get" className="flex flex-wrap items-end gap-2" role="search">
          {query.status !== "all" && <input type="hidden" name="status" value={query.status} />}
          <label className="min-w-0 flex-1 text-sm font-semibold text-slate-800">
            Search orders
            <input name="q" type="search" defaultValue={query.q} placeholder="Order id, email, game or Discord username" className={inputClass} />
          </label>
          <button type="submit" className={buttonClass({ size: "md" })}>
            Search
          </button>
        </Form>
        <Form method="get" action="/admin/orders/export.csv" reloadDocument className="flex flex-wrap items-end gap-2" aria-label="Export orders">
          <label className="text-sm font-semibold text-slate-800">
            From
            <input name="from" type="date" required defaultValue={exportRange.from} className={inputClass} />
          </label>
          <label className="text-sm font-semibold text-slate-800">
            To
            <input name="to" type="date" required defaultValue={exportRange.to} className={inputClass} />
          </label>
          <button type="submit" className={buttonClass({ variant: "secondary" })}>
            Export CSV
          </button>
        </Form>
      </div>

      <nav aria-label="Order queues" className="mb-4 overflow-x-auto">
        <ul className="flex gap-1 border-b border-slate-200">
          {tabs.map((status) => {
            const current = status === query.status;
            const n = status === "all" ? allCount : (queue.counts[status] ?? 0);
            return (
              <li key={status}>
                <Link
                  to={queueLink(status, query.q)}
                  aria-current={current ? "page" : undefined}
                  className={`inline-flex min-h-11 items-center whitespace-nowrap border-b-2 px-3 text-sm ${current ? "border-brand-700 font-semibold text-brand-900" : "border-transparent text-slate-600 hover:text-slate-900"}`}
                >
                  {status === "all" ? "All" : QUEUE_LABELS[status]} <span className="ml-1 text-xs text-slate-600">({n})</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

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
                  <Link to={`/admin/orders/${row.id}`} className="font-mono text-xs font-semibold text-brand-700 underline">
                    {row.id}
                  </Link>
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
                <div className="mt-1 text-xs">
                  {formatUtc(row.createdAt)}
                  {row.sincePayment && (
                    <span className="ml-2">
                      <UrgencyBadge urgency={row.sincePayment.urgency} age={row.sincePayment.age} />
                    </span>
                  )}
                </div>
              </li>
            ))}
          </ul>
          <Table
            caption={`${query.status === "all" ? "All orders" : `${QUEUE_LABELS[query.status]} orders`}, page ${queue.page} of ${queue.pages}`}
            className="hidden rounded-lg border border-slate-200 bg-white shadow-sm md:block"
            headClassName="border-b-0 bg-slate-50"
            headCellClassName="px-3 last:pr-3"
            columns={["Order", "Status", "Items", "Buyer", { label: "Total", className: "text-right" }, "Placed / paid"]}
          >
            {queue.rows.map((row) => (
              <tr key={row.id} className="align-top">
                <td className="px-3 py-2 font-mono text-xs">
                  <Link to={`/admin/orders/${row.id}`} className="font-semibold text-brand-700 underline">
                    {row.id}
                  </Link>
                  {row.isGift && <span className="ml-1 rounded bg-pink-100 px-1 text-pink-900">gift</span>}
                  {row.channel === "manual" && <span className="ml-1 rounded bg-sky-100 px-1 text-sky-900">manual</span>}
                </td>
                <td className="px-3 py-2">
                  <StatusBadge status={row.status} />
                </td>
                <td className="px-3 py-2">{row.items}</td>
                <td className="px-3 py-2">
                  <div>{row.name}</div>
                  <div className="text-xs text-slate-600">{row.email}</div>
                  <div className="text-xs text-slate-600">
                    Game: {row.gameUsername} · Discord: {row.communityUsername}
                  </div>
                </td>
                <td className="px-3 py-2 text-right font-medium">{usd(row.totalCents)}</td>
                <td className="px-3 py-2 text-xs">
                  <div>{formatUtc(row.createdAt)}</div>
                  {row.sincePayment && (
                    <div className="mt-1">
                      <UrgencyBadge urgency={row.sincePayment.urgency} age={row.sincePayment.age} />
                    </div>
                  )}
                </td>
              </tr>
            ))}
          </Table>
        </>
      )}

      {queue.pages > 1 && (
        <nav aria-label="Pages" className="mt-4 flex items-center justify-between text-sm">
          {queue.page > 1 ? (
            <Link to={queueLink(query.status, query.q, queue.page - 1)} className={buttonClass({ variant: "secondary" })}>
              Previous
            </Link>
          ) : (
            <span />
          )}
          <span>
            Page {queue.page} of {queue.pages} ({queue.total} orders)
          </span>
          {queue.page < queue.pages ? (
            <Link to={queueLink(query.status, query.q, queue.page + 1)} className={buttonClass({ variant: "secondary" })}>
              Next
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}
    </>
  );
}
