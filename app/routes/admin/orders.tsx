import { Form, Link, useLoaderData } from "react-router";
import type { Route } from "./+types/orders";
import { AdminError } from "~/components/admin/admin-error";
import { TextField } from "~/components/admin/kit/fields";
import { Card, PageTitle } from "~/components/admin/kit/page";
import { Table } from "~/components/admin/kit/table";
import { Pager, Tabs } from "~/components/admin/kit/tabs";
import { consoleMeta } from "~/components/admin/meta";
import { useConsole } from "~/components/admin/use-console";
import { consoleTranslations } from "~/i18n/console.server";
import { StatusBadge, UrgencyBadge } from "~/components/admin/status-badge";
import { useCan } from "~/components/admin/use-can";
import { buttonClass } from "~/components/ui/button";
import { deliveryUrgency, ORDER_QUEUES, orderQueueQuerySchema } from "~/domain/order-desk";
import type { OrderState } from "~/domain/order-state";
import { routeAccess } from "~/domain/seller/permissions";
import { requireSeller } from "~/server/seller-auth/guard.server";
import { listOrderQueue } from "~/server/orders/desk.server";

/** What this route needs (docs/decisions/036-staff-roles.md; the walk test checks it). */
export const access = routeAccess({ read: "orders.view" });

// The page's words: locales/{lang}/adminOrders.json, `orders` (docs/decisions/055).
export const meta: Route.MetaFunction = ({ matches }) => consoleMeta(matches, "adminOrders.orders.title");

export async function loader({ request, context }: Route.LoaderArgs) {
  const seller = await requireSeller(request, access.read, context.services);
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
    translations: consoleTranslations(seller.lang, ["adminOrders"]),
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
  const { elapsed } = useConsole();
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
  const { t, usd, when } = useConsole();
  const allCount = Object.values(queue.counts).reduce((a, b) => a + (b ?? 0), 0);
  return (
    <>
      <PageTitle>{t("adminOrders.orders.title")}</PageTitle>
      <div className="mb-4 grid gap-3 lg:grid-cols-[1fr_auto]">
        <Form method="get" className="flex flex-wrap items-end gap-2" role="search">
          {query.status !== "all" && <input type="hidden" name="status" value={query.status} />}
          <TextField
            label={t("adminOrders.orders.search")}
            name="q"
            type="search"
            defaultValue={query.q}
            placeholder={t("adminOrders.orders.searchPlaceholder")}
            className="min-w-0 flex-1"
          />
          <button type="submit" className={buttonClass({ size: "md" })}>
            {t("adminOrders.orders.searchButton")}
          </button>
        </Form>
        {can("orders.export") && (
          <Form
            method="get"
            action="/admin/orders/export.csv"
            reloadDocument
            className="flex flex-wrap items-end gap-2"
            aria-label={t("adminOrders.orders.export")}
          >
            <TextField label={t("adminOrders.orders.from")} name="from" type="date" required defaultValue={exportRange.from} />
            <TextField label={t("adminOrders.orders.to")} name="to" type="date" required defaultValue={exportRange.to} />
            <button type="submit" className={buttonClass({ variant: "secondary" })}>
              {t("adminOrders.orders.exportCsv")}
            </button>
          </Form>
        )}
      </div>

      <Tabs
        label={t("adminOrders.orders.queues")}
        tabs={[...ORDER_QUEUES, "all" as const].map((status) => ({
          to: queueLink(status, query.q),
          label: status === "all" ? t("adminOrders.orders.all") : t(`admin.status.${status}`),
          count: status === "all" ? allCount : (queue.counts[status] ?? 0),
          active: status === query.status,
        }))}
      />

      {queue.rows.length === 0 ? (
        <Card>
          <p className="text-sm text-slate-700">{query.q ? t("adminOrders.orders.noMatch", { q: query.q }) : t("adminOrders.orders.none")}</p>
        </Card>
      ) : (
        <>
          {/* Phones get one card per order; wider screens the table. */}
          <ul className="space-y-3 md:hidden" aria-label={t("adminOrders.orders.title")}>
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
                  {t("adminOrders.orders.usernames", { game: row.gameUsername, discord: row.communityUsername })}
                  {row.isGift && ` · ${t("adminOrders.orders.gift")}`}
                  {row.channel === "manual" && ` · ${t("adminOrders.orders.manual")}`}
                </div>
                <div className="mt-1 flex flex-wrap items-center gap-2 text-xs">
                  {when(row.createdAt)}
                  <Waiting row={row} now={now} />
                </div>
              </li>
            ))}
          </ul>
          <Card className="hidden md:block">
            <Table
              align="top"
              caption={t(query.status === "all" ? "adminOrders.orders.captionAll" : "adminOrders.orders.caption", {
                status: query.status === "all" ? "" : t(`admin.status.${query.status}`),
                page: queue.page,
                pages: queue.pages,
              })}
              columns={[
                t("adminOrders.orders.colOrder"),
                t("adminOrders.orders.colStatus"),
                t("adminOrders.orders.colItems"),
                t("adminOrders.orders.colBuyer"),
                { label: t("adminOrders.orders.colTotal"), className: "text-right" },
                t("adminOrders.orders.colPlaced"),
              ]}
              keys={queue.rows.map((row) => row.id)}
              rows={queue.rows.map((row) => [
                <>
                  {orderLink(row)}
                  {row.isGift && <span className="ml-1 rounded bg-pink-100 px-1 text-xs text-pink-900">{t("adminOrders.orders.gift")}</span>}
                  {row.channel === "manual" && <span className="ml-1 rounded bg-sky-100 px-1 text-xs text-sky-900">{t("adminOrders.orders.manual")}</span>}
                </>,
                <StatusBadge status={row.status} />,
                row.items,
                <>
                  <div>{row.name}</div>
                  <div className="text-xs text-slate-600">{row.email}</div>
                  <div className="text-xs text-slate-600">{t("adminOrders.orders.usernames", { game: row.gameUsername, discord: row.communityUsername })}</div>
                </>,
                <span className="font-medium">{usd(row.totalCents)}</span>,
                <div className="space-y-1 text-xs">
                  <div>{when(row.createdAt)}</div>
                  <Waiting row={row} now={now} />
                </div>,
              ])}
            />
          </Card>
        </>
      )}

      <Pager
        page={queue.page}
        pages={queue.pages}
        href={(page) => queueLink(query.status, query.q, page)}
        total={t("adminOrders.orders.total", { count: queue.total })}
      />
    </>
  );
}

/** Inside the console's frame: a refusal (a role's 403), an unknown id, a request the page cannot read. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
