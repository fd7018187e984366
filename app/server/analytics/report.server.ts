/**
 * The analytics page's figures (issue 31): each chart is one table of numbers (app/domain/seller/
 * analytics.ts), computed in SQL with days cut at the seller's time zone, then grouped by day, week
 * or month. Money follows the dashboard's rule: an order's sale is its total, less what was refunded
 * on it (refund rows less reinstatements, docs/decisions/050), counted on the day it was paid.
 * Titles, columns and word cells follow a ChartView: the page's is the account's language and zone
 * (docs/decisions/055); the CSV's stays English with the shop's zone (machine-read: its headers never move).
 */
import { sql, type SQL } from "drizzle-orm";
import type { TFunction } from "i18next";
import { when } from "~/domain/time-zone";
import type { Lang } from "~/domain/lang";
import { centsToAmountString } from "~/domain/money";
import {
  bucketOf,
  bucketsOf,
  parseRange,
  percent,
  previousRange,
  type ChartId,
  type ChartTable,
  type Range,
  type RangeProblem,
} from "~/domain/seller/analytics";
import { dayIn } from "~/domain/time-zone";
import { consoleT } from "~/i18n/console.server";
import type { Db } from "../platform/db.server";
import { readTimeZone } from "./settings.server";

type Row = Record<string, unknown>;

async function rows<T extends Row>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const num = (value: unknown): number => Number(value ?? 0);

/** How a chart is written: its words' language, and the zone of its moments (null: the shop's, without a mark). */
export interface ChartView {
  lang: Lang;
  timeZone: string | null;
}
/** The CSV's: English and the shop's zone, as before the console spoke three languages. */
export const CSV_VIEW: ChartView = { lang: "en", timeZone: null };

/** The instants the range covers: from the first day's midnight to the day after the last, in `zone`. */
const bounds = (range: Pick<Range, "from" | "to">, zone: string) => ({
  start: sql`((${range.from})::date)::timestamp at time zone ${zone}`,
  end: sql`((${range.to})::date + 1)::timestamp at time zone ${zone}`,
});
const dayOf = (column: SQL, zone: string) => sql`to_char((${column} at time zone ${zone})::date, 'YYYY-MM-DD')`;

/** Net refunded per order (refunds less reinstatements), whenever they happened. */
const NET_REFUNDS = sql`(select order_id, sum(case when kind = 'reinstatement' then -amount_cents else amount_cents end) as cents
  from payments where kind in ('refund', 'reinstatement') group by order_id)`;
/** An order's sale: its total less the net refunded on it (NET_REFUNDS joined as r), never below 0 or above the total. */
const NET_SALE = sql`o.total_cents - least(greatest(coalesce(r.cents, 0), 0), o.total_cents)`;

interface SalesDay {
  day: string;
  orders: number;
  gross: number;
  revenue: number;
}

/** Paid orders per day of payment: how many, their totals, and their totals less refunds. */
async function salesByDay(db: Db, range: Range, zone: string): Promise<SalesDay[]> {
  const { start, end } = bounds(range, zone);
  const found = await rows(
    db,
    sql`select ${dayOf(sql`o.paid_at`, zone)} as day, count(*)::int as orders, coalesce(sum(o.total_cents), 0)::float8 as gross,
      coalesce(sum(${NET_SALE}), 0)::float8 as revenue
      from orders o left join ${NET_REFUNDS} r on r.order_id = o.id
      where o.paid_at >= ${start} and o.paid_at < ${end} group by 1`,
  );
  return found.map((r) => ({ day: String(r.day), orders: num(r.orders), gross: num(r.gross), revenue: num(r.revenue) }));
}

function sumBy<T extends { day: string }>(items: readonly T[], range: Range, pick: (item: T) => number[]): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const bucket of bucketsOf(range)) out.set(bucket, []);
  for (const item of items) {
    const bucket = bucketOf(item.day, range.group);
    const values = pick(item);
    const sums = out.get(bucket);
    if (!sums) continue;
    values.forEach((v, i) => (sums[i] = (sums[i] ?? 0) + v));
  }
  return out;
}

