/**
 * The analytics page's figures (issue 31): each chart is one table of numbers (app/domain/seller/
 * analytics.ts), computed in SQL with days cut at the seller's time zone, then grouped by day, week
 * or month. Money follows the dashboard's rule: an order's sale is its total, less what was refunded
 * on it (refund rows less reinstatements, docs/decisions/050), counted on the day it was paid.
 */
import { sql, type SQL } from "drizzle-orm";
import { centsToAmountString } from "~/domain/money";
import { bucketOf, bucketsOf, parseRange, percent, previousRange, type ChartId, type ChartTable, type Range } from "~/domain/seller/analytics";
import { dayIn } from "~/domain/time-zone";
import type { Db } from "../platform/db.server";
import { readTimeZone } from "./settings.server";

type Row = Record<string, unknown>;

async function rows<T extends Row>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const num = (value: unknown): number => Number(value ?? 0);

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

async function salesChart(db: Db, range: Range, zone: string): Promise<ChartTable> {
  const previous = previousRange(range);
  const [now, before] = await Promise.all([salesByDay(db, range, zone), salesByDay(db, previous, zone)]);
  const current = [...sumBy(now, range, (d) => [d.orders, d.revenue])];
  const earlier = [...sumBy(before, previous, (d) => [d.orders, d.revenue])];
  return {
    id: "sales",
    title: "Sales",
    counts: "Orders paid in each period (by the day of payment), their totals less what was refunded on them, and the period before the range for comparison.",
    columns: ["Period", "Paid orders", "Revenue (USD)", "Average order (USD)", "Previous period revenue (USD)"],
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

async function productsChart(db: Db, range: Range, zone: string): Promise<ChartTable> {
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
    title: "Products: views to delivery",
    counts:
      "Product page views in the range; orders placed in the range holding the product, how many of them were paid and delivered; units paid for. Sorted by paid orders: the best sellers first.",
    columns: ["Product", "Views", "Orders created", "Paid", "Delivered", "Units sold", "Views → paid"],
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

async function languagesChart(db: Db, range: Range, zone: string): Promise<ChartTable> {
  const [views, paid] = await Promise.all([viewsBy(db, range, sql`lang`), paidBy(db, range, zone, sql`o.lang`)]);
  const langs = [...new Set([...paid.map((r) => String(r.key)), ...views.map((r) => String(r.key))])];
  return {
    id: "languages",
    title: "By language",
    counts: "Storefront page views and paid orders per language the shop was used in.",
    columns: ["Language", "Page views", "Paid orders", "Revenue (USD)"],
    rows: langs.map((lang) => {
      const p = paid.find((r) => String(r.key) === lang);
      return [lang, num(views.find((r) => String(r.key) === lang)?.views), num(p?.orders), centsToAmountString(num(p?.revenue))];
    }),
    plot: [1, 2],
  };
}

async function countriesChart(db: Db, range: Range): Promise<ChartTable> {
  const views = await viewsBy(db, range, sql`country`);
  return {
    id: "countries",
    title: "By country",
    counts: "Storefront page views per visitor country (from the proxy's country header or the shop's geo lookup); orders carry no country.",
    columns: ["Country", "Page views"],
    rows: views.map((r) => [String(r.key) || "Unknown", num(r.views)]),
    plot: [1],
  };
}

async function currenciesChart(db: Db, range: Range, zone: string): Promise<ChartTable> {
  const paid = await paidBy(db, range, zone, sql`o.display_currency`);
  return {
    id: "currencies",
    title: "By currency shown",
    counts: "Paid orders by the currency the buyer saw prices in (everyone pays in US dollars).",
    columns: ["Currency shown", "Paid orders", "Revenue (USD)"],
    rows: paid.map((r) => [String(r.key), num(r.orders), centsToAmountString(num(r.revenue))]),
    plot: [1],
  };
}

async function channelsChart(db: Db, range: Range, zone: string): Promise<ChartTable> {
  const paid = await paidBy(
    db,
    range,
    zone,
    sql`case when o.channel = 'manual' then 'Manual' when jsonb_exists(coalesce(c.raw -> 'payment_source', '{}'::jsonb), 'card') then 'Card through PayPal' else 'PayPal' end`,
  );
  return {
    id: "channels",
    title: "By channel",
    counts: "Paid orders by how they were paid: a PayPal account, a card through PayPal's checkout, or by hand (Discord/WhatsApp).",
    columns: ["Channel", "Paid orders", "Revenue (USD)"],
    rows: paid.map((r) => [String(r.key), num(r.orders), centsToAmountString(num(r.revenue))]),
    plot: [1],
  };
}

async function couponsChart(db: Db, range: Range, zone: string): Promise<ChartTable> {
  const paid = await paidBy(db, range, zone, sql`(select code from coupons where id = o.coupon_id)`);
  return {
    id: "coupons",
    title: "Coupons",
    counts: "Paid orders that used each coupon code, their revenue after refunds, and the discount the code gave.",
    columns: ["Code", "Paid orders", "Revenue (USD)", "Discount given (USD)"],
    rows: paid
      .filter((r) => r.key !== null)
      .map((r) => [String(r.key), num(r.orders), centsToAmountString(num(r.revenue)), centsToAmountString(num(r.discount))]),
    plot: [2, 3],
  };
}

async function refundsChart(db: Db, range: Range, zone: string): Promise<ChartTable> {
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
    title: "Refunds and disputes",
    counts:
      "Sales paid in each period (before refunds); money refunded in it (less chargebacks won back); disputes opened per paid order; disputes resolved won or lost; the amount of disputes opened then and still open.",
    columns: ["Period", "Sales (USD)", "Refunded (USD)", "Refunds / sales", "Disputes opened", "Dispute rate", "Won", "Lost", "Win rate", "Still held (USD)"],
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

async function deliveryChart(db: Db, range: Range, zone: string): Promise<ChartTable> {
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
    title: "Delivery against the promise",
    counts: "Orders paid in each week (weeks start on Monday): how many were delivered within 12 h and within 24 h of payment, and how many are still waiting.",
    columns: ["Week", "Paid orders", "Delivered within 12 h", "Delivered within 24 h", "Within 12 h", "Within 24 h", "Still open"],
    rows: [...byWeek].map(([week, [paid = 0, in12 = 0, in24 = 0, open = 0]]) => [week, paid, in12, in24, percent(in12, paid), percent(in24, paid), open]),
    plot: [2, 3],
  };
}

async function slowestChart(db: Db, zone: string, now: Date): Promise<ChartTable> {
  const found = await rows(
    db,
    sql`select id, status, to_char(paid_at at time zone ${zone}, 'YYYY-MM-DD HH24:MI') as paid,
      floor(extract(epoch from (${now.toISOString()}::timestamptz - paid_at)) / 3600)::int as hours
      from orders where status in ('paid', 'in_progress') and paid_at is not null order by paid_at asc, id limit 10`,
  );
  return {
    id: "slowest",
    title: "Slowest open orders",
    counts: "Paid orders not yet delivered, longest waiting first (hours since payment).",
    columns: ["Order", "Status", "Paid at", "Waiting (hours)"],
    rows: found.map((r) => [String(r.id), String(r.status) === "in_progress" ? "in progress" : "paid", String(r.paid), num(r.hours)]),
    plot: [3],
  };
}

/** One chart's table; the page and the CSV route both call this. */
export async function chartTable(db: Db, id: ChartId, range: Range, zone: string, now: Date): Promise<ChartTable> {
  switch (id) {
    case "sales":
      return salesChart(db, range, zone);
    case "products":
      return productsChart(db, range, zone);
    case "languages":
      return languagesChart(db, range, zone);
    case "countries":
      return countriesChart(db, range);
    case "currencies":
      return currenciesChart(db, range, zone);
    case "channels":
      return channelsChart(db, range, zone);
    case "coupons":
      return couponsChart(db, range, zone);
    case "refunds":
      return refundsChart(db, range, zone);
    case "delivery":
      return deliveryChart(db, range, zone);
    case "slowest":
      return slowestChart(db, zone, now);
  }
}

/** The charts a role may see, computed one after the other (the pool is small; they are quick). */
export async function chartTables(db: Db, ids: readonly ChartId[], range: Range, zone: string, now: Date): Promise<ChartTable[]> {
  const out: ChartTable[] = [];
  for (const id of ids) out.push(await chartTable(db, id, range, zone, now));
  return out;
}

/** The range a console request asks for (today is the seller's today), and the zone its days are cut at. */
export async function requestedRange(db: Db, url: URL, now: Date): Promise<{ range: Range; problem: string | null; zone: string }> {
  const zone = await readTimeZone(db);
  return { ...parseRange(url.searchParams, dayIn(now, zone)), zone };
}
