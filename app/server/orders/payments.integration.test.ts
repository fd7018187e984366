import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { TERMS_VERSION } from "~/domain/consent";
import { couponRedemptions, coupons, orderEvents, orders, payments } from "../../../db/schema";
import { changeOrderStatus, createOrder, expireUnpaidOrders, findOrder, markOrderPaid } from "./orders.server";
import { newOrder as order } from "../../../tests/fixtures/orders";
import { seededDatabase, testDatabases } from "../../../tests/setup/databases";
import { TEST_SITE } from "../../../tests/fixtures/site";

async function usedCount(db: Parameters<typeof createOrder>[0], id: string) {
  const [row] = await db.select({ used: coupons.usedCount }).from(coupons).where(eq(coupons.id, id));
  return row.used;
}

for (const target of testDatabases()) {
  describe(`payments and coupon limits on ${target.name}`, () => {
    const database = seededDatabase(target);
    beforeAll(async () => {
      await database.db.insert(coupons).values([
        { id: "ten-left", code: "TENLEFT", type: "percentage", value: 10, description: "10%", usageLimit: 110, usedCount: 100 },
        { id: "one-left", code: "ONELEFT", type: "percentage", value: 10, description: "10%", usageLimit: 1 },
        { id: "old", code: "OLDORDER", type: "percentage", value: 10, description: "10%", usageLimit: 5 },
      ]);
    });

    it("stores the buyer's age confirmation and the terms version on the order", async () => {
      const confirmed = new Date("2026-11-01T10:00:00Z");
      const created = await createOrder(database.db, TEST_SITE, order({ ageConfirmedAt: confirmed }), new Date());
      if (!created.ok) throw new Error(created.code);
      expect(await findOrder(database.db, created.order.id)).toMatchObject({ ageConfirmedAt: confirmed, termsVersion: TERMS_VERSION });
    });

    it("gives a coupon with 10 uses left to exactly 10 of 50 concurrent orders", async () => {
      const results = await Promise.all(Array.from({ length: 50 }, () => createOrder(database.db, TEST_SITE, order({ couponCode: "TENLEFT" }), new Date())));
      expect(results.filter((r) => r.ok)).toHaveLength(10);
      expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.code)).toEqual(Array(40).fill("coupon_usage_limit"));
      expect(await usedCount(database.db, "ten-left")).toBe(110);
    });

    it("gives the use back when the unpaid order is cancelled, once", async () => {
      const first = await createOrder(database.db, TEST_SITE, order({ couponCode: "ONELEFT" }), new Date());
      if (!first.ok) throw new Error(first.code);
      expect(await createOrder(database.db, TEST_SITE, order({ couponCode: "ONELEFT" }), new Date())).toMatchObject({ ok: false, code: "coupon_usage_limit" });
      expect(await changeOrderStatus(database.db, TEST_SITE, first.order.id, "cancelled", "shopper", null, new Date())).toEqual({ ok: true });
      expect(await usedCount(database.db, "one-left")).toBe(0);
      const [redemption] = await database.db.select().from(couponRedemptions).where(eq(couponRedemptions.orderId, first.order.id));
      expect(redemption.releasedAt).toBeInstanceOf(Date);
      expect((await createOrder(database.db, TEST_SITE, order({ couponCode: "ONELEFT" }), new Date())).ok).toBe(true);
    });

    it("expires unpaid orders after 24 h and releases their coupon; paid ones stay", async () => {
      const placed = new Date(Date.now() - 25 * 3600_000);
      const stale = await createOrder(database.db, TEST_SITE, order({ couponCode: "OLDORDER" }), placed);
      const paid = await createOrder(database.db, TEST_SITE, order(), placed);
      const fresh = await createOrder(database.db, TEST_SITE, order(), new Date());
      if (!stale.ok || !paid.ok || !fresh.ok) throw new Error("orders not created");
      await markOrderPaid(
        database.db,
        TEST_SITE,
        {
          orderId: paid.order.id,
          provider: "paypal",
          reference: "CAP-OLD",
          amountCents: paid.order.totalCents,
          currency: "USD",
          actor: "test",
        },
        new Date(),
      );
      expect(await usedCount(database.db, "old")).toBe(1);
      expect(await expireUnpaidOrders(database.db, TEST_SITE, new Date())).toBeGreaterThanOrEqual(1);
      expect((await findOrder(database.db, stale.order.id))?.status).toBe("cancelled");
      expect((await findOrder(database.db, paid.order.id))?.status).toBe("paid");
      expect((await findOrder(database.db, fresh.order.id))?.status).toBe("awaiting_payment");
      expect(await usedCount(database.db, "old")).toBe(0);
    });

    it("marks an order paid once, however often and however concurrently the payment is reported", async () => {
      const created = await createOrder(database.db, TEST_SITE, order(), new Date());
      if (!created.ok) throw new Error(created.code);
      const payment = {
        orderId: created.order.id,
        provider: "paypal",
        reference: "CAP-1",
        amountCents: created.order.totalCents,
        currency: "USD",
        actor: "capture",
      };
      const results = await Promise.all([
        markOrderPaid(database.db, TEST_SITE, payment, new Date()),
        markOrderPaid(database.db, TEST_SITE, { ...payment, actor: "webhook" }, new Date()),
      ]);
      expect(results.map((r) => r.ok && r.alreadyPaid).sort()).toEqual([false, true]);
      expect(await markOrderPaid(database.db, TEST_SITE, { ...payment, actor: "sweep" }, new Date())).toEqual({ ok: true, alreadyPaid: true });
      const rows = await database.db.select().from(payments).where(eq(payments.orderId, created.order.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ kind: "capture", providerRef: "CAP-1", amountCents: created.order.totalCents });
      const history = await database.db.select().from(orderEvents).where(eq(orderEvents.orderId, created.order.id));
      expect(history.filter((h) => h.toStatus === "paid")).toHaveLength(1);
      const [stored] = await database.db.select().from(orders).where(eq(orders.id, created.order.id));
      expect(stored.paidAt).toBeInstanceOf(Date);
    });

    it("refuses a payment whose amount or currency differs from the stored order", async () => {
      const created = await createOrder(database.db, TEST_SITE, order(), new Date());
      if (!created.ok) throw new Error(created.code);
      const base = { orderId: created.order.id, provider: "paypal", reference: "CAP-2", currency: "USD", actor: "capture" };
      expect(await markOrderPaid(database.db, TEST_SITE, { ...base, amountCents: 1 }, new Date())).toMatchObject({ ok: false, code: "payment_mismatch" });
      expect(await markOrderPaid(database.db, TEST_SITE, { ...base, amountCents: created.order.totalCents, currency: "EUR" }, new Date())).toMatchObject({
        ok: false,
        code: "payment_mismatch",
      });
      expect((await findOrder(database.db, created.order.id))?.status).toBe("awaiting_payment");
      expect(await markOrderPaid(database.db, TEST_SITE, { ...base, orderId: "ORD000000000000-NONE", amountCents: 1 }, new Date())).toMatchObject({
        ok: false,
        code: "order_not_found",
      });
    });

    it("never marks a cancelled order paid", async () => {
      const created = await createOrder(database.db, TEST_SITE, order(), new Date());
      if (!created.ok) throw new Error(created.code);
      await changeOrderStatus(database.db, TEST_SITE, created.order.id, "cancelled", "shopper", null, new Date());
      const result = await markOrderPaid(
        database.db,
        TEST_SITE,
        {
          orderId: created.order.id,
          provider: "paypal",
          reference: "CAP-3",
          amountCents: created.order.totalCents,
          currency: "USD",
          actor: "webhook",
        },
        new Date(),
      );
      expect(result).toMatchObject({ ok: false, code: "order_transition_refused" });
    });
  });
}