async function salesChart(db: Db, range: Range, zone: string, t: TFunction): Promise<ChartTable> {
  const previous = previousRange(range);
  const [now, before] = await Promise.all([salesByDay(db, range, zone), salesByDay(db, previous, zone)]);
  const current = [...sumBy(now, range, (d) => [d.orders, d.revenue])];
  const earlier = [...sumBy(before, previous, (d) => [d.orders, d.revenue])];
  return {
    id: "sales",
    title: t("adminAnalytics.charts.sales.title"),
    counts: t("adminAnalytics.charts.sales.counts"),
    columns: [
      t("adminAnalytics.columns.period"),
      t("adminAnalytics.columns.paidOrders"),
      t("adminAnalytics.columns.revenue"),
      t("adminAnalytics.columns.averageOrder"),
      t("adminAnalytics.columns.previousRevenue"),
    ],
    rows: current.map(([bucket, [orders = 0, revenue = 0]], i) => [
      bucket,
      orders,
      centsToAmountString(revenue),
      orders > 0 ? centsToAmountString(Math.round(revenue / orders)) : "0.00",
      centsToAmountString(earlier[i]?.[1][1] ?? 0),
    ]),
    plot: [2, 4],
  };
}

async function productsChart(db: Db, range: Range, zone: string, t: TFunction): Promise<ChartTable> {
  const { start, end } = bounds(range, zone);
  const found = await rows(
    db,
    sql`with v as (
        select product_id, sum(views)::int as views from page_views
        where route = '/product/:id' and day >= ${range.from}::date and day <= ${range.to}::date group by product_id),
      o as (
        select i.product_id, count(distinct o.id)::int as created,
          count(distinct o.id) filter (where o.paid_at is not null)::int as paid,
          count(distinct o.id) filter (where o.delivered_at is not null)::int as delivered,
          coalesce(sum(i.quantity) filter (where o.paid_at is not null), 0)::int as units
        from order_items i join orders o on o.id = i.order_id
        where o.created_at >= ${start} and o.created_at < ${end} group by i.product_id)
      select coalesce(o.product_id, v.product_id) as id, coalesce(p.title, coalesce(o.product_id, v.product_id)) as title,
        coalesce(v.views, 0) as views, coalesce(o.created, 0) as created, coalesce(o.paid, 0) as paid,
        coalesce(o.delivered, 0) as delivered, coalesce(o.units, 0) as units
      from o full join v on v.product_id = o.product_id
      left join products p on p.id = coalesce(o.product_id, v.product_id)
      order by paid desc, units desc, views desc, id`,
  );
  return {
    id: "products",
    title: t("adminAnalytics.charts.products.title"),
    counts: t("adminAnalytics.charts.products.counts"),
    columns: [
      t("adminAnalytics.columns.product"),
      t("adminAnalytics.columns.views"),
      t("adminAnalytics.columns.ordersCreated"),
      t("adminAnalytics.columns.paid"),
      t("adminAnalytics.columns.delivered"),
      t("adminAnalytics.columns.unitsSold"),
      t("adminAnalytics.columns.viewsToPaid"),
    ],
    rows: found.map((r) => [
      `${String(r.title)} (${String(r.id)})`,
      num(r.views),
      num(r.created),
      num(r.paid),
      num(r.delivered),
      num(r.units),
      percent(num(r.paid), num(r.views)),
    ]),
    plot: [1, 3],
  };
}

/** Paid orders in the range grouped by `key` (a column expression of orders o and its capture c). */
async function paidBy(db: Db, range: Range, zone: string, key: SQL) {
  const { start, end } = bounds(range, zone);
  return rows(
    db,
    sql`select ${key} as key, count(*)::int as orders,
      coalesce(sum(${NET_SALE}), 0)::float8 as revenue,
      coalesce(sum(o.discount_cents), 0)::float8 as discount
      from orders o left join ${NET_REFUNDS} r on r.order_id = o.id
      left join lateral (select raw from payments where order_id = o.id and kind = 'capture' order by id desc limit 1) c on true
      where o.paid_at >= ${start} and o.paid_at < ${end} group by 1 order by 2 desc, 1`,
  );
}

