/**
 * Issue 33 (docs/decisions/048, 049): counted stock taken inside the order's transaction (never
 * oversold, given back when an unpaid order is cancelled), moves of any distance in one request,
 * and deletion of products no order names.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { products } from "../../../db/schema";
import { newOrder } from "../../../tests/fixtures/orders";
import { productInput } from "../../../tests/fixtures/product-input";
import { TEST_SITE } from "../../../tests/fixtures/site";
import { actionsOn } from "../../../tests/setup/audit";
import { seededDatabase, testDatabases } from "../../../tests/setup/databases";
import { changeOrderStatus, createOrder } from "../orders/orders.server";
import { readCatalogue } from "./cache.server";
import {
  bulkEdit,
  createProduct,
  deleteProduct,
  findSellerProduct,
  listSellerProducts,
  moveProduct,
  publishScheduled,
  updateProduct,
} from "./console-products.server";
import { applySchedule } from "~/domain/seller/product-form";

const SELLER = { id: null, actor: "seller:ops@example.com" };

for (const target of testDatabases()) {
  describe(`catalogue editing on ${target.name}`, () => {
    const database = seededDatabase(target);
    const stockOf = async (id: string) => (await database.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]?.stock;

    it("50 concurrent orders for the last 3 units sell exactly 3; the others are told it is out of stock", async () => {
      const made = await createProduct(database.db, SELLER, productInput({ stock: 3 }, "Last Three Trigger"), new Date());
      if (!made.ok) throw new Error("not created");
      const id = made.id;
      expect((await readCatalogue(database.db)).product(id)).toMatchObject({ inStock: true, stock: 3 });
      const results = await Promise.all(
        Array.from({ length: 50 }, () => createOrder(database.db, TEST_SITE, newOrder({ lines: [{ id, quantity: 1 }] }), new Date())),
      );
      const sold = results.filter((r) => r.ok);
      expect(sold).toHaveLength(3);
      for (const refused of results.filter((r) => !r.ok)) expect(refused).toMatchObject({ ok: false, code: "product_out_of_stock" });
      expect(await stockOf(id)).toBe(0);
      // Out of stock everywhere at once, although its box is still ticked.
      expect((await readCatalogue(database.db)).product(id)).toMatchObject({ inStock: false, stock: 0 });

      // A cancelled unpaid order gives its unit back: on sale again.
      const first = sold[0];
      if (!first.ok) throw new Error("unreachable");
      expect(await changeOrderStatus(database.db, TEST_SITE, first.order.id, "cancelled", "seller:test", null, new Date())).toEqual({ ok: true });
      expect(await stockOf(id)).toBe(1);
      expect((await readCatalogue(database.db)).product(id)).toMatchObject({ inStock: true, stock: 1 });

      // More units than are left: refused, nothing taken.
      expect(await createOrder(database.db, TEST_SITE, newOrder({ lines: [{ id, quantity: 2 }] }), new Date())).toMatchObject({
        ok: false,
        code: "product_out_of_stock",
      });
      expect(await stockOf(id)).toBe(1);
    });

    it("an uncounted product is never limited and its lines take nothing", async () => {
      const result = await createOrder(database.db, TEST_SITE, newOrder({ lines: [{ id: "2", quantity: 3 }] }), new Date());
      expect(result.ok).toBe(true);
      expect(await stockOf("2")).toBeNull();
    });

    it("raising the count from 0 puts the product back on sale", async () => {
      const made = await createProduct(database.db, SELLER, productInput({ stock: 0 }, "Zero Left Trigger"), new Date());
      if (!made.ok) throw new Error("not created");
      expect((await readCatalogue(database.db)).product(made.id)?.inStock).toBe(false);
      const stored = await findSellerProduct(database.db, made.id);
      await updateProduct(database.db, SELLER, made.id, { ...stored!.input, stock: 5 }, new Date());
      expect((await readCatalogue(database.db)).product(made.id)).toMatchObject({ inStock: true, stock: 5 });
    });

    it("moves a product to the top, the bottom or another's place in one request with one audit row", async () => {
      const order = async () => (await listSellerProducts(database.db)).filter((p) => !p.archived).map((p) => p.id);
      const before = await order();
      const id = before[5];
      const audited = (await actionsOn(database.db, `product:${id}`)).length;
      expect(await moveProduct(database.db, SELLER, id, "top", new Date())).toMatchObject({
        ok: true,
        changes: { position: [6, 1], before: [null, before[0]] },
      });
      expect((await order())[0]).toBe(id);
      expect((await readCatalogue(database.db)).products[0].id).toBe(id);
      await moveProduct(database.db, SELLER, id, "bottom", new Date());
      expect((await order()).at(-1)).toBe(id);
      await moveProduct(database.db, SELLER, id, { to: before[6] }, new Date());
      expect(await order()).toEqual(before);
      expect((await actionsOn(database.db, `product:${id}`)).length).toBe(audited + 3);
      expect(await moveProduct(database.db, SELLER, id, { to: "no-such-product" }, new Date())).toEqual({ ok: false, reason: "not_found" });
    });

    it("deletes a product no order names; refuses one that was sold (archive instead)", async () => {
      const made = await createProduct(database.db, SELLER, productInput({}, "Mistake Trigger"), new Date());
      if (!made.ok) throw new Error("not created");
      expect(await deleteProduct(database.db, SELLER, made.id, new Date())).toEqual({ ok: true });
      expect(await findSellerProduct(database.db, made.id)).toBeUndefined();
      expect((await readCatalogue(database.db)).product(made.id)).toBeUndefined();
      expect((await actionsOn(database.db, `product:${made.id}`))[0]).toMatchObject({ action: "product_deleted" });

      expect(await deleteProduct(database.db, SELLER, "2", new Date())).toMatchObject({
        ok: false,
        reason: "in_use",
        message: expect.stringMatching(/archive/),
      });
      expect(await findSellerProduct(database.db, "2")).toBeDefined();
      // The coupon's free room and a bundle's item stay too.
      expect(await deleteProduct(database.db, SELLER, "tramp-house", new Date())).toMatchObject({ ok: false, reason: "in_use" });
      expect(await deleteProduct(database.db, SELLER, "no-such-product", new Date())).toEqual({ ok: false, reason: "not_found" });
    });

    it("applies a bulk change to every ticked product in one transaction, one audit row each; a bad one changes nothing", async () => {
      const ids: string[] = [];
      for (const [i, price] of [1000, 2000, 2999, 4999, 9999].entries()) {
        const made = await createProduct(database.db, SELLER, productInput({ priceCents: price }, `Bulk ${i} Trigger`), new Date());
        if (!made.ok) throw new Error("not created");
        ids.push(made.id);
      }
      // Audit rows per product, the creation's included.
      const audited = async () => Promise.all(ids.map(async (id) => (await actionsOn(database.db, `product:${id}`)).length));
      const before = await audited();
      expect(await bulkEdit(database.db, SELLER, ids, { kind: "price-percent", percent: -10 }, new Date())).toEqual({ ok: true, changed: 5 });
      const prices = async () => Promise.all(ids.map(async (id) => (await findSellerProduct(database.db, id))!.priceCents));
      expect(await prices()).toEqual([900, 1800, 2699, 4499, 8999]);
      expect((await readCatalogue(database.db)).product(ids[0])?.priceCents).toBe(900);
      // One audit row each, saying what changed.
      expect(await audited()).toEqual(before.map((n) => n + 1));
      for (const [i, id] of ids.entries()) {
        expect((await actionsOn(database.db, `product:${id}`))[0]).toMatchObject({
          action: "product_updated",
          detail: { priceCents: [[1000, 2000, 2999, 4999, 9999][i], [900, 1800, 2699, 4499, 8999][i]] },
        });
      }
      // -$10.00 would take the first to $0: refused, and none changes, not even in the audit log.
      expect(await bulkEdit(database.db, SELLER, ids, { kind: "price-amount", cents: -1000 }, new Date())).toMatchObject({ ok: false });
      expect(await prices()).toEqual([900, 1800, 2699, 4499, 8999]);
      expect(await audited()).toEqual(before.map((n) => n + 1));
      expect(await bulkEdit(database.db, SELLER, ids.slice(0, 2), { kind: "badge", badge: "Premium" }, new Date())).toEqual({ ok: true, changed: 2 });
      expect(await bulkEdit(database.db, SELLER, ids, { kind: "archive" }, new Date())).toEqual({ ok: true, changed: 5 });
      expect((await readCatalogue(database.db)).product(ids[0])).toBeUndefined();
    });

    it("a product scheduled ahead stays a draft until the publish job's run after its time", async () => {
      const now = new Date("2030-01-01T10:00:00Z");
      const input = applySchedule(productInput({ listed: true, publishAt: "2030-01-01T10:01:00.000Z" }, "Scheduled Trigger"), now);
      expect(input.listed).toBe(false);
      const made = await createProduct(database.db, SELLER, input, now);
      if (!made.ok) throw new Error("not created");
      expect(await publishScheduled(database.db, new Date("2030-01-01T10:00:59Z"))).toEqual([]);
      expect((await readCatalogue(database.db)).product(made.id)?.listed).toBe(false);
      expect(await publishScheduled(database.db, new Date("2030-01-01T10:01:00Z"))).toEqual([made.id]);
      expect((await readCatalogue(database.db)).product(made.id)?.listed).toBe(true);
      expect((await findSellerProduct(database.db, made.id))?.input.publishAt).toBeNull();
      // A time already past lists at once.
      expect(applySchedule(productInput({ listed: false, publishAt: "2029-01-01T00:00:00.000Z" }), now)).toMatchObject({ listed: true, publishAt: null });
    });
  });
}
