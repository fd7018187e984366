import { beforeAll, describe, expect, it } from "vitest";
import type { CouponTerms } from "~/domain/seller/coupon-form";
import { coupons } from "../../../db/schema";
import { newOrder } from "../../../tests/fixtures/orders";
import { seededDatabase, testDatabases } from "../../../tests/setup/databases";
import { invalidateCatalogue, readCatalogue } from "./cache.server";
import { changeOrderStatus, createOrder } from "../orders/orders.server";
import { storefrontData } from "./storefront.server";
import { actionsOn } from "../../../tests/setup/audit";
import { couponOrders, createCoupon, findCoupon, listCouponUsage, setCouponActive, updateCouponTerms } from "./console-coupons.server";
import { TEST_SITE } from "../../../tests/fixtures/site";

const SELLER = { id: null, actor: "seller:ops@example.com" };

const terms = (over: Partial<CouponTerms> = {}): CouponTerms => ({
  type: "percentage",
  value: 10,
  freeProductId: null,
  description: "10% off",
  usageLimit: null,
  minPurchaseCents: 0,
  validUntil: null,
  isActive: true,
  ...over,
});

const NEWUSER15_EXTENDED = terms({
  type: "free_product",
  value: 0,
  freeProductId: "tramp-house",
  description: "New user offer: a free Tramp House Room with your trigger",
  usageLimit: 1000,
  validUntil: "2099-12-31",
});

const page = () => new Request("http://shop.test/");