async function viewsBy(db: Db, range: Range, column: SQL) {
  return rows(
    db,
    sql`select ${column} as key, sum(views)::int as views from page_views
      where day >= ${range.from}::date and day <= ${range.to}::date group by 1 order by 2 desc, 1`,
  );
}

async function languagesChart(db: Db, range: Range, zone: string, t: TFunction): Promise<ChartTable> {
  const [views, paid] = await Promise.all([viewsBy(db, range, sql`lang`), paidBy(db, range, zone, sql`o.lang`)]);
  const langs = [...new Set([...paid.map((r) => String(r.key)), ...views.map((r) => String(r.key))])];
  return {
    id: "languages",
    title: t("adminAnalytics.charts.languages.title"),
    counts: t("adminAnalytics.charts.languages.counts"),
    columns: [
      t("adminAnalytics.columns.language"),
      t("adminAnalytics.columns.pageViews"),
      t("adminAnalytics.columns.paidOrders"),
      t("adminAnalytics.columns.revenue"),
    ],
    rows: langs.map((lang) => {
      const p = paid.find((r) => String(r.key) === lang);
      return [lang, num(views.find((r) => String(r.key) === lang)?.views), num(p?.orders), centsToAmountString(num(p?.revenue))];
    }),
    plot: [1, 2],
  };
}

async function countriesChart(db: Db, range: Range, t: TFunction): Promise<ChartTable> {
  const views = await viewsBy(db, range, sql`country`);
  return {
    id: "countries",
    title: t("adminAnalytics.charts.countries.title"),
    counts: t("adminAnalytics.charts.countries.counts"),
    columns: [t("adminAnalytics.columns.country"), t("adminAnalytics.columns.pageViews")],
    rows: views.map((r) => [String(r.key) || t("adminAnalytics.cells.unknownCountry"), num(r.views)]),
    plot: [1],
  };
}

async function currenciesChart(db: Db, range: Range, zone: string, t: TFunction): Promise<ChartTable> {
  const paid = await paidBy(db, range, zone, sql`o.display_currency`);
  return {
    id: "currencies",
    title: t("adminAnalytics.charts.currencies.title"),
    counts: t("adminAnalytics.charts.currencies.counts"),
    columns: [t("adminAnalytics.columns.currencyShown"), t("adminAnalytics.columns.paidOrders"), t("adminAnalytics.columns.revenue")],
    rows: paid.map((r) => [String(r.key), num(r.orders), centsToAmountString(num(r.revenue))]),
    plot: [1],
  };
}

/** A channel's words by the code the query groups on. */
const CHANNEL_WORDS = {
  manual: "adminAnalytics.cells.manual",
  card: "adminAnalytics.cells.card",
  paypal: "adminAnalytics.cells.paypal",
} as const;

async function channelsChart(db: Db, range: Range, zone: string, t: TFunction): Promise<ChartTable> {
  const paid = await paidBy(
    db,
    range,
    zone,
    sql`case when o.channel = 'manual' then 'manual' when jsonb_exists(coalesce(c.raw -> 'payment_source', '{}'::jsonb), 'card') then 'card' else 'paypal' end`,
  );
  return {
    id: "channels",
    title: t("adminAnalytics.charts.channels.title"),
    counts: t("adminAnalytics.charts.channels.counts"),
    columns: [t("adminAnalytics.columns.channel"), t("adminAnalytics.columns.paidOrders"), t("adminAnalytics.columns.revenue")],
    rows: paid.map((r) => [t(CHANNEL_WORDS[String(r.key) as keyof typeof CHANNEL_WORDS]), num(r.orders), centsToAmountString(num(r.revenue))]),
    plot: [1],
  };
}

async function couponsChart(db: Db, range: Range, zone: string, t: TFunction): Promise<ChartTable> {
  const paid = await paidBy(db, range, zone, sql`(select code from coupons where id = o.coupon_id)`);
  return {
    id: "coupons",
    title: t("adminAnalytics.charts.coupons.title"),
    counts: t("adminAnalytics.charts.coupons.counts"),
    columns: [
      t("adminAnalytics.columns.code"),
      t("adminAnalytics.columns.paidOrders"),
      t("adminAnalytics.columns.revenue"),
      t("adminAnalytics.columns.discountGiven"),
    ],
    rows: paid
      .filter((r) => r.key !== null)
      .map((r) => [String(r.key), num(r.orders), centsToAmountString(num(r.revenue)), centsToAmountString(num(r.discount))]),
    plot: [2, 3],
  };
}

