import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { CHARTS, type ChartTable, type Range } from "~/domain/seller/analytics";
import { disputes, orders, pageViews } from "../../../db/schema";
import { newOrder } from "../../../tests/fixtures/orders";
import { testSite } from "../../../tests/fixtures/site";
import { seededDatabase, testDatabases } from "../../../tests/setup/databases";
import { seedCouponsFromFile } from "../catalogue/seed.server";
import { changeOrderStatus, createOrder, markOrderPaid } from "../orders/orders.server";
import { recordRefund, recordReinstatement } from "../orders/refunds.server";
import type { Db } from "../platform/db.server";
import { chartTable } from "./report.server";

const COUPONS_FILE = new URL("../../../tests/e2e/coupons.json", import.meta.url).pathname;
const NOW = new Date("2026-03-01T12:00:00Z");
const DAY = 86_400_000;
const HOUR = 3_600_000;
const ZONE = "Europe/Paris"; // UTC+1 in winter: the whole range
const LANGS = ["en", "fr", "es"] as const;
const CURRENCIES = ["USD", "EUR", "GBP"] as const;
const CODES = [null, "SAVE10", "FIVEOFF"] as const;
const STATES = ["awaiting_payment", "cancelled", "paid", "in_progress", "delivered", "delivered", "refunded", "partly_refunded", "delivered"] as const;

async function all<T = Record<string, unknown>>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
const n = (v: unknown) => Number(v ?? 0);
const column = (chart: ChartTable, name: string) => chart.columns.indexOf(name);
const total = (chart: ChartTable, name: string) => chart.rows.reduce((sum, row) => sum + Number(row[column(chart, name)]), 0);
const cents = (dollars: number) => Math.round(dollars * 100);

