import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { seedCatalogue } from "~/catalogue/seed-products";
import { coupons, orders, products } from "../../../db/schema";
import type { Db } from "../platform/db.server";
import { updateCoupon } from "../../../tests/setup/coupons";
import { findCouponByCode, listCoupons, redeemCoupon } from "./coupons.server";
import { findProduct, listProducts, updateProduct } from "./products.server";
import { seedDatabase } from "./seed.server";
import { seededDatabase, testDatabases } from "../../../tests/setup/databases";

const PRODUCTS = seedCatalogue();

async function insertOrder(database: { db: Db }, id: string) {
  await database.db.insert(orders).values({
    id,
    status: "awaiting_payment",
    channel: "paypal",
    email: "buyer@example.com",
    name: "Buyer",
    communityUsername: "buyer#1",
    gameUsername: "BuyerGame",
    subtotalCents: 4999,
    totalCents: 4999,
  });
}

for (const target of testDatabases()) {
  describe(`repositories on ${target.name}`, () => {
    const database = seededDatabase(target);

    it("seeds every catalogue product and the NEWUSER15 coupon", async () => {
      const rows = await database.db.select().from(products);
      expect(rows.map((r) => r.id).sort()).toEqual(PRODUCTS.map((p) => p.id).sort());
      const venom = rows.find((r) => r.id === "2");
      expect(venom?.priceCents).toBe(5499);
      expect(rows.find((r) => r.id === "8")?.inStock).toBe(false);
      const coupon = await findCouponByCode(database.db, "newuser15");
      expect(coupon).toMatchObject({
        code: "NEWUSER15",
        type: "free_product",
        usageLimit: 1000,
        usedCount: 0,
        validUntil: "2025-12-31",
        freeProductId: "tramp-house",
      });
    });

    it("keeps the seller's edits when seeding again (a restart)", async () => {
      await updateProduct(database.db, "2", { priceCents: 4444, inStock: false, badge: "New" }, new Date());
      await updateCoupon(database.db, "newuser15", { validUntil: "2027-06-30" });
      await seedDatabase(database.db);
      const venom = await findProduct(database.db, "2");
      expect(venom).toMatchObject({ priceCents: 4444, inStock: false, badge: "New", title: "VENOM-TRIGGER" });
      expect(venom?.description.fr.length).toBeGreaterThan(0);
      expect((await findCouponByCode(database.db, "NEWUSER15"))?.validUntil).toBe("2027-06-30");
      await updateProduct(database.db, "2", { priceCents: 5499, inStock: true, badge: "Premium" }, new Date());
    });

    it("lists products with their database prices in catalogue order", async () => {
      const list = await listProducts(database.db);
      expect(list.map((p) => p.id)).toEqual(PRODUCTS.map((p) => p.id));
      expect(await findProduct(database.db, "no-such-product")).toBeUndefined();
    });

    it("finds coupons case-insensitively and refuses a second code differing only in case", async () => {
      expect(await findCouponByCode(database.db, "  NewUser15 ")).toBeDefined();
      expect(await findCouponByCode(database.db, "NOPE")).toBeUndefined();
      await expect(database.db.insert(coupons).values({ id: "dup", code: "newuser15", type: "fixed", value: 100, description: "dup" })).rejects.toThrow();
      expect((await listCoupons(database.db)).length).toBe(1);
    });

    it("counts a redemption once per order and stops at the usage limit", async () => {
      await database.db.insert(coupons).values({ id: "two", code: "TWO", type: "fixed", value: 500, description: "Two uses", usageLimit: 2 });
      for (const id of ["ORD-A", "ORD-B", "ORD-C"]) await insertOrder(database, id);
      const redeem = (orderId: string) => database.db.transaction((tx) => redeemCoupon(tx, "two", orderId));
      expect(await redeem("ORD-A")).toBe(true);
      expect(await redeem("ORD-A")).toBe(true); // retried capture: not counted twice
      expect(await redeem("ORD-B")).toBe(true);
      expect(await redeem("ORD-C")).toBe(false);
      const [row] = await database.db.select().from(coupons).where(eq(coupons.id, "two"));
      expect(row.usedCount).toBe(2);
    });

    it("holds the usage limit under concurrent redemptions", async () => {
      await database.db.insert(coupons).values({ id: "race", code: "RACE", type: "percentage", value: 10, description: "Race", usageLimit: 3 });
      const ids = Array.from({ length: 8 }, (_, i) => `ORD-RACE-${i}`);
      for (const id of ids) await insertOrder(database, id);
      const results = await Promise.all(ids.map((id) => database.db.transaction((tx) => redeemCoupon(tx, "race", id))));
      expect(results.filter(Boolean)).toHaveLength(3);
      const [row] = await database.db.select().from(coupons).where(eq(coupons.id, "race"));
      expect(row.usedCount).toBe(3);
    });
  });
}

describe("embedded database on disk", () => {
  it("keeps data across a close and reopen (a server restart)", async () => {
    const { mkdtempSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const path = await import("node:path");
    const { openDatabase } = await import("../platform/db.server");
    const dataDir = mkdtempSync(path.join(tmpdir(), "pglite-"));
    const first = await openDatabase({ dataDir });
    await seedDatabase(first.db);
    await updateProduct(first.db, "4", { priceCents: 1234 }, new Date());
    await first.close();
    const second = await openDatabase({ dataDir });
    await seedDatabase(second.db);
    expect((await findProduct(second.db, "4"))?.priceCents).toBe(1234);
    await second.close();
  });
});
