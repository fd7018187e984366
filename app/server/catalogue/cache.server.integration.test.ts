import { describe, expect, it } from "vitest";
import { createFreshPostgres, seededDatabase, testDatabases } from "../../../tests/setup/databases";
import { invalidateCatalogue, readCatalogue } from "./cache.server";
import { updateCoupon } from "../../../tests/setup/coupons";
import { openDatabase } from "../platform/db.server";
import { updateProduct } from "./products.server";
import { seedDatabase } from "./seed.server";

for (const target of testDatabases()) {
  describe(`catalogue cache on ${target.name}`, () => {
    const database = seededDatabase(target);

    it("serves the catalogue from memory until the seller's edit is invalidated, then shows the edit", async () => {
      const before = await readCatalogue(database.db);
      expect(before.product("2")?.priceCents).toBe(5499);
      await updateProduct(database.db, "2", { priceCents: 3999, inStock: false }, new Date());
      // Not read again: the copy in memory still answers.
      expect((await readCatalogue(database.db)).product("2")?.priceCents).toBe(5499);
      await invalidateCatalogue(database.db);
      const after = await readCatalogue(database.db);
      expect(after.product("2")).toMatchObject({ priceCents: 3999, inStock: false, title: "VENOM-TRIGGER" });
      expect(after.products.find((p) => p.id === "2")?.priceCents).toBe(3999);
    });

    it("finds coupons by code case-insensitively and shows a coupon edit after invalidation", async () => {
      expect((await readCatalogue(database.db)).coupon("  newUser15 ")?.code).toBe("NEWUSER15");
      await updateCoupon(database.db, "newuser15", { isActive: false });
      await invalidateCatalogue(database.db);
      expect((await readCatalogue(database.db)).coupon("NEWUSER15")?.isActive).toBe(false);
      expect((await readCatalogue(database.db)).coupon("NOPE")).toBeUndefined();
    });
  });
}

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)("catalogue cache across processes (PostgreSQL)", () => {
  it("an edit invalidated in one process reaches another process's copy", async () => {
    const fresh = await createFreshPostgres(url!);
    // Two pools with their own caches and listeners: two server processes in miniature.
    const first = await openDatabase({ databaseUrl: fresh.url, dataDir: "unused" });
    const second = await openDatabase({ databaseUrl: fresh.url, dataDir: "unused" });
    try {
      await seedDatabase(first.db);
      expect((await readCatalogue(first.db)).product("4")?.priceCents).toBe(2999);
      expect((await readCatalogue(second.db)).product("4")?.priceCents).toBe(2999);
      await updateProduct(first.db, "4", { priceCents: 1999 }, new Date());
      await invalidateCatalogue(first.db);
      expect((await readCatalogue(first.db)).product("4")?.priceCents).toBe(1999);
      // The notification travels through PostgreSQL: the other process drops its copy on arrival.
      await expect.poll(async () => (await readCatalogue(second.db)).product("4")?.priceCents).toBe(1999);
    } finally {
      await first.close();
      await second.close();
      await fresh.drop();
    }
  });
});
