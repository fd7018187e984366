import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  parseStoredLines,
  MAX_STORED_LINES,
  MAX_QUANTITY,
  addItem,
  cartTotals,
  clearCart,
  lineTotalCents,
  priceCart,
  removeItem,
  updateQuantity,
  type CartItem,
  type CartLine,
} from "./cart";
import { CATALOGUE, lookupProduct } from "../../tests/fixtures/products";

describe("cart reducers", () => {
  it("adds a new item at quantity 1 and raises an existing one by 1", () => {
    const one = addItem([], "1");
    expect(one).toEqual([{ id: "1", quantity: 1 }]);
    const two = addItem(one, "1");
    expect(two).toEqual([{ id: "1", quantity: 2 }]);
    expect(addItem(two, "4")).toEqual([
      { id: "1", quantity: 2 },
      { id: "4", quantity: 1 },
    ]);
  });

  it("never mutates its input", () => {
    const lines: CartLine[] = [{ id: "1", quantity: 1 }];
    const frozen = Object.freeze(lines.map((l) => Object.freeze({ ...l })));
    addItem(frozen, "1");
    updateQuantity(frozen, "1", 5);
    removeItem(frozen, "1");
    expect(frozen).toEqual([{ id: "1", quantity: 1 }]);
    expect(addItem(lines, "1")).not.toBe(lines);
  });

  it("caps a line at MAX_QUANTITY", () => {
    expect(MAX_QUANTITY).toBe(99);
    expect(addItem([{ id: "1", quantity: 99 }], "1")).toEqual([{ id: "1", quantity: 99 }]);
    expect(updateQuantity([{ id: "1", quantity: 1 }], "1", 500)).toEqual([{ id: "1", quantity: 99 }]);
  });

  it("removes a line", () => {
    expect(
      removeItem(
        [
          { id: "1", quantity: 2 },
          { id: "4", quantity: 1 },
        ],
        "1",
      ),
    ).toEqual([{ id: "4", quantity: 1 }]);
    expect(removeItem([{ id: "4", quantity: 1 }], "missing")).toEqual([{ id: "4", quantity: 1 }]);
  });

  it("updates quantity: sets it, floors fractions, removes at 0 or less", () => {
    const lines = [{ id: "1", quantity: 2 }];
    expect(updateQuantity(lines, "1", 5)).toEqual([{ id: "1", quantity: 5 }]);
    expect(updateQuantity(lines, "1", 3.7)).toEqual([{ id: "1", quantity: 3 }]);
    expect(updateQuantity(lines, "1", 0)).toEqual([]);
    expect(updateQuantity(lines, "1", -2)).toEqual([]);
    expect(updateQuantity(lines, "1", 0.5)).toEqual([]);
    expect(updateQuantity(lines, "1", Number.NaN)).toEqual([]);
    expect(updateQuantity(lines, "other", 4)).toEqual(lines);
  });

  it("clears", () => {
    expect(clearCart()).toEqual([]);
  });
});

describe("priceCart", () => {
  it("prices from the catalogue, never from the browser", () => {
    const { items, dropped } = priceCart(
      [
        { id: "1", quantity: 2 },
        { id: "4", quantity: 1 },
      ],
      lookupProduct,
    );
    expect(dropped).toEqual([]);
    expect(items).toEqual([
      { id: "1", title: "KKONG-V4-TRIGGER", priceCents: 4999, image: "/images/1.webp", category: "Permanent Triggers", quantity: 2 },
      { id: "4", title: "TRAMP-ROOM", priceCents: 2999, image: "/images/4.webp", category: "Rooms", quantity: 1 },
    ]);
  });

  it("drops unknown, unlisted and out-of-stock products and reports them once, naming the out-of-stock ones apart", () => {
    const { items, dropped, outOfStock } = priceCart(
      [
        { id: "gone", quantity: 1 },
        { id: "tramp-house", quantity: 1 },
        { id: "8", quantity: 1 },
        { id: "gone", quantity: 3 },
        { id: "8", quantity: 2 },
        { id: "2", quantity: 1 },
      ],
      lookupProduct,
    );
    expect(items.map((i) => i.id)).toEqual(["2"]);
    expect(dropped).toEqual(["gone", "tramp-house", "8"]);
    expect(outOfStock.map((p) => [p.id, p.title])).toEqual([["8", "Bunker Room"]]);
  });

  it("clamps quantities to 1..99 and merges duplicate ids", () => {
    const { items } = priceCart(
      [
        { id: "1", quantity: 0 },
        { id: "2", quantity: 1000 },
        { id: "4", quantity: 2.9 },
        { id: "10", quantity: Number.NaN },
        { id: "9x", quantity: 1 },
        { id: "4", quantity: 3 },
      ],
      lookupProduct,
    );
    expect(items.map((i) => [i.id, i.quantity])).toEqual([
      ["1", 1],
      ["2", 99],
      ["4", 5],
      ["10", 1],
    ]);
  });
});

