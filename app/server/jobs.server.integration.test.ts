import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { deliveryPromise } from "~/domain/delivery-promise";
import type { OrderStatusReply } from "~/domain/api/order-status";
import * as ordersRoute from "~/routes/api.orders";
import * as orderStatusRoute from "~/routes/api.order-status";
import { emailOutbox } from "../../db/schema";
import { PAYMENT_DETAILS } from "../../tests/fixtures/orders";
import { testDatabases } from "../../tests/setup/databases";
import { routeContext } from "../../tests/setup/route-context";
import { serverJobs } from "./jobs.server";
import { LATE_ALERT_KIND } from "./orders/late-orders.server";
import { findOrder, markOrderPaid } from "./orders/orders.server";

const HOUR = 3_600_000;

/**
 * Time moves through the services, never by patching a module: the test's clock is `services.now`,
 * which the routes read (placing an order, the status API) and the job runner hands to each job.
 */
for (const target of testDatabases()) {
  describe(`the shop's clock in tests on ${target.name}`, () => {
    let at = new Date("2031-03-02T10:00:00Z");
    const later = (ms: number) => (at = new Date(at.getTime() + ms));
    // PayPal off: orders are manual, and the job that expires them is "expire-unpaid-orders".
    const route = routeContext(target, { now: () => at });

    /** Runs one of the server's jobs once, as the runner would: with the services' clock. */
    async function runJob(name: string) {
      const job = serverJobs(route.services).find((j) => j.name === name);
      if (!job) throw new Error(`no job ${name}`);
      await job.run(route.db, route.services.now);
    }

    async function placeOrder(ip: string): Promise<{ id: string; statusPath: string }> {
      const request = new Request("http://shop.test/api/orders", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ details: PAYMENT_DETAILS, lines: [{ id: "2", quantity: 1 }], couponCode: null, currency: "USD", lang: "en", gift: false }),
      });
      const answer = (await ordersRoute.action(route.args(request, ip) as never)) as {
        data: { order: { id: string; statusPath: string } };
        init: ResponseInit;
      };
      expect(answer.init.status).toBe(201);
      return answer.data.order;
    }

    async function statusOf(statusPath: string) {
      const path = new URL(statusPath, "http://shop.test");
      const request = new Request(`http://shop.test/api/order-status?id=${path.pathname.split("/").at(-1)}&k=${path.searchParams.get("k")}`);
      const answer = (await orderStatusRoute.loader(route.args(request, "192.0.2.90") as never)) as { data: OrderStatusReply };
      if (!answer.data.ok) throw new Error(answer.data.code);
      return answer.data.order;
    }

    it("cancels an unpaid order once the test's clock is 25 hours past it, and not before", async () => {
      const placed = await placeOrder("192.0.2.91");
      expect((await findOrder(route.db, placed.id))?.createdAt).toEqual(at);

      later(23 * HOUR);
      await runJob("expire-unpaid-orders");
      expect((await statusOf(placed.statusPath)).status).toBe("manual_pending");

      later(2 * HOUR);
      await runJob("expire-unpaid-orders");
      const view = await statusOf(placed.statusPath);
      expect(view.status).toBe("cancelled");
      expect(view.serverNow).toBe(at.toISOString());
    });

    it("alerts the seller once a paid order is 24 hours old, and the buyer's page turns late at the same moment", async () => {
      const placed = await placeOrder("192.0.2.92");
      const order = (await findOrder(route.db, placed.id))!;
      const payment = { orderId: order.id, provider: "cash_app", reference: `PAY-${order.id}`, amountCents: order.totalCents, currency: "USD", actor: "test" };
      expect(await markOrderPaid(route.db, route.services.site, payment, route.services.now())).toEqual({ ok: true, alreadyPaid: false });
      const paidAt = at;
      const alerts = () =>
        route.db
          .select()
          .from(emailOutbox)
          .where(and(eq(emailOutbox.orderId, order.id), eq(emailOutbox.kind, LATE_ALERT_KIND)));

      later(24 * HOUR - 60_000);
      await runJob("alert-late-orders");
      expect(await alerts()).toHaveLength(0);
      expect(deliveryPromise(paidAt, new Date((await statusOf(placed.statusPath)).serverNow)).phase).toBe("due");

      later(2 * 60_000);
      await runJob("alert-late-orders");
      await runJob("alert-late-orders");
      const sent = await alerts();
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({ to: route.services.site.sellerEmail, createdAt: at });
      expect(sent[0].text).toContain(`${route.services.site.url}/admin/orders/${order.id}`);
      expect(deliveryPromise(paidAt, new Date((await statusOf(placed.statusPath)).serverNow)).phase).toBe("late");
    });
  });
}