async function refundsChart(db: Db, range: Range, zone: string, t: TFunction): Promise<ChartTable> {
  const { start, end } = bounds(range, zone);
  const [sales, refunds, opened, resolved] = await Promise.all([
    salesByDay(db, range, zone),
    rows(
      db,
      sql`select ${dayOf(sql`created_at`, zone)} as day,
        sum(case when kind = 'reinstatement' then -amount_cents else amount_cents end)::float8 as cents
        from payments where kind in ('refund', 'reinstatement') and status <> 'PENDING'
        and created_at >= ${start} and created_at < ${end} group by 1`,
    ),
    rows(
      db,
      sql`select ${dayOf(sql`created_at`, zone)} as day, count(*)::int as opened,
        coalesce(sum(amount_cents) filter (where status <> 'RESOLVED'), 0)::float8 as held
        from disputes where created_at >= ${start} and created_at < ${end} group by 1`,
    ),
    rows(
      db,
      sql`select ${dayOf(sql`updated_at`, zone)} as day,
        count(*) filter (where outcome = 'RESOLVED_SELLER_FAVOUR')::int as won,
        count(*) filter (where outcome in ('RESOLVED_BUYER_FAVOUR', 'ACCEPTED'))::int as lost
        from disputes where status = 'RESOLVED' and updated_at >= ${start} and updated_at < ${end} group by 1`,
    ),
  ]);
  type Day = { day: string; v: number[] };
  const all: Day[] = [
    ...sales.map((s) => ({ day: s.day, v: [s.gross, 0, s.orders, 0, 0, 0, 0] })),
    ...refunds.map((r) => ({ day: String(r.day), v: [0, num(r.cents), 0, 0, 0, 0, 0] })),
    ...opened.map((r) => ({ day: String(r.day), v: [0, 0, 0, num(r.opened), 0, 0, num(r.held)] })),
    ...resolved.map((r) => ({ day: String(r.day), v: [0, 0, 0, 0, num(r.won), num(r.lost), 0] })),
  ];
  const byBucket = sumBy(all, range, (d) => d.v);
  return {
    id: "refunds",
    title: t("adminAnalytics.charts.refunds.title"),
    counts: t("adminAnalytics.charts.refunds.counts"),
    columns: [
      t("adminAnalytics.columns.period"),
      t("adminAnalytics.columns.sales"),
      t("adminAnalytics.columns.refunded"),
      t("adminAnalytics.columns.refundsPerSales"),
      t("adminAnalytics.columns.disputesOpened"),
      t("adminAnalytics.columns.disputeRate"),
      t("adminAnalytics.columns.won"),
      t("adminAnalytics.columns.lost"),
      t("adminAnalytics.columns.winRate"),
      t("adminAnalytics.columns.stillHeld"),
    ],
    rows: [...byBucket].map(([bucket, [gross = 0, refunded = 0, orders = 0, disputes = 0, won = 0, lost = 0, held = 0]]) => [
      bucket,
      centsToAmountString(gross),
      centsToAmountString(refunded),
      percent(refunded, gross),
      disputes,
      percent(disputes, orders),
      won,
      lost,
      percent(won, won + lost),
      centsToAmountString(held),
    ]),
    plot: [1, 2],
  };
}

