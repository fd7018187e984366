import { describe, expect, it } from "vitest";
import { newOrder } from "../../../tests/fixtures/orders";
import { seededDatabase, testDatabases } from "../../../tests/setup/databases";
import { readCatalogue } from "../catalogue-cache.server";
import { createOrder, findOrder } from "../orders.server";
import { actionsOn } from "../../../tests/setup/audit";
import { findSellerProduct, listSellerProducts, saveProductEdit } from "./shop-products.server";

const SELLER = { id: null, actor: "seller:ops@example.com" };

for (const target of testDatabases()) {
  describe(`seller product edits on ${target.name}`, () => {
    const database = seededDatabase(target);

    it("lists every product, the reward-only room included", async () => {
      const products = await listSellerProducts(database.db);
      expect(products).toHaveLength(17);
      expect(products.find((p) => p.id === "tramp-house")).toMatchObject({ listed: false, category: "Rooms" });
    });

    it("shows a new price on the storefront at once while an existing order keeps the price it was sold at", async () => {
      // Warm the cache first: the edit must replace what the storefront remembers.
      expect((await readCatalogue(database.db)).product("2")?.priceCents).toBe(5499);
      const sold = await createOrder(database.db, newOrder({ lines: [{ id: "2", quantity: 2 }] }));
      if (!sold.ok) throw new Error("order refused");

      const result = await saveProductEdit(database.db, SELLER, "2", { price: 4499, originalPrice: 7999, inStock: false, badge: "Popular", listed: true });
      expect(result).toEqual({
        ok: true,
        changes: { priceCents: [5499, 4499], inStock: [true, false], badge: ["Premium", "Popular"] },
      });

      expect((await readCatalogue(database.db)).product("2")).toMatchObject({ priceCents: 4499, inStock: false, badge: "Popular" });
      // Who changed what, committed with the change.
      expect(await actionsOn(database.db, "product:2")).toEqual([
        expect.objectContaining({
          actor: "seller:ops@example.com",
          action: "product_updated",
          detail: { priceCents: [5499, 4499], inStock: [true, false], badge: ["Premium", "Popular"] },
        }),
      ]);
      const stored = await findOrder(database.db, sold.order.id);
      expect(stored).toMatchObject({ totalCents: 10998 });
      expect(stored?.items[0]).toMatchObject({ productId: "2", unitPriceCents: 5499, quantity: 2 });
      const next = await createOrder(
        database.db,
        newOrder({
          lines: [
            { id: "4", quantity: 1 },
            { id: "2", quantity: 1 },
          ],
        }),
      );
      // Out of stock now: a new order holding it is refused with its name, never placed without it.
      expect(next).toEqual({ ok: false, code: "product_out_of_stock", vars: { product: "VENOM-TRIGGER" } });
    });

    it("clears a badge and unlists a product", async () => {
      const before = await findSellerProduct(database.db, "5");
      const result = await saveProductEdit(database.db, SELLER, "5", {
        price: before!.priceCents,
        originalPrice: before!.originalPriceCents,
        inStock: true,
        badge: null,
        listed: false,
      });
      expect(result.ok && Object.keys(result.changes).sort()).toEqual(before!.badge ? ["badge", "listed"] : ["listed"]);
      expect((await readCatalogue(database.db)).product("5")).toMatchObject({ listed: false, badge: undefined });
    });

    it("records nothing when nothing changed", async () => {
      const p = (await findSellerProduct(database.db, "6"))!;
      const same = { price: p.priceCents, originalPrice: p.originalPriceCents, inStock: p.inStock, badge: p.badge ?? null, listed: p.listed };
      expect(await saveProductEdit(database.db, SELLER, "6", same)).toEqual({ ok: true, changes: {} });
      expect(await actionsOn(database.db, "product:6")).toEqual([]);
    });

    it("refuses an unknown product", async () => {
      expect(await saveProductEdit(database.db, SELLER, "nope", { price: 100, originalPrice: 100, inStock: true, badge: null, listed: true })).toEqual({
        ok: false,
        reason: "not_found",
      });
    });
  });
}