for (const target of testDatabases()) {
  describe(`analytics figures on ${target.name}`, () => {
    const database = seededDatabase(target);
    const db = (): Db => database.db;
    const site = testSite();
    const range: Range = { from: "2025-12-02", to: "2026-03-01", group: "week" };
    const start = sql`('2025-12-02'::date)::timestamp at time zone ${ZONE}`;
    const end = sql`('2026-03-02'::date)::timestamp at time zone ${ZONE}`;
    const chart = (id: (typeof CHARTS)[number], over: Partial<Range> = {}, zone = ZONE) => chartTable(db(), id, { ...range, ...over }, zone, NOW);

    /** 90 days of orders in every state, languages, currencies shown, coupons, refunds, disputes and views; made by the shop, then moved back in time. */
    beforeAll(async () => {
      await seedCouponsFromFile(db(), COUPONS_FILE);
      for (let d = 0; d < 90; d++) {
        const k = d % STATES.length;
        const state = STATES[k];
        const manual = d % 4 === 0;
        const created = await createOrder(
          db(),
          site,
          newOrder({
            buyer: { ...newOrder().buyer, email: `b${d}@example.com`, gameUsername: `G${d}` },
            lines: [{ id: d % 2 ? "1" : "2", quantity: 1 + (d % 3) }],
            lang: LANGS[d % 3],
            currency: CURRENCIES[d % 3],
            couponCode: CODES[d % 5 === 0 ? 1 : d % 7 === 0 ? 2 : 0],
            channel: manual ? "manual" : "paypal",
          }),
          NOW,
        );
        if (!created.ok) throw new Error(created.code);
        const order = created.order;
        if (state === "cancelled") await changeOrderStatus(db(), site, order.id, "cancelled", "seller:test", null, NOW);
        if (state !== "awaiting_payment" && state !== "cancelled") {
          const capture = manual ? null : { payment_source: d % 3 === 0 ? { card: { last_digits: "1111" } } : { paypal: {} } };
          const paid = await markOrderPaid(
            db(),
            site,
            {
              orderId: order.id,
              provider: manual ? "crypto" : "paypal",
              reference: `CAP-${randomUUID()}`,
              amountCents: order.totalCents,
              currency: "USD",
              raw: capture,
              actor: "test",
            },
            NOW,
          );
          if (!paid.ok) throw new Error(paid.code);
          if (["in_progress", "delivered"].includes(state)) await changeOrderStatus(db(), site, order.id, "in_progress", "seller:test", null, NOW);
          if (state === "delivered") await changeOrderStatus(db(), site, order.id, "delivered", "seller:test", null, NOW);
          if (state === "refunded" || state === "partly_refunded") {
            const amount = state === "refunded" ? order.totalCents : 1000;
            // One refunded order is a chargeback PayPal reversed and then gave back (the seller won).
            const chargebackWon = d === 6;
            const refund = await recordRefund(
              db(),
              site,
              {
                orderId: order.id,
                amountCents: amount,
                reference: `R-${randomUUID()}`,
                cause: chargebackWon ? "reversal" : "console",
                actor: "test",
                note: null,
              },
              NOW,
            );
            if (!refund.ok) throw new Error(refund.code);
            if (chargebackWon) {
              const back = await recordReinstatement(db(), { orderId: order.id, amountCents: amount, reference: `won-${d}`, actor: "test", note: "won" }, NOW);
              if (!back.ok) throw new Error(back.code);
            }
          }
        }
        // Back in time: placed d days ago at 23:30 UTC (the next day in Paris), paid 10 min later, delivered after 5, 15 or 30 h.
        const placed = new Date(Date.UTC(2026, 2, 1, 23, 30) - (d + 1) * DAY);
        const paidAt = new Date(placed.getTime() + 10 * 60_000);
        const deliveredAt = new Date(paidAt.getTime() + [5, 15, 30][d % 3] * HOUR);
        await db().update(orders).set({ createdAt: placed, updatedAt: placed }).where(eq(orders.id, order.id));
        await db().execute(sql`update orders set paid_at = ${paidAt.toISOString()}::timestamptz where id = ${order.id} and paid_at is not null`);
        await db().execute(sql`update orders set delivered_at = ${deliveredAt.toISOString()}::timestamptz where id = ${order.id} and delivered_at is not null`);
        await db().execute(
          sql`update payments set created_at = ${new Date(paidAt.getTime() + 2 * DAY).toISOString()}::timestamptz where order_id = ${order.id} and kind = 'refund'`,
        );
        await db().execute(
          sql`update payments set created_at = ${new Date(paidAt.getTime() + 4 * DAY).toISOString()}::timestamptz where order_id = ${order.id} and kind = 'reinstatement'`,
        );
        if (d % 10 === 3 && state !== "awaiting_payment" && state !== "cancelled") {
          const outcome = d % 20 === 3 ? "RESOLVED_SELLER_FAVOUR" : d % 30 === 13 ? "RESOLVED_BUYER_FAVOUR" : null;
          await db()
            .insert(disputes)
            .values({
              id: `PP-D-${d}`,
              orderId: order.id,
              status: outcome ? "RESOLVED" : "WAITING_FOR_SELLER_RESPONSE",
              outcome,
              amountCents: order.totalCents,
              currency: "USD",
              createdAt: new Date(paidAt.getTime() + DAY),
              updatedAt: new Date(paidAt.getTime() + 3 * DAY),
            });
        }
      }
      // Page views as the counter would have written them.
      for (let d = 0; d < 60; d += 3) {
        const day = new Date(NOW.getTime() - d * DAY).toISOString().slice(0, 10);
        await db()
          .insert(pageViews)
          .values([
            { day, route: "/product/:id", productId: "1", lang: "fr", country: "FR", referrerDomain: "google.com", deviceClass: "mobile", views: 7 },
            { day, route: "/product/:id", productId: "2", lang: "en", country: "", referrerDomain: "", deviceClass: "desktop", views: 11 },
            { day, route: "/", productId: "", lang: "es", country: "ES", referrerDomain: "discord.com", deviceClass: "desktop", views: 5 },
          ]);
      }
    }, 120_000);

    it("sales: every period's paid orders and revenue equal an independent query, and the previous period too", async () => {
      for (const group of ["day", "week", "month"] as const) {
        const sales = await chart("sales", { group });
        const [expected] = await all(
          db(),
          sql`select count(*) as n, sum(total_cents - least(greatest(coalesce((select sum(case when kind = 'reinstatement' then -amount_cents else amount_cents end)
            from payments p where p.order_id = o.id and p.kind in ('refund', 'reinstatement')), 0), 0), total_cents)) as revenue
            from orders o where paid_at >= ${start} and paid_at < ${end}`,
        );
        expect(total(sales, "Paid orders"), group).toBe(n(expected.n));
        expect(cents(total(sales, "Revenue (USD)")), group).toBe(n(expected.revenue));
        expect(n(expected.n)).toBeGreaterThan(40);
      }
      const byDay = await chart("sales", { group: "day" });
      for (const row of byDay.rows.filter((_, i) => i % 9 === 0)) {
        const [expected] = await all(
          db(),
          sql`select count(*) as n from orders where paid_at is not null and (paid_at at time zone ${ZONE})::date = ${row[0]}::date`,
        );
        expect(row[1], String(row[0])).toBe(n(expected.n));
      }
      // Nothing was paid in the 90 days before the range.
      expect(total(byDay, "Previous period revenue (USD)")).toBe(0);
    });

    it("cuts days at the seller's time zone: an order paid at 23:40 UTC lands on the next day in UTC+1", async () => {
      const utc = await chart("sales", { group: "day", from: "2026-02-26", to: "2026-02-27" }, "UTC");
      const paris = await chart("sales", { group: "day", from: "2026-02-26", to: "2026-02-27" }, ZONE);
      const [paidLate26] = await all(db(), sql`select count(*) as n from orders where paid_at >= '2026-02-26T23:00:00Z' and paid_at < '2026-02-27T00:00:00Z'`);
      const [paid27] = await all(db(), sql`select count(*) as n from orders where paid_at >= '2026-02-27T00:00:00Z' and paid_at < '2026-02-28T00:00:00Z'`);
      expect([n(paidLate26.n), n(paid27.n)]).toEqual([1, 0]);
      expect(utc.rows.find((r) => r[0] === "2026-02-26")?.[1]).toBe(1);
      expect(utc.rows.find((r) => r[0] === "2026-02-27")?.[1]).toBe(0);
      // In Paris (UTC+1) the 23:40 UTC payment is on the 27th.
      expect(paris.rows.find((r) => r[0] === "2026-02-27")?.[1]).toBe(1);
    });

    it("products: views, orders created, paid and delivered per product equal independent queries", async () => {
      const products = await chart("products");
      for (const id of ["1", "2"]) {
        const row = products.rows.find((r) => String(r[0]).endsWith(`(${id})`))!;
        const [views] = await all(db(), sql`select sum(views) as n from page_views where product_id = ${id} and day between '2025-12-02' and '2026-03-01'`);
        const [made] = await all(
          db(),
          sql`select count(*) as created, count(paid_at) as paid, count(delivered_at) as delivered from orders o
            where created_at >= ${start} and created_at < ${end} and exists (select 1 from order_items i where i.order_id = o.id and i.product_id = ${id})`,
        );
        expect(row.slice(1, 5)).toEqual([n(views.n), n(made.created), n(made.paid), n(made.delivered)]);
      }
    });

    it("languages, countries, currencies, channels and coupons equal independent queries", async () => {
      const paidIn = sql`paid_at >= ${start} and paid_at < ${end}`;
      const languages = await chart("languages");
      for (const lang of LANGS) {
        const [o] = await all(db(), sql`select count(*) as n from orders where ${paidIn} and lang = ${lang}`);
        const [v] = await all(
          db(),
          sql`select coalesce(sum(views), 0) as n from page_views where lang = ${lang} and day between '2025-12-02' and '2026-03-01'`,
        );
        expect(languages.rows.find((r) => r[0] === lang)?.slice(1, 3), lang).toEqual([n(v.n), n(o.n)]);
      }
      const countries = await chart("countries");
      expect(countries.rows.find((r) => r[0] === "FR")?.[1]).toBe(7 * 20);
      expect(countries.rows.find((r) => r[0] === "Unknown")?.[1]).toBe(11 * 20);
      const currencies = await chart("currencies");
      for (const currency of CURRENCIES) {
        const [o] = await all(db(), sql`select count(*) as n from orders where ${paidIn} and display_currency = ${currency}`);
        expect(currencies.rows.find((r) => r[0] === currency)?.[1], currency).toBe(n(o.n));
      }
      const channels = await chart("channels");
      const [manual] = await all(db(), sql`select count(*) as n from orders where ${paidIn} and channel = 'manual'`);
      const [card] = await all(
        db(),
        sql`select count(*) as n from orders o join payments p on p.order_id = o.id and p.kind = 'capture' where ${paidIn} and o.channel = 'paypal' and p.raw::text like '%"card"%'`,
      );
      expect(channels.rows.find((r) => r[0] === "Manual")?.[1]).toBe(n(manual.n));
      expect(channels.rows.find((r) => r[0] === "Card through PayPal")?.[1]).toBe(n(card.n));
      const coupons = await chart("coupons");
      for (const code of ["SAVE10", "FIVEOFF"]) {
        const [o] = await all(
          db(),
          sql`select count(*) as n, sum(discount_cents) as discount from orders o join coupons c on c.id = o.coupon_id where ${paidIn} and c.code = ${code}`,
        );
        const row = coupons.rows.find((r) => r[0] === code)!;
        expect([row[1], cents(Number(row[3]))], code).toEqual([n(o.n), n(o.discount)]);
        expect(n(o.n)).toBeGreaterThan(0);
      }
    });

    it("refunds and disputes equal independent queries", async () => {
      const refunds = await chart("refunds");
      const [r] = await all(
        db(),
        sql`select sum(amount_cents) filter (where kind = 'refund') as refunded, sum(amount_cents) filter (where kind = 'reinstatement') as reinstated
          from payments where status <> 'PENDING' and created_at >= ${start} and created_at < ${end}`,
      );
      // A chargeback won gives its money back: the refunded figure is net of it.
      expect(n(r.reinstated)).toBeGreaterThan(0);
      expect(cents(total(refunds, "Refunded (USD)"))).toBe(n(r.refunded) - n(r.reinstated));
      const [dd] = await all(
        db(),
        sql`select count(*) as opened, count(*) filter (where outcome = 'RESOLVED_SELLER_FAVOUR') as won, count(*) filter (where outcome = 'RESOLVED_BUYER_FAVOUR') as lost,
          coalesce(sum(amount_cents) filter (where status <> 'RESOLVED'), 0) as held from disputes where created_at >= ${start} and created_at < ${end}`,
      );
      expect(total(refunds, "Disputes opened")).toBe(n(dd.opened));
      expect(total(refunds, "Won")).toBe(n(dd.won));
      expect(total(refunds, "Lost")).toBe(n(dd.lost));
      expect(cents(total(refunds, "Still held (USD)"))).toBe(n(dd.held));
      expect(n(dd.won)).toBeGreaterThan(0);
    });

    it("delivery: the share within 12 h and 24 h per week equals an independent query; the slowest open ones come first", async () => {
      const delivery = await chart("delivery", { group: "day" });
      const [dl] = await all(
        db(),
        sql`select count(*) as paid, count(*) filter (where delivered_at <= paid_at + interval '12 hours') as in12,
          count(*) filter (where delivered_at <= paid_at + interval '24 hours') as in24 from orders where paid_at >= ${start} and paid_at < ${end}`,
      );
      expect([total(delivery, "Paid orders"), total(delivery, "Delivered within 12 h"), total(delivery, "Delivered within 24 h")]).toEqual([
        n(dl.paid),
        n(dl.in12),
        n(dl.in24),
      ]);
      expect(delivery.rows.every((row) => new Date(`${row[0]}T00:00:00Z`).getUTCDay() === 1)).toBe(true); // weeks start on Monday
      const slowest = await chart("slowest");
      const open = await all<{ id: string }>(db(), sql`select id from orders where status in ('paid', 'in_progress') order by paid_at limit 10`);
      expect(slowest.rows.map((r) => r[0])).toEqual(open.map((o) => o.id));
    });

    it("speaks the account's language on the page, with its moments in the account's zone; the CSV's view stays English", async () => {
      const page = await chartTable(db(), "channels", range, ZONE, NOW, { lang: "fr", timeZone: "America/New_York" });
      const csv = await chart("channels");
      expect(page.title).toBe("Par canal");
      expect(page.columns).toEqual(["Canal", "Commandes payées", "Chiffre d'affaires (USD)"]);
      expect(csv.columns).toEqual(["Channel", "Paid orders", "Revenue (USD)"]);
      // The same figures, only the words differ.
      expect(page.rows.map((r) => r.slice(1))).toEqual(csv.rows.map((r) => r.slice(1)));
      expect(page.rows.map((r) => r[0])).toContain("Manuel");
      expect(csv.rows.map((r) => r[0])).toContain("Manual");
      const slowFr = await chartTable(db(), "slowest", range, ZONE, NOW, { lang: "fr", timeZone: "America/New_York" });
      const slowCsv = await chart("slowest");
      expect(slowFr.rows.length).toBeGreaterThan(0);
      for (const [i, row] of slowFr.rows.entries()) {
        // The CSV: Paris wall clock, unmarked (UTC+1); the page: New York's, its offset written (UTC−5).
        const paris = Date.parse(`${String(slowCsv.rows[i][2]).replace(" ", "T")}:00+01:00`);
        expect(row[2]).toBe(`${new Date(paris - 5 * HOUR).toISOString().slice(0, 16).replace("T", " ")} UTC−5`);
        expect(["payée", "en cours"]).toContain(row[1]);
      }
    });
  });
}
