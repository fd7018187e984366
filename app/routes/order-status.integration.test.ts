import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orderPageViews, orders } from "../../db/schema";
import { newOrder } from "../../tests/fixtures/orders";
import { routeContext } from "../../tests/setup/route-context";
import { testDatabases } from "../../tests/setup/databases";
import type { OrderStatusReply } from "~/domain/api/order-status";
import { orderAccessKey, orderStatusPath } from "~/server/orders/links.server";
import { changeOrderStatus, createOrder, markOrderPaid, type NewOrder } from "~/server/orders/orders.server";
import type { Db } from "~/server/platform/db.server";
import { buyerHandoffView } from "~/server/login-handoff/buyer.server";
import { buyerReportsView } from "~/server/problem-reports/reports.server";
import { loader as apiLoader } from "./api.order-status";
import { loader, PRIVATE_PAGE_HEADERS } from "./order-status";
import { TEST_SITE } from "../../tests/fixtures/site";

/** The status of a thrown or returned data()/Response. */
const statusOf = (value: unknown) => (value instanceof Response ? value.status : ((value as { init?: { status?: number } }).init?.status ?? 200));

async function placeOrder(db: Db, over: Partial<NewOrder> = {}, now = new Date()) {
  const created = await createOrder(db, TEST_SITE, newOrder(over), now);
  if (!created.ok) throw new Error(created.code);
  return created.order;
}

async function pay(db: Db, id: string, totalCents: number, now = new Date()) {
  expect(
    await markOrderPaid(
      db,
      TEST_SITE,
      { orderId: id, provider: "paypal", reference: `CAP-${id}`, amountCents: totalCents, currency: "USD", actor: "test" },
      now,
    ),
  ).toMatchObject({ ok: true });
}

/** Paid → in progress → delivered, as the seller moves it. */
async function deliver(db: Db, id: string) {
  for (const status of ["in_progress", "delivered"] as const)
    expect((await changeOrderStatus(db, TEST_SITE, id, status, "seller", null, new Date())).ok).toBe(true);
}

