import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "../../../db/schema";
import { testDatabases } from "../../../tests/setup/databases";
import type { Database } from "../platform/db.server";
import { listProducts } from "./products.server";
import { seedDatabase, seedProducts } from "./seed.server";

/**
 * Products became data (issue 20): the first start of a database fills the products table from the
 * seed module, on a new database and on one that held only the seller's price/stock/badge/listed edits.
 */
for (const target of testDatabases()) {
  describe(`the catalogue seed on ${target.name}`, () => {
    let database: Database;
    beforeAll(async () => {
      database = await target.open();
    });
    afterAll(async () => {
      await database.close();
    });

    it("fills a new database with the 17 products, every language complete, and never reads the seed again", async () => {
      await seedDatabase(database.db);
      const list = await listProducts(database.db);
      expect(list).toHaveLength(17);
      expect(list.map((p) => p.position)).toEqual([...Array(17).keys()]);
      expect(list.find((p) => p.id === "2")).toMatchObject({
        title: "VENOM-TRIGGER",
        titles: { en: "VENOM-TRIGGER", fr: "VENOM-TRIGGER", es: "VENOM-TRIGGER" },
        category: "Permanent Triggers",
        videoUrl: "/products/2.mp4",
        archived: false,
      });
      expect(list.find((p) => p.id === "venom-firsty-bundle")?.bundleItems?.map((i) => i.productId)).toEqual(["2", "7"]);
      expect(await seedProducts(database.db)).toBe(0);
    });

    it("fills an existing database's rows from before products were data, keeping the seller's edits", async () => {
      // What such a database holds: commercial fields only, texts not there yet ({}), one row edited.
      await database.db
        .update(products)
        .set({ texts: {}, category: "Triggers", images: [], videoUrl: null, bundleItemIds: [], position: 0 })
        .where(sql`true`);
      await database.db.update(products).set({ priceCents: 4444, inStock: false, badge: "Popular", listed: false }).where(eq(products.id, "1"));
      await database.db.delete(products).where(eq(products.id, "10"));
      expect(await listProducts(database.db)).toEqual([]);

      expect(await seedProducts(database.db)).toBe(17);
      const list = await listProducts(database.db);
      expect(list.map((p) => p.id)).toHaveLength(17);
      expect(list.find((p) => p.id === "1")).toMatchObject({ priceCents: 4444, inStock: false, badge: "Popular", listed: false, title: "KKONG-V4-TRIGGER" });
      expect(list.find((p) => p.id === "1")?.description.fr).toMatch(/King Kong/);
      expect(list.find((p) => p.id === "10")).toMatchObject({ priceCents: 4699, category: "Rooms" });
      expect(await seedProducts(database.db)).toBe(0);
    });
  });
}
