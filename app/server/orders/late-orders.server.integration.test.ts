import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailOutbox } from "../../../db/schema";
import { newOrder } from "../../../tests/fixtures/orders";
import { seededDatabase, testDatabases } from "../../../tests/setup/databases";
import type { Db } from "../platform/db.server";
import { alertLateOrders, LATE_ALERT_KIND } from "./late-orders.server";
import { changeOrderStatus, createOrder, markOrderPaid } from "./orders.server";
import { testSite } from "../../../tests/fixtures/site";

const SITE = testSite({ SELLER_EMAIL: "seller@shop.test", SELLER_DISCORD_WEBHOOK: "http://127.0.0.1:9/hook" });

const HOUR = 60 * 60_000;

async function paidOrder(db: Db, paidAt: Date) {
  const created = await createOrder(db, SITE, newOrder(), new Date(paidAt.getTime() - 60_000));
  if (!created.ok) throw new Error(created.code);
  const { id, totalCents } = created.order;
  await markOrderPaid(db, SITE, { orderId: id, provider: "paypal", reference: `CAP-${id}`, amountCents: totalCents, currency: "USD", actor: "test" }, paidAt);
  return id;
}

for (const target of testDatabases()) {
  describe(`late-order alerts on ${target.name}`, () => {
    const database = seededDatabase(target);
    const alerts = (orderId: string) =>
      database.db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.orderId, orderId), eq(emailOutbox.kind, LATE_ALERT_KIND)));

    it("alerts the seller once (email and Discord) about a paid order still undelivered 24 hours after payment", async () => {
      const now = new Date();
      const late = await paidOrder(database.db, new Date(now.getTime() - 25 * HOUR));
      const onTime = await paidOrder(database.db, new Date(now.getTime() - 23 * HOUR));
      const inProgress = await paidOrder(database.db, new Date(now.getTime() - 30 * HOUR));
      expect((await changeOrderStatus(database.db, SITE, inProgress, "in_progress", "seller", null, new Date())).ok).toBe(true);
      const delivered = await paidOrder(database.db, new Date(now.getTime() - 30 * HOUR));
      await changeOrderStatus(database.db, SITE, delivered, "in_progress", "seller", null, new Date());
      await changeOrderStatus(database.db, SITE, delivered, "delivered", "seller", null, new Date());

      await alertLateOrders(database.db, SITE, now);
      const rows = await alerts(late);
      expect(rows.map((r) => [r.channel, r.to]).sort()).toEqual([
        ["discord", "seller-discord-webhook"],
        ["email", "seller@shop.test"],
      ]);
      expect(rows.find((r) => r.channel === "email")?.subject).toBe(`Late order ${late} — paid 25 h ago, not delivered`);
      expect(await alerts(inProgress)).toHaveLength(2);
      expect(await alerts(onTime)).toEqual([]);
      expect(await alerts(delivered)).toEqual([]);

      // Later runs alert the order that became late, and never the same order twice.
      await alertLateOrders(database.db, SITE, new Date(now.getTime() + 2 * HOUR));
      expect(await alerts(late)).toHaveLength(2);
      expect(await alerts(onTime)).toHaveLength(2);
    });
  });
}