for (const target of testDatabases()) {
  describe(`order-status page on ${target.name}`, () => {
    const route = routeContext(target);
    const open = (id: string, key?: string, prefix = "") => {
      const url = `http://shop.test${prefix}/order/${encodeURIComponent(id)}${key === undefined ? "" : `?k=${encodeURIComponent(key)}`}`;
      return loader({ ...route.args(new Request(url), "192.0.2.50"), params: { id } } as Parameters<typeof loader>[0]);
    };
    /** The loader's refusal: it throws a 404, whatever the reason. */
    const refusal = async (id: string, key?: string) =>
      statusOf(
        await open(id, key).then(
          () => ({ init: { status: 200 } }),
          (thrown: unknown) => thrown,
        ),
      );

    it("opens with the order's own key and shows the buyer what they ordered and paid, never their email", async () => {
      const order = await placeOrder(route.db, { currency: "EUR", lang: "fr" });
      const { order: view } = await open(order.id, orderAccessKey(TEST_SITE.keys, order.id), "/fr");
      expect(view).toMatchObject({
        id: order.id,
        status: "awaiting_payment",
        channel: "paypal",
        name: "Sam",
        isGift: false,
        recipient: null,
        items: [{ productId: "2", quantity: 1, unitPriceCents: 5499, isFree: false }],
        totalCents: 5499,
        estimate: { currency: "EUR", cents: Math.round(5499 * 0.92) },
        paidAt: null,
        sellerNote: null,
      });
      expect(view.timeline.map((s) => [s.key, s.state])).toEqual([
        ["received", "current"],
        ["paid", "upcoming"],
        ["in_progress", "upcoming"],
        ["delivered", "upcoming"],
      ]);
      expect(JSON.stringify(view)).not.toContain("buyer@example.com");
      expect(JSON.stringify(view)).not.toContain("sam#0001");
    });

    it("a gift shows its recipient's game username", async () => {
      const order = await placeOrder(route.db, { isGift: true, lines: [{ id: "king-kong-ultra-gift", quantity: 1 }] });
      const { order: view } = await open(order.id, orderAccessKey(TEST_SITE.keys, order.id));
      expect(view).toMatchObject({ isGift: true, recipient: "SamGame" });
    });

    it("follows the order: paid with its time, then in progress, then delivered with the seller's note", async () => {
      const placed = new Date(Date.now() - 60 * 60_000);
      const order = await placeOrder(route.db, {}, placed);
      const paidAt = new Date(placed.getTime() + 5 * 60_000);
      await pay(route.db, order.id, order.totalCents, paidAt);
      let view = (await open(order.id, orderAccessKey(TEST_SITE.keys, order.id))).order;
      expect(view).toMatchObject({ status: "paid", paidAt: paidAt.toISOString() });
      expect(view.timeline.slice(0, 2)).toEqual([
        { key: "received", at: placed.toISOString(), state: "done" },
        { key: "paid", at: paidAt.toISOString(), state: "current" },
      ]);
      expect((await changeOrderStatus(route.db, TEST_SITE, order.id, "in_progress", "seller", null, new Date())).ok).toBe(true);
      expect((await open(order.id, orderAccessKey(TEST_SITE.keys, order.id))).order.status).toBe("in_progress");
      await route.db.update(orders).set({ sellerNote: "Sent to SamGame, enjoy!" }).where(eq(orders.id, order.id));
      expect((await changeOrderStatus(route.db, TEST_SITE, order.id, "delivered", "seller", null, new Date())).ok).toBe(true);
      view = (await open(order.id, orderAccessKey(TEST_SITE.keys, order.id))).order;
      expect(view).toMatchObject({ status: "delivered", sellerNote: "Sent to SamGame, enjoy!" });
      expect(view.timeline.every((s) => s.state === "done" && s.at !== null)).toBe(true);
    });

    it("reads the order once for the whole page: its login hand-off and problem reports are those their own reads give", async () => {
      const unpaid = await placeOrder(route.db);
      const paid = await placeOrder(route.db);
      await pay(route.db, paid.id, paid.totalCents);
      const gift = await placeOrder(route.db, { isGift: true, lines: [{ id: "king-kong-ultra-gift", quantity: 1 }] });
      await pay(route.db, gift.id, gift.totalCents);
      await deliver(route.db, gift.id);
      const stages: Record<string, string | undefined> = {};
      for (const order of [unpaid, paid, gift]) {
        const page = await open(order.id, orderAccessKey(TEST_SITE.keys, order.id));
        const now = new Date();
        expect(page.loginHandoff).toEqual(await buyerHandoffView(route.db, order.id, now));
        expect(page.reports).toEqual(await buyerReportsView(route.db, order.id, now));
        stages[order.id] = page.loginHandoff?.stage;
      }
      // The three states differ, so a part fed the wrong order's facts would show.
      expect([stages[unpaid.id], stages[paid.id], stages[gift.id]]).toEqual(["unpaid", "open", "not_needed"]);
      const giftPage = await open(gift.id, orderAccessKey(TEST_SITE.keys, gift.id));
      expect(giftPage.reports?.facts.deliveredAt).not.toBeNull();
      expect(giftPage.reports?.warrantyEndsAt).not.toBeNull();
    });

    it("records the buyer's visits after delivery only, one per ten minutes (dispute evidence)", async () => {
      const order = await placeOrder(route.db);
      await pay(route.db, order.id, order.totalCents);
      const key = orderAccessKey(TEST_SITE.keys, order.id);
      const visits = async () => (await route.db.select().from(orderPageViews).where(eq(orderPageViews.orderId, order.id))).length;
      await open(order.id, key);
      expect(await visits()).toBe(0);
      await deliver(route.db, order.id);
      await open(order.id, key);
      await open(order.id, key);
      expect(await visits()).toBe(1);
    });

    it("answers the same 404 without a key, with a wrong key, with another order's key and for an unknown order", async () => {
      const order = await placeOrder(route.db);
      const other = await placeOrder(route.db);
      const unknown = "ORD200101000000-ZZZZ";
      const key = orderAccessKey(TEST_SITE.keys, order.id);
      expect(await refusal(order.id)).toBe(404);
      expect(await refusal(order.id, "")).toBe(404);
      expect(await refusal(order.id, `${key.slice(0, -1)}${key.endsWith("A") ? "B" : "A"}`)).toBe(404);
      expect(await refusal(order.id, orderAccessKey(TEST_SITE.keys, other.id))).toBe(404);
      expect(await refusal(unknown, orderAccessKey(TEST_SITE.keys, unknown))).toBe(404);
      expect(await refusal("not-an-order", key)).toBe(404);
      expect(await refusal(order.id, key)).toBe(200);
    });

    it("keeps the key to itself: no caching, no indexing, only the origin as referrer", () => {
      expect(PRIVATE_PAGE_HEADERS).toEqual({ "Referrer-Policy": "strict-origin", "X-Robots-Tag": "noindex, nofollow", "Cache-Control": "private, no-store" });
    });

    it("the emailed path opens the page in the order's language", async () => {
      const order = await placeOrder(route.db, { lang: "es" });
      const path = new URL(orderStatusPath(TEST_SITE.keys, order.id, "es"), "http://shop.test");
      expect(path.pathname).toBe(`/es/order/${order.id}`);
      expect((await open(order.id, path.searchParams.get("k") ?? "", "/es")).order.id).toBe(order.id);
    });

    describe("GET /api/order-status (the page's poll)", () => {
      const poll = async (query: Record<string, string>) => {
        const url = `http://shop.test/api/order-status?${new URLSearchParams(query).toString()}`;
        const result = await apiLoader({ ...route.args(new Request(url), "192.0.2.51"), params: {} } as Parameters<typeof apiLoader>[0]);
        return { status: statusOf(result), body: (result as unknown as { data: OrderStatusReply }).data };
      };

      it("answers the page's view for the right key", async () => {
        const order = await placeOrder(route.db);
        const { status, body } = await poll({ id: order.id, k: orderAccessKey(TEST_SITE.keys, order.id) });
        expect(status).toBe(200);
        expect(body).toMatchObject({ ok: true, order: { id: order.id, status: "awaiting_payment" } });
      });

      it("answers the same 404 for a wrong key, another order's key, an unknown id or nothing", async () => {
        const order = await placeOrder(route.db);
        const other = await placeOrder(route.db);
        const expected = { status: 404, body: { ok: false, code: "order_not_found", vars: {} } };
        expect(await poll({ id: order.id, k: "nope" })).toEqual(expected);
        expect(await poll({ id: order.id, k: orderAccessKey(TEST_SITE.keys, other.id) })).toEqual(expected);
        expect(await poll({ id: "ORD200101000000-ZZZZ", k: orderAccessKey(TEST_SITE.keys, "ORD200101000000-ZZZZ") })).toEqual(expected);
        expect(await poll({})).toEqual(expected);
      });
    });
  });
}
