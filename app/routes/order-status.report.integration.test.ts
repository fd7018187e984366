import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { problemReports } from "../../db/schema";
import { newOrder } from "../../tests/fixtures/orders";
import { routeContext } from "../../tests/setup/route-context";
import { testDatabases } from "../../tests/setup/databases";
import { orderAccessKey } from "~/server/orders/links.server";
import { createOrder, markOrderPaid } from "~/server/orders/orders.server";
import { action, loader } from "./order-status";
import { TEST_SITE } from "../../tests/fixtures/site";

/** The buyer's "Report a problem" form as a browser without JavaScript posts it to the order page. */
for (const target of testDatabases()) {
  describe(`reporting a problem from the order page on ${target.name}`, () => {
    const route = routeContext(target);

    async function paidOrder() {
      const created = await createOrder(route.db, TEST_SITE, newOrder(), new Date());
      if (!created.ok) throw new Error(created.code);
      const id = created.order.id;
      await markOrderPaid(
        route.db,
        TEST_SITE,
        {
          orderId: id,
          provider: "paypal",
          reference: `CAP-${id}`,
          amountCents: created.order.totalCents,
          currency: "USD",
          actor: "test",
        },
        new Date(),
      );
      return id;
    }
    const post = (id: string, fields: Record<string, string>, ip: string, key = orderAccessKey(TEST_SITE.keys, id)) => {
      const request = new Request(`http://shop.test/order/${id}?k=${encodeURIComponent(key)}`, { method: "POST", body: new URLSearchParams(fields) });
      return action({ ...route.args(request, ip), params: { id } } as Parameters<typeof action>[0]);
    };
    const bodyOf = (value: unknown) => (value as { data: { report: { errors: object; formError: string | null } } }).data.report;
    const statusOf = (value: unknown) => (value instanceof Response ? value.status : ((value as { init?: { status?: number } }).init?.status ?? 200));

    it("stores a report and redirects back to the page (303), where the thread shows it", async () => {
      const id = await paidOrder();
      const answer = await post(id, { intent: "report", reason: "charged_twice", message: "I was charged twice" }, "192.0.2.10");
      expect(answer).toBeInstanceOf(Response);
      expect((answer as Response).status).toBe(303);
      expect((answer as Response).headers.get("Location")).toBe(`/order/${id}?k=${encodeURIComponent(orderAccessKey(TEST_SITE.keys, id))}&reported=1#report`);
      const page = await loader({
        ...route.args(new Request(`http://shop.test/order/${id}?k=${orderAccessKey(TEST_SITE.keys, id)}`), "192.0.2.10"),
        params: { id },
      } as Parameters<typeof loader>[0]);
      expect(page.reports?.reports[0]).toMatchObject({ reason: "charged_twice", status: "open", entries: [{ author: "buyer", body: "I was charged twice" }] });
    });

    it("answers a bad form with codes per field, a reason that does not apply with a clear refusal, and a wrong key with 404", async () => {
      const id = await paidOrder();
      const empty = await post(id, { intent: "report", reason: "", message: "  " }, "192.0.2.11");
      expect(statusOf(empty)).toBe(422);
      expect(bodyOf(empty).errors).toEqual({ reason: "report_reason_required", message: "report_message_required" });
      // Paid a moment ago: the 24-hour promise still runs, so "not received" is not offered and is refused.
      const early = await post(id, { intent: "report", reason: "not_received", message: "Where is it?" }, "192.0.2.11");
      expect(statusOf(early)).toBe(409);
      expect(bodyOf(early).formError).toBe("report_reason_unavailable");
      expect(await route.db.select().from(problemReports).where(eq(problemReports.orderId, id))).toEqual([]);
      const forged = await post(id, { intent: "report", reason: "other", message: "hi" }, "192.0.2.11", "not-the-key").catch((thrown: unknown) => thrown);
      expect(statusOf(forged)).toBe(404);
    });

    it("is rate-limited per client, with Retry-After", async () => {
      const id = await paidOrder();
      let last: unknown;
      for (let i = 0; i < 11; i++) last = await post(id, { intent: "report_reply", message: `message ${i}` }, "192.0.2.12");
      expect(statusOf(last)).toBe(429);
      expect(bodyOf(last).formError).toBe("rate_limited");
    });
  });
}
