import { describe, expect, it } from "vitest";
import { featuredProducts, publicProducts } from "~/domain/catalogue";
import { newOrder } from "../../../tests/fixtures/orders";
import { productInput } from "../../../tests/fixtures/product-input";
import { seededDatabase, testDatabases } from "../../../tests/setup/databases";
import { readCatalogue } from "./cache.server";
import { createOrder, findOrder } from "../orders/orders.server";
import { actionsOn } from "../../../tests/setup/audit";
import {
  createProduct,
  duplicateProduct,
  findSellerProduct,
  listSellerProducts,
  moveProduct,
  setArchived,
  setFeatured,
  updateProduct,
} from "./console-products.server";
import { TEST_SITE } from "../../../tests/fixtures/site";

const SELLER = { id: null, actor: "seller:ops@example.com" };

for (const target of testDatabases()) {
  describe(`the seller's catalogue on ${target.name}`, () => {
    const database = seededDatabase(target);
    const stored = async (id: string) => {
      const product = await findSellerProduct(database.db, id);
      if (!product) throw new Error(`no product ${id}`);
      return product;
    };

    it("lists every product, the reward-only room included, with what each language misses", async () => {
      const products = await listSellerProducts(database.db);
      expect(products).toHaveLength(17);
      expect(products.find((p) => p.id === "tramp-house")).toMatchObject({ listed: false, category: "Rooms", archived: false, untranslated: [] });
    });

    it("shows a new price on the storefront at once while an existing order keeps the title and price it was sold at; one audit row with before/after", async () => {
      // Warm the cache first: the edit must replace what the storefront remembers.
      expect((await readCatalogue(database.db)).product("2")?.priceCents).toBe(5499);
      const sold = await createOrder(database.db, TEST_SITE, newOrder({ lines: [{ id: "2", quantity: 2 }] }), new Date());
      if (!sold.ok) throw new Error("order refused");

      const before = await stored("2");
      const en = before.input.texts.en;
      const input = {
        ...before.input,
        priceCents: 4499,
        inStock: false,
        badge: "Popular" as const,
        texts: { ...before.input.texts, en: { ...en, title: "VENOM-TRIGGER II" } },
      };
      const result = await updateProduct(database.db, SELLER, "2", input, new Date());
      const changes = { priceCents: [5499, 4499], inStock: [true, false], badge: ["Premium", "Popular"], "title.en": ["VENOM-TRIGGER", "VENOM-TRIGGER II"] };
      expect(result).toEqual({ ok: true, id: "2", changes });
      expect((await readCatalogue(database.db)).product("2")).toMatchObject({ priceCents: 4499, inStock: false, badge: "Popular", title: "VENOM-TRIGGER II" });
      expect(await actionsOn(database.db, "product:2")).toEqual([
        expect.objectContaining({ actor: "seller:ops@example.com", action: "product_updated", detail: changes }),
      ]);

      const order = await findOrder(database.db, sold.order.id);
      expect(order?.items[0]).toMatchObject({ productId: "2", title: "VENOM-TRIGGER", unitPriceCents: 5499, quantity: 2 });
      // Out of stock now: a new order holding it is refused with its name.
      const next = await createOrder(database.db, TEST_SITE, newOrder({ lines: [{ id: "2", quantity: 1 }] }), new Date());
      expect(next).toEqual({ ok: false, code: "product_out_of_stock", vars: { product: "VENOM-TRIGGER II" } });
      await updateProduct(database.db, SELLER, "2", before.input, new Date());
    });

    it("records nothing when nothing changed", async () => {
      const product = await stored("6");
      expect(await updateProduct(database.db, SELLER, "6", product.input, new Date())).toEqual({ ok: true, id: "6", changes: {} });
      expect(await actionsOn(database.db, "product:6")).toEqual([]);
    });

    it("falls back to English for a French or Spanish text left empty, and says which are missing", async () => {
      const product = await stored("9");
      const fr = { ...product.input.texts.fr!, title: "Projecteur coquin", description: "" };
      await updateProduct(database.db, SELLER, "9", { ...product.input, texts: { ...product.input.texts, fr } }, new Date());
      const shown = (await readCatalogue(database.db)).product("9")!;
      expect(shown.titles).toEqual({ en: "Dirty Projector", fr: "Projecteur coquin", es: "Dirty Projector" });
      expect(shown.description.fr).toBe(shown.description.en);
      expect((await stored("9")).missing).toEqual({ en: [], fr: ["description"], es: [] });
      expect((await listSellerProducts(database.db)).find((p) => p.id === "9")?.untranslated).toEqual(["fr"]);
    });

    it("the featured row is the seller's choice and order, whatever the badge (docs/decisions/048)", async () => {
      const featuredIds = async () => featuredProducts((await readCatalogue(database.db)).products).map((p) => p.id);
      const seeded = await featuredIds();
      expect(seeded).toHaveLength(6);
      expect(seeded).toContain("king-cummy");
      expect(seeded).not.toContain("king-cummy-v8-new");
      // A badge alone no longer features anything.
      const v8 = await stored("king-cummy-v8-new");
      await updateProduct(database.db, SELLER, "king-cummy-v8-new", { ...v8.input, badge: "Popular" }, new Date());
      expect(await featuredIds()).toEqual(seeded);
      await updateProduct(database.db, SELLER, "king-cummy-v8-new", v8.input, new Date());
      // Featured: first in the row at once; one audit row.
      expect(await setFeatured(database.db, SELLER, "king-cummy-v8-new", true, new Date())).toMatchObject({ ok: true });
      expect(await featuredIds()).toEqual(["king-cummy-v8-new", ...seeded.slice(0, 5)]);
      expect((await actionsOn(database.db, "product:king-cummy-v8-new"))[0]).toMatchObject({ action: "product_featured" });
      expect(await setFeatured(database.db, SELLER, "king-cummy-v8-new", true, new Date())).toMatchObject({ ok: true, changes: {} });
      // Unfeatured: gone, and the others keep their order.
      await setFeatured(database.db, SELLER, "king-cummy-v8-new", false, new Date());
      expect(await featuredIds()).toEqual(seeded);
      expect((await stored("king-cummy-v8-new")).featured).toBeNull();
    });

    it("creates a product with a stable id from its title, a draft until listed", async () => {
      const result = await createProduct(database.db, SELLER, productInput({ listed: false }), new Date());
      expect(result).toMatchObject({ ok: true, id: "gorilla-trigger" });
      const catalogue = await readCatalogue(database.db);
      expect(catalogue.product("gorilla-trigger")).toMatchObject({
        listed: false,
        titles: { en: "Gorilla Trigger", fr: "Gorilla Trigger FR", es: "Gorilla Trigger" },
      });
      expect(publicProducts(catalogue.products).map((p) => p.id)).not.toContain("gorilla-trigger");
      const [created] = await actionsOn(database.db, "product:gorilla-trigger");
      expect(created).toMatchObject({
        action: "product_created",
        detail: expect.objectContaining({ "title.en": [null, "Gorilla Trigger"], priceCents: [null, 3999] }),
      });

      // Renaming never moves its URL; a second product with the same title gets another id.
      const draft = await stored("gorilla-trigger");
      await updateProduct(
        database.db,
        SELLER,
        "gorilla-trigger",
        {
          ...draft.input,
          listed: true,
          texts: { ...draft.input.texts, en: { ...draft.input.texts.en, title: "Silverback" } },
        },
        new Date(),
      );
      expect((await readCatalogue(database.db)).product("gorilla-trigger")).toMatchObject({ title: "Silverback", listed: true });
      expect(await createProduct(database.db, SELLER, productInput({}, "Silverback"), new Date())).toMatchObject({ ok: true, id: "silverback" });
      expect(await createProduct(database.db, SELLER, productInput({}, "Gorilla Trigger"), new Date())).toMatchObject({ ok: true, id: "gorilla-trigger-2" });
      // A gift-delivered product's id says "gift" (SPEC §4 recognises gifts by id).
      expect(await createProduct(database.db, SELLER, productInput({ delivery: "username-gift" }, "Ape"), new Date())).toMatchObject({
        ok: true,
        id: "ape-gift",
      });
    });

    it("builds a bundle from picked items and computes its saving from their prices", async () => {
      const result = await createProduct(
        database.db,
        SELLER,
        productInput({ category: "Bundles", type: "bundle", bundleItemIds: ["1", "4"], priceCents: 6000 }, "Duo"),
        new Date(),
      );
      if (!result.ok) throw new Error("refused");
      const bundle = (await readCatalogue(database.db)).product(result.id)!;
      expect(bundle.bundleItems).toEqual([
        { productId: "1", title: "KKONG-V4-TRIGGER", priceCents: 4999 },
        { productId: "4", title: "TRAMP-ROOM", priceCents: 2999 },
      ]);
      expect((await stored(result.id)).bundle).toEqual({ items: expect.any(Array), savingsCents: 4999 + 2999 - 6000 });
      expect(
        await createProduct(database.db, SELLER, productInput({ category: "Bundles", type: "bundle", bundleItemIds: ["1", result.id] }, "Bad"), new Date()),
      ).toEqual({
        ok: false,
        errors: { bundleItems: expect.any(String) },
      });
    });

    it("archives a product off the storefront while past orders keep it, and restores it", async () => {
      const sold = await createOrder(database.db, TEST_SITE, newOrder({ lines: [{ id: "7", quantity: 1 }] }), new Date());
      if (!sold.ok) throw new Error("order refused");
      expect(await setArchived(database.db, SELLER, "7", true, new Date())).toMatchObject({ ok: true, changes: { archived: [false, true] } });
      const catalogue = await readCatalogue(database.db);
      expect(catalogue.product("7")).toBeUndefined();
      expect(catalogue.anyProduct("7")?.title).toBe("3SOME-ROOM");
      expect(catalogue.products.map((p) => p.id)).not.toContain("7");
      expect((await findOrder(database.db, sold.order.id))?.items[0]).toMatchObject({ productId: "7", title: "3SOME-ROOM", unitPriceCents: 3999 });
      expect(await createOrder(database.db, TEST_SITE, newOrder({ lines: [{ id: "7", quantity: 1 }] }), new Date())).toMatchObject({ ok: false });
      expect((await listSellerProducts(database.db)).at(-1)).toMatchObject({ id: "7", archived: true });

      await setArchived(database.db, SELLER, "7", false, new Date());
      expect((await readCatalogue(database.db)).product("7")).toMatchObject({ listed: true });
      expect((await actionsOn(database.db, "product:7")).map((a) => a.action)).toEqual(["product_restored", "product_archived"]);
    });

    it("duplicates a product as a draft with one audit row", async () => {
      const result = await duplicateProduct(database.db, SELLER, "10", new Date());
      expect(result).toMatchObject({ ok: true, id: "netflix-n-chill-copy" });
      const copy = (await readCatalogue(database.db)).product("netflix-n-chill-copy")!;
      expect(copy).toMatchObject({ title: "Netflix N Chill (copy)", listed: false, images: ["/products/10.svg"], videoUrl: "/products/10.mp4" });
      const actions = await actionsOn(database.db, "product:netflix-n-chill-copy");
      expect(actions).toHaveLength(1);
      expect(actions[0]).toMatchObject({ action: "product_duplicated", detail: expect.objectContaining({ duplicatedFrom: [null, "10"] }) });
    });

    it("moves a product one place and the storefront follows the new order", async () => {
      const order = async () => (await readCatalogue(database.db)).products.map((p) => p.id);
      const before = await order();
      expect(before.slice(0, 2)).toEqual(["king-cummy", "king-cummy-v8-new"]);
      expect(await moveProduct(database.db, SELLER, "king-cummy-v8-new", "up", new Date())).toMatchObject({ ok: true, changes: { position: [2, 1] } });
      expect((await order()).slice(0, 2)).toEqual(["king-cummy-v8-new", "king-cummy"]);
      expect(await moveProduct(database.db, SELLER, "king-cummy-v8-new", "up", new Date())).toEqual({ ok: true, id: "king-cummy-v8-new", changes: {} });
      await moveProduct(database.db, SELLER, "king-cummy-v8-new", "down", new Date());
      expect(await order()).toEqual(before);
      expect((await actionsOn(database.db, "product:king-cummy-v8-new")).filter((a) => a.action === "product_moved")).toHaveLength(2);
    });

    it("refuses an unknown product", async () => {
      expect(await updateProduct(database.db, SELLER, "nope", productInput(), new Date())).toEqual({ ok: false, reason: "not_found" });
      expect(await setArchived(database.db, SELLER, "nope", true, new Date())).toEqual({ ok: false, reason: "not_found" });
    });
  });
}
