import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { isOrderId } from "~/domain/order-id";
import { coupons, orderEvents } from "../../../db/schema";
import { changeOrderStatus, createOrder, findOrder, markOrderPaid, type NewOrder } from "./orders.server";
import { invalidateCatalogue, readCatalogue } from "../catalogue/cache.server";
import { updateProduct } from "../catalogue/products.server";
import { newOrder } from "../../../tests/fixtures/orders";
import { seededDatabase, testDatabases } from "../../../tests/setup/databases";
import { TEST_SITE } from "../../../tests/fixtures/site";

const order = (over: Partial<NewOrder> = {}) => newOrder({ lines: [{ id: "2", quantity: 2 }], currency: "EUR", lang: "fr", ...over });

for (const target of testDatabases()) {
  describe(`orders on ${target.name}`, () => {
    const database = seededDatabase(target);
    beforeAll(async () => {
      await database.db.insert(coupons).values([
        { id: "t10", code: "TEN", type: "percentage", value: 10, description: "10%" },
        { id: "tfree", code: "FREEROOM", type: "free_product", description: "free room", freeProductId: "tramp-house", validUntil: "2099-01-01" },
      ]);
    });

    it("prices the order from the database and stores it awaiting payment", async () => {
      const result = await createOrder(database.db, TEST_SITE, order(), new Date());
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      expect(isOrderId(result.order.id)).toBe(true);
      expect(result.order).toMatchObject({ subtotalCents: 10998, discountCents: 0, totalCents: 10998, status: "awaiting_payment" });
      const stored = await findOrder(database.db, result.order.id);
      expect(stored).toMatchObject({ email: "buyer@example.com", gameUsername: "SamGame", displayCurrency: "EUR", displayRate: 0.92, lang: "fr" });
      expect(stored?.items).toEqual([expect.objectContaining({ productId: "2", unitPriceCents: 5499, quantity: 2, isFree: false })]);
    });

    it("uses the seller's current price, not the catalogue's", async () => {
      await updateProduct(database.db, "4", { priceCents: 1999 }, new Date());
      await invalidateCatalogue(database.db);
      const result = await createOrder(database.db, TEST_SITE, order({ lines: [{ id: "4", quantity: 1 }] }), new Date());
      expect(result.ok && result.order.totalCents).toBe(1999);
      await updateProduct(database.db, "4", { priceCents: 2999 }, new Date());
      await invalidateCatalogue(database.db);
    });

    it("checks a coupon's usage limit against the database, not the cached catalogue", async () => {
      await database.db.insert(coupons).values({ id: "once", code: "ONCE", type: "fixed", value: 500, description: "once", usageLimit: 1 });
      await invalidateCatalogue(database.db);
      expect((await readCatalogue(database.db)).coupon("ONCE")?.usedCount).toBe(0);
      // The last use is counted by a checkout (no catalogue edit, so no invalidation).
      await database.db.update(coupons).set({ usedCount: 1 }).where(eq(coupons.id, "once"));
      expect(await createOrder(database.db, TEST_SITE, order({ couponCode: "ONCE" }), new Date())).toMatchObject({ ok: false });
    });

    it("re-checks the coupon and records its discount or free item", async () => {
      const ten = await createOrder(database.db, TEST_SITE, order({ couponCode: "ten" }), new Date());
      expect(ten.ok && ten.order).toMatchObject({ subtotalCents: 10998, discountCents: 1100, totalCents: 9898, couponCode: "TEN" });
      const free = await createOrder(database.db, TEST_SITE, order({ couponCode: "FREEROOM", lines: [{ id: "1", quantity: 1 }] }), new Date());
      expect(free.ok).toBe(true);
      if (!free.ok) return;
      expect(free.order.totalCents).toBe(4999);
      expect(free.order.items).toContainEqual(expect.objectContaining({ productId: "tramp-house", unitPriceCents: 0, isFree: true }));
      const refused = await createOrder(database.db, TEST_SITE, order({ couponCode: "FREEROOM", lines: [{ id: "4", quantity: 1 }] }), new Date());
      expect(refused).toMatchObject({ ok: false, code: "coupon_not_eligible" });
      expect(await createOrder(database.db, TEST_SITE, order({ couponCode: "NEWUSER15" }), new Date())).toMatchObject({ ok: false, code: "coupon_expired" });
    });

    it("refuses an empty or unknown cart, names an out-of-stock item, and ignores products not for sale", async () => {
      expect(await createOrder(database.db, TEST_SITE, order({ lines: [] }), new Date())).toMatchObject({ ok: false, code: "cart_empty" });
      expect(await createOrder(database.db, TEST_SITE, order({ lines: [{ id: "nope", quantity: 1 }] }), new Date())).toMatchObject({
        ok: false,
        code: "cart_empty",
      });
      // Sold out since the page loaded: the buyer is told which item, never charged for a smaller order.
      for (const lines of [
        [{ id: "8", quantity: 1 }],
        [
          { id: "8", quantity: 1 },
          { id: "4", quantity: 1 },
        ],
      ]) {
        expect(await createOrder(database.db, TEST_SITE, order({ lines }), new Date())).toEqual({
          ok: false,
          code: "product_out_of_stock",
          vars: { product: "Bunker Room" },
        });
      }
      // Ids no browser of ours sends (unknown, coupon-only) are ignored.
      const mixed = await createOrder(
        database.db,
        TEST_SITE,
        order({
          lines: [
            { id: "nope", quantity: 1 },
            { id: "tramp-house", quantity: 1 },
            { id: "4", quantity: 1 },
          ],
        }),
        new Date(),
      );
      expect(mixed.ok && mixed.order.items.map((i) => i.productId)).toEqual(["4"]);
    });

    it("gives two orders in the same second different ids", async () => {
      const now = new Date("2026-05-05T05:05:05Z");
      const [a, b] = await Promise.all([createOrder(database.db, TEST_SITE, order(), now), createOrder(database.db, TEST_SITE, order(), now)]);
      expect(a.ok && b.ok && a.order.id !== b.order.id).toBe(true);
    });

    it("moves an order only along the transition table and keeps the history", async () => {
      const created = await createOrder(database.db, TEST_SITE, order({ channel: "manual" }), new Date());
      if (!created.ok) throw new Error("order not created");
      const id = created.order.id;
      expect(created.order.status).toBe("manual_pending");
      expect(await changeOrderStatus(database.db, TEST_SITE, id, "delivered", "seller", null, new Date())).toMatchObject({
        ok: false,
        code: "order_transition_refused",
      });
      expect(await changeOrderStatus(database.db, TEST_SITE, id, "paid", "seller", null, new Date())).toMatchObject({
        ok: false,
        code: "order_transition_refused",
      });
      const payment = { orderId: id, provider: "cash_app", reference: "CA-1", amountCents: created.order.totalCents, currency: "USD", actor: "seller" };
      expect(await markOrderPaid(database.db, TEST_SITE, payment, new Date())).toEqual({ ok: true, alreadyPaid: false });
      expect(await changeOrderStatus(database.db, TEST_SITE, id, "in_progress", "seller", null, new Date())).toEqual({ ok: true });
      expect(await changeOrderStatus(database.db, TEST_SITE, id, "delivered", "seller", "uploaded", new Date())).toEqual({ ok: true });
      expect(await changeOrderStatus(database.db, TEST_SITE, id, "refunded", "seller", null, new Date())).toMatchObject({ ok: false });
      expect(await changeOrderStatus(database.db, TEST_SITE, "ORD000000000000-XXXX", "in_progress", "seller", null, new Date())).toMatchObject({
        ok: false,
        code: "order_not_found",
      });
      const stored = await findOrder(database.db, id);
      expect(stored?.status).toBe("delivered");
      expect(stored?.paidAt).toBeInstanceOf(Date);
      expect(stored?.deliveredAt).toBeInstanceOf(Date);
      const history = await database.db.select().from(orderEvents).where(eq(orderEvents.orderId, id)).orderBy(orderEvents.id);
      expect(history.map((h) => `${h.fromStatus ?? "-"}>${h.toStatus}`)).toEqual([
        "->manual_pending",
        "manual_pending>paid",
        "paid>in_progress",
        "in_progress>delivered",
      ]);
    });
  });
}