async function deliveryChart(db: Db, range: Range, zone: string, t: TFunction): Promise<ChartTable> {
  const { start, end } = bounds(range, zone);
  const found = await rows(
    db,
    sql`select ${dayOf(sql`paid_at`, zone)} as day, count(*)::int as paid,
      count(*) filter (where delivered_at is not null and delivered_at - paid_at <= interval '12 hours')::int as in12,
      count(*) filter (where delivered_at is not null and delivered_at - paid_at <= interval '24 hours')::int as in24,
      count(*) filter (where status in ('paid', 'in_progress'))::int as open
      from orders where paid_at >= ${start} and paid_at < ${end} group by 1`,
  );
  const weeks = { ...range, group: "week" as const };
  const byWeek = sumBy(
    found.map((r) => ({ day: String(r.day), v: [num(r.paid), num(r.in12), num(r.in24), num(r.open)] })),
    weeks,
    (d) => d.v,
  );
  return {
    id: "delivery",
    title: t("adminAnalytics.charts.delivery.title"),
    counts: t("adminAnalytics.charts.delivery.counts"),
    columns: [
      t("adminAnalytics.columns.week"),
      t("adminAnalytics.columns.paidOrders"),
      t("adminAnalytics.columns.deliveredIn12"),
      t("adminAnalytics.columns.deliveredIn24"),
      t("adminAnalytics.columns.within12"),
      t("adminAnalytics.columns.within24"),
      t("adminAnalytics.columns.stillOpen"),
    ],
    rows: [...byWeek].map(([week, [paid = 0, in12 = 0, in24 = 0, open = 0]]) => [week, paid, in12, in24, percent(in12, paid), percent(in24, paid), open]),
    plot: [2, 3],
  };
}

async function slowestChart(db: Db, zone: string, now: Date, t: TFunction, view: ChartView): Promise<ChartTable> {
  const found = await rows(
    db,
    sql`select id, status, to_char(paid_at at time zone ${zone}, 'YYYY-MM-DD HH24:MI') as paid,
      to_char(paid_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as paid_utc,
      floor(extract(epoch from (${now.toISOString()}::timestamptz - paid_at)) / 3600)::int as hours
      from orders where status in ('paid', 'in_progress') and paid_at is not null order by paid_at asc, id limit 10`,
  );
  return {
    id: "slowest",
    title: t("adminAnalytics.charts.slowest.title"),
    counts: t("adminAnalytics.charts.slowest.counts"),
    columns: [
      t("adminAnalytics.columns.order"),
      t("adminAnalytics.columns.status"),
      t("adminAnalytics.columns.paidAt"),
      t("adminAnalytics.columns.waitingHours"),
    ],
    rows: found.map((r) => [
      String(r.id),
      String(r.status) === "in_progress" ? t("adminAnalytics.cells.inProgress") : t("adminAnalytics.cells.paid"),
      // The page: a moment in the account's zone, its offset written (docs/decisions/055); the CSV: the shop's zone, as before.
      view.timeZone === null ? String(r.paid) : when(String(r.paid_utc), view.timeZone),
      num(r.hours),
    ]),
    plot: [3],
  };
}

/** One chart's table; the page (in the account's view) and the CSV route (CSV_VIEW) both call this. */
export async function chartTable(db: Db, id: ChartId, range: Range, zone: string, now: Date, view: ChartView = CSV_VIEW): Promise<ChartTable> {
  const t = consoleT(view.lang);
  switch (id) {
    case "sales":
      return salesChart(db, range, zone, t);
    case "products":
      return productsChart(db, range, zone, t);
    case "languages":
      return languagesChart(db, range, zone, t);
    case "countries":
      return countriesChart(db, range, t);
    case "currencies":
      return currenciesChart(db, range, zone, t);
    case "channels":
      return channelsChart(db, range, zone, t);
    case "coupons":
      return couponsChart(db, range, zone, t);
    case "refunds":
      return refundsChart(db, range, zone, t);
    case "delivery":
      return deliveryChart(db, range, zone, t);
    case "slowest":
      return slowestChart(db, zone, now, t, view);
  }
}

/** The charts a role may see, computed one after the other (the pool is small; they are quick). */
export async function chartTables(db: Db, ids: readonly ChartId[], range: Range, zone: string, now: Date, view: ChartView): Promise<ChartTable[]> {
  const out: ChartTable[] = [];
  for (const id of ids) out.push(await chartTable(db, id, range, zone, now, view));
  return out;
}

/** The range a console request asks for (today is the seller's today), and the zone its days are cut at. */
export async function requestedRange(db: Db, url: URL, now: Date): Promise<{ range: Range; problem: RangeProblem | null; zone: string }> {
  const zone = await readTimeZone(db);
  return { ...parseRange(url.searchParams, dayIn(now, zone)), zone };
}
