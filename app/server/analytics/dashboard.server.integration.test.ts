import { describe, expect, it } from "vitest";
import { emailOutbox, paymentEvents, payments } from "../../../db/schema";
import { newOrder } from "../../../tests/fixtures/orders";
import { seededDatabase, testDatabases } from "../../../tests/setup/databases";
import { changeOrderStatus, createOrder, markOrderPaid } from "../orders/orders.server";
import { loadDashboard } from "./dashboard.server";
import { TEST_SITE } from "../../../tests/fixtures/site";

// Wednesday 2026-03-11 15:00 UTC: the week began on Monday the 9th, the month on the 1st.
const NOW = new Date("2026-03-11T15:00:00Z");
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3_600_000);

for (const target of testDatabases()) {
  describe(`seller dashboard on ${target.name}`, () => {
    const database = seededDatabase(target);

    /** An order of product 2 ($54.99) paid at `paidAt`. */
    async function paidOrder(paidAt: Date): Promise<string> {
      const created = await createOrder(database.db, TEST_SITE, newOrder(), new Date(paidAt.getTime() - 60_000));
      if (!created.ok) throw new Error("order refused");
      const paid = await markOrderPaid(
        database.db,
        TEST_SITE,
        { orderId: created.order.id, provider: "paypal", reference: `CAP-${created.order.id}`, amountCents: 5499, currency: "USD", actor: "test" },
        paidAt,
      );
      expect(paid).toMatchObject({ ok: true });
      return created.order.id;
    }

    it("starts empty", async () => {
      const board = await loadDashboard(database.db, NOW);
      expect(board.sales.day).toEqual({ paidOrders: 0, revenueCents: 0, refundedCents: 0 });
      expect(board.waiting).toEqual({ over12h: 0, over24h: 0, oldest: [] });
      expect(board.lastWebhook).toBeNull();
    });

    it("sums paid orders and revenue today, this week and this month, less refunds", async () => {
      await paidOrder(hoursAgo(2)); // today
      const refunded = await paidOrder(hoursAgo(14)); // today (01:00)
      await paidOrder(new Date("2026-03-09T08:00:00Z")); // Monday: this week
      await paidOrder(new Date("2026-03-02T08:00:00Z")); // last week, this month
      await paidOrder(new Date("2026-02-27T08:00:00Z")); // last month
      await createOrder(database.db, TEST_SITE, newOrder(), hoursAgo(1)); // never paid: not a sale
      await database.db.insert(payments).values({ orderId: refunded, kind: "refund", providerRef: "REF-1", status: "COMPLETED", amountCents: 1000 });

      const { sales } = await loadDashboard(database.db, NOW);
      expect(sales.day).toEqual({ paidOrders: 2, revenueCents: 2 * 5499 - 1000, refundedCents: 1000 });
      expect(sales.week).toEqual({ paidOrders: 3, revenueCents: 3 * 5499 - 1000, refundedCents: 1000 });
      expect(sales.month).toEqual({ paidOrders: 4, revenueCents: 4 * 5499 - 1000, refundedCents: 1000 });
    });

    it("counts orders waiting past 12 h and 24 h since payment, oldest first, until delivered", async () => {
      const board = await loadDashboard(database.db, NOW);
      // Paid 14 h ago, on Monday, on the 2nd and in February: all four still owed to their buyers.
      expect(board.waiting.over12h).toBe(4);
      expect(board.waiting.over24h).toBe(3);
      expect(board.waiting.oldest.map((o) => o.paidAt.toISOString())).toEqual([
        "2026-02-27T08:00:00.000Z",
        "2026-03-02T08:00:00.000Z",
        "2026-03-09T08:00:00.000Z",
        hoursAgo(14).toISOString(),
      ]);
      const oldest = board.waiting.oldest[0].id;
      await changeOrderStatus(database.db, TEST_SITE, oldest, "in_progress", "seller", null, new Date());
      expect((await loadDashboard(database.db, NOW)).waiting.over24h).toBe(3);
      await changeOrderStatus(database.db, TEST_SITE, oldest, "delivered", "seller", null, new Date());
      expect((await loadDashboard(database.db, NOW)).waiting).toMatchObject({ over12h: 3, over24h: 2 });
    });

    it("shows the last webhook and the outbox's health", async () => {
      await database.db.insert(paymentEvents).values([
        { id: "WH-1", type: "PAYMENT.CAPTURE.COMPLETED", payload: {}, receivedAt: hoursAgo(5), processedAt: hoursAgo(5) },
        { id: "WH-2", type: "PAYMENT.CAPTURE.REFUNDED", payload: {}, receivedAt: hoursAgo(1) },
      ]);
      await database.db.delete(emailOutbox);
      await database.db.insert(emailOutbox).values([
        { to: "a@example.com", subject: "s", text: "t", kind: "order", status: "sent", sentAt: hoursAgo(3), createdAt: hoursAgo(4) },
        { to: "b@example.com", subject: "s", text: "t", kind: "order", status: "pending", createdAt: hoursAgo(2) },
        { to: "c@example.com", subject: "s", text: "t", kind: "order", status: "pending", createdAt: hoursAgo(6) },
        { to: "d@example.com", subject: "s", text: "t", kind: "order", status: "failed", createdAt: hoursAgo(7) },
      ]);
      const board = await loadDashboard(database.db, NOW);
      expect(board.lastWebhook).toEqual({ type: "PAYMENT.CAPTURE.REFUNDED", receivedAt: hoursAgo(1), processedAt: null });
      expect(board.outbox).toEqual({ pending: 2, failed: 1, oldestPendingAt: hoursAgo(6), lastSentAt: hoursAgo(3) });
    });
  });
}