describe("cartTotals", () => {
  const items = priceCart(
    [
      { id: "1", quantity: 2 },
      { id: "4", quantity: 1 },
    ],
    lookupProduct,
  ).items;

  it("sums price × quantity", () => {
    expect(cartTotals(items)).toEqual({ itemCount: 3, subtotalCents: 12997, discountCents: 0, finalTotalCents: 12997 });
    expect(cartTotals([])).toEqual({ itemCount: 0, subtotalCents: 0, discountCents: 0, finalTotalCents: 0 });
  });

  it("subtracts the discount", () => {
    expect(cartTotals(items, 1000)).toEqual({ itemCount: 3, subtotalCents: 12997, discountCents: 1000, finalTotalCents: 11997 });
  });

  it("clamps the discount to [0, subtotal]", () => {
    expect(cartTotals(items, 99999).finalTotalCents).toBe(0);
    expect(cartTotals(items, 99999).discountCents).toBe(12997);
    expect(cartTotals(items, -500).discountCents).toBe(0);
    expect(cartTotals(items, Number.NaN).discountCents).toBe(0);
  });

  const arbItems = fc.array(
    fc.record({
      id: fc.string(),
      title: fc.string(),
      priceCents: fc.integer({ min: 0, max: 1_000_000 }),
      image: fc.constant(""),
      category: fc.constantFrom("Permanent Triggers", "Gifting Triggers", "Triggers", "Rooms", "Bundles" as const),
      quantity: fc.integer({ min: 1, max: 99 }),
    }) satisfies fc.Arbitrary<CartItem>,
    { maxLength: 20 },
  );

  it("never goes negative and final = subtotal − discount (property)", () => {
    fc.assert(
      fc.property(arbItems, fc.oneof(fc.integer(), fc.double()), (cart, discount) => {
        const t = cartTotals(cart, discount);
        expect(t.subtotalCents).toBeGreaterThanOrEqual(0);
        expect(t.discountCents).toBeGreaterThanOrEqual(0);
        expect(t.discountCents).toBeLessThanOrEqual(t.subtotalCents);
        expect(t.finalTotalCents).toBeGreaterThanOrEqual(0);
        expect(t.finalTotalCents).toBe(t.subtotalCents - t.discountCents);
        expect(Number.isInteger(t.finalTotalCents)).toBe(true);
        expect(t.itemCount).toBe(cart.reduce((n, i) => n + i.quantity, 0));
      }),
    );
  });

  it("keeps priced quantities in 1..99 whatever the browser sends (property)", () => {
    const ids = CATALOGUE.map((p) => p.id);
    fc.assert(
      fc.property(fc.array(fc.record({ id: fc.oneof(fc.constantFrom(...ids), fc.string()), quantity: fc.oneof(fc.integer(), fc.double()) })), (lines) => {
        const { items } = priceCart(lines, lookupProduct);
        for (const item of items) {
          expect(item.quantity).toBeGreaterThanOrEqual(1);
          expect(item.quantity).toBeLessThanOrEqual(99);
          expect(Number.isInteger(item.quantity)).toBe(true);
          expect(item.priceCents).toBe(lookupProduct(item.id)?.priceCents);
        }
        expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
      }),
    );
  });

  it("reducers keep ids unique and quantities in 1..99 (property)", () => {
    const action = fc.oneof(
      fc.record({ kind: fc.constant("add" as const), id: fc.constantFrom("a", "b", "c") }),
      fc.record({ kind: fc.constant("remove" as const), id: fc.constantFrom("a", "b", "c") }),
      fc.record({ kind: fc.constant("update" as const), id: fc.constantFrom("a", "b", "c"), qty: fc.oneof(fc.integer(), fc.double()) }),
    );
    fc.assert(
      fc.property(fc.array(action, { maxLength: 60 }), (actions) => {
        let lines: CartLine[] = clearCart();
        for (const a of actions) {
          lines = a.kind === "add" ? addItem(lines, a.id) : a.kind === "remove" ? removeItem(lines, a.id) : updateQuantity(lines, a.id, a.qty);
        }
        expect(new Set(lines.map((l) => l.id)).size).toBe(lines.length);
        for (const line of lines) {
          expect(Number.isInteger(line.quantity)).toBe(true);
          expect(line.quantity).toBeGreaterThanOrEqual(1);
          expect(line.quantity).toBeLessThanOrEqual(99);
        }
      }),
    );
  });
});

describe("lineTotalCents", () => {
  it("is the unit price times the quantity, in cents", () => {
    expect(lineTotalCents({ unitPriceCents: 5499, quantity: 3 })).toBe(16497);
    expect(lineTotalCents({ unitPriceCents: 0, quantity: 1 })).toBe(0);
  });
});

describe("parseStoredLines", () => {
  it("keeps a well-formed stored cart, ids and quantities only", () => {
    expect(
      parseStoredLines([
        { id: "1", quantity: 2, title: "ignored" },
        { id: "venom", quantity: 1 },
      ]),
    ).toEqual([
      { id: "1", quantity: 2 },
      { id: "venom", quantity: 1 },
    ]);
    expect(parseStoredLines([])).toEqual([]);
  });

  it("drops anything that is not a stored cart, whole", () => {
    for (const raw of [
      null,
      "[]",
      { id: "1", quantity: 1 },
      [{ id: 1, quantity: 1 }],
      [{ id: "1", quantity: "2" }],
      [{ id: "1", quantity: Number.NaN }],
      [{ id: "1" }],
      [{ id: "1", quantity: 1 }, null],
      [{ id: "x".repeat(101), quantity: 1 }],
      Array.from({ length: MAX_STORED_LINES + 1 }, (_, i) => ({ id: String(i), quantity: 1 })),
    ]) {
      expect(parseStoredLines(raw)).toEqual([]);
    }
  });
});