for (const target of testDatabases()) {
  describe(`seller coupons on ${target.name}`, () => {
    const database = seededDatabase(target);

    beforeAll(async () => {
      await database.db.insert(coupons).values({ id: "t10", code: "TEN", type: "percentage", value: 10, description: "10%" });
      await invalidateCatalogue(database.db);
    });

    it("counts the uses held by orders and lists those orders, a released use marked", async () => {
      const kept = await createOrder(database.db, TEST_SITE, newOrder({ couponCode: "TEN" }), new Date());
      const cancelled = await createOrder(database.db, TEST_SITE, newOrder({ couponCode: "TEN", lines: [{ id: "4", quantity: 1 }] }), new Date());
      if (!kept.ok || !cancelled.ok) throw new Error("order refused");
      expect(await changeOrderStatus(database.db, TEST_SITE, cancelled.order.id, "cancelled", "test", null, new Date())).toEqual({ ok: true });

      const ten = (await listCouponUsage(database.db)).find((c) => c.code === "TEN");
      expect(ten).toMatchObject({ uses: 1, usedCount: 1 });
      expect(ten?.lastUsedAt).toBeInstanceOf(Date);
      expect((await listCouponUsage(database.db)).find((c) => c.code === "NEWUSER15")).toMatchObject({ uses: 0, lastUsedAt: null });

      const used = await couponOrders(database.db, "t10");
      expect(used.map((o) => [o.orderId, o.status, o.releasedAt === null])).toEqual(
        expect.arrayContaining([
          [kept.order.id, "awaiting_payment", true],
          [cancelled.order.id, "cancelled", false],
        ]),
      );
      expect(used.find((o) => o.orderId === kept.order.id)).toMatchObject({ discountCents: 550, totalCents: 4949 });
    });

    it("creates each type of coupon; the storefront's checkout accepts it at once", async () => {
      const fixed = await createCoupon(database.db, SELLER, { code: "FIVE", ...terms({ type: "fixed", value: 500, minPurchaseCents: 2000 }) }, new Date());
      expect(fixed).toMatchObject({ ok: true, id: "five" });
      expect((await actionsOn(database.db, "coupon:five")).map((a) => a.action)).toEqual(["coupon_created"]);
      expect((await readCatalogue(database.db)).coupon("five")).toMatchObject({ type: "fixed", value: 500, minPurchaseCents: 2000 });
      const order = await createOrder(database.db, TEST_SITE, newOrder({ couponCode: "FIVE" }), new Date());
      expect(order.ok && order.order.discountCents).toBe(500);

      expect(
        await createCoupon(database.db, SELLER, { code: "ROOMFREE", ...terms({ type: "free_product", value: 0, freeProductId: "tramp-house" }) }, new Date()),
      ).toMatchObject({ ok: true });
      expect(await createCoupon(database.db, SELLER, { code: "PCT", ...terms() }, new Date())).toMatchObject({ ok: true });
    });

    it("refuses a code that exists in any case, and a free product outside the catalogue", async () => {
      expect(await createCoupon(database.db, SELLER, { code: "TEN", ...terms() }, new Date())).toEqual({
        ok: false,
        errors: { code: "A coupon with the code TEN already exists" },
      });
      // The id "newuser15x" is free but the code clash is caught by the case-insensitive unique index.
      await database.db.insert(coupons).values({ id: "lower", code: "lowcase", type: "percentage", value: 5, description: "x" });
      expect(await createCoupon(database.db, SELLER, { code: "LOWCASE", ...terms() }, new Date())).toMatchObject({
        ok: false,
        errors: { code: expect.stringContaining("already exists") },
      });
      expect(await createCoupon(database.db, SELLER, { code: "GHOST", ...terms({ type: "free_product", freeProductId: "ghost" }) }, new Date())).toEqual({
        ok: false,
        errors: { freeProductId: "Choose a product of the catalogue" },
      });
    });

    it("edits the terms but never the usage count, and records what changed", async () => {
      const result = await updateCouponTerms(database.db, SELLER, "t10", terms({ value: 20, usageLimit: 5, description: "20%" }), new Date());
      expect(result).toEqual({ ok: true, id: "t10", changes: { value: [10, 20], usageLimit: [null, 5], description: ["10%", "20%"] } });
      expect(await findCoupon(database.db, "t10")).toMatchObject({ value: 20, usageLimit: 5, usedCount: 1 });
      expect(await actionsOn(database.db, "coupon:t10")).toEqual([
        expect.objectContaining({
          actor: "seller:ops@example.com",
          action: "coupon_updated",
          detail: { value: [10, 20], usageLimit: [null, 5], description: ["10%", "20%"] },
        }),
      ]);
      expect(await updateCouponTerms(database.db, SELLER, "missing", terms(), new Date())).toEqual({ ok: false, reason: "not_found" });
    });

    it("disables and re-enables a coupon; checkout follows at once", async () => {
      expect(await setCouponActive(database.db, SELLER, "t10", false, new Date())).toBe(true);
      expect(await createOrder(database.db, TEST_SITE, newOrder({ couponCode: "TEN" }), new Date())).toMatchObject({ ok: false, code: "coupon_inactive" });
      expect(await setCouponActive(database.db, SELLER, "t10", false, new Date())).toBe(true);
      expect(await setCouponActive(database.db, SELLER, "t10", true, new Date())).toBe(true);
      expect((await readCatalogue(database.db)).coupon("TEN")?.isActive).toBe(true);
      expect(await setCouponActive(database.db, SELLER, "missing", true, new Date())).toBe(false);
      // The second "disable" changed nothing and is not recorded.
      expect((await actionsOn(database.db, "coupon:t10")).map((a) => a.action)).toEqual(["coupon_enabled", "coupon_disabled", "coupon_updated"]);
    });

    it("brings the new-user offer back when the seller extends NEWUSER15", async () => {
      // Seeded with the spec's end date, 2025-12-31: no announcement.
      expect((await storefrontData(page(), { db: database.db, env: {}, now: () => new Date() })).announcement).toBeNull();
      await updateCouponTerms(database.db, SELLER, "newuser15", NEWUSER15_EXTENDED, new Date());
      expect((await storefrontData(page(), { db: database.db, env: {}, now: () => new Date() })).announcement).toEqual({ code: "NEWUSER15" });
      await setCouponActive(database.db, SELLER, "newuser15", false, new Date());
      expect((await storefrontData(page(), { db: database.db, env: {}, now: () => new Date() })).announcement).toBeNull();
      await setCouponActive(database.db, SELLER, "newuser15", true, new Date());
      expect((await storefrontData(page(), { db: database.db, env: {}, now: () => new Date() })).announcement).toEqual({ code: "NEWUSER15" });
    });

    it("hides the offer when an order takes NEWUSER15's last use, and shows it again when that order is cancelled", async () => {
      const used = (await findCoupon(database.db, "newuser15"))!.usedCount;
      await updateCouponTerms(database.db, SELLER, "newuser15", { ...NEWUSER15_EXTENDED, usageLimit: used + 1 }, new Date());
      expect((await storefrontData(page(), { db: database.db, env: {}, now: () => new Date() })).announcement).not.toBeNull();

      const last = await createOrder(database.db, TEST_SITE, newOrder({ couponCode: "NEWUSER15", lines: [{ id: "1", quantity: 1 }] }), new Date());
      if (!last.ok) throw new Error(`order refused: ${last.code}`);
      // No seller edit happened: the order itself dropped the cached count.
      expect((await storefrontData(page(), { db: database.db, env: {}, now: () => new Date() })).announcement).toBeNull();

      await changeOrderStatus(database.db, TEST_SITE, last.order.id, "cancelled", "test", null, new Date());
      expect((await storefrontData(page(), { db: database.db, env: {}, now: () => new Date() })).announcement).toEqual({ code: "NEWUSER15" });
    });
  });
}
