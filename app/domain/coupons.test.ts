import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cartTotals, priceCart, type CartItem, type CartLine } from "./cart";
import {
  NEWUSER15,
  couponDiscountCents,
  evaluateCoupon,
  findCoupon,
  hasEligibleTrigger,
  isCouponAdvertisable,
  isCouponExpired,
  isEligibleTrigger,
  normalizeCouponInput,
  type Coupon,
} from "./coupons";
import { lookupProduct } from "../../tests/fixtures/products";

const BEFORE_END = new Date("2025-06-01T12:00:00Z");
const cart = (...lines: CartLine[]): CartItem[] => priceCart(lines, lookupProduct).items;
const line = (id: string, quantity = 1): CartLine => ({ id, quantity });

const coupon = (overrides: Partial<Coupon>): Coupon => ({
  id: "c",
  code: "SAVE10",
  type: "percentage",
  value: 10,
  description: "10% off",
  isActive: true,
  usageLimit: null,
  usedCount: 0,
  minPurchaseCents: 0,
  validUntil: null,
  freeProductId: null,
  ...overrides,
});

describe("NEWUSER15", () => {
  it("carries the spec's data", () => {
    expect(NEWUSER15).toMatchObject({
      code: "NEWUSER15",
      type: "free_product",
      isActive: true,
      usageLimit: 1000,
      usedCount: 0,
      minPurchaseCents: 0,
      validUntil: "2025-12-31",
      freeProductId: "tramp-house",
    });
  });
});

describe("coupon lookup", () => {
  it("is case-insensitive and trimmed", () => {
    expect(normalizeCouponInput("  newuser15 ")).toBe("NEWUSER15");
    expect(findCoupon([NEWUSER15], " newUser15 ")).toBe(NEWUSER15);
    expect(findCoupon([NEWUSER15], "NEWUSER")).toBeUndefined();
    expect(findCoupon([coupon({ code: "" })], "  ")).toBeUndefined();
  });
});

describe("isEligibleTrigger (SPEC §5 and §6)", () => {
  const item = (id: string, title: string, category: CartItem["category"]) => ({ id, title, category });

  it("accepts titles containing 'trigger' in any case", () => {
    expect(isEligibleTrigger(item("1", "KKONG-V4-TRIGGER", "Permanent Triggers"))).toBe(true);
    expect(isEligibleTrigger(item("x", "my trigger", "Permanent Triggers"))).toBe(true);
  });

  it("excludes gifting triggers even when the title says trigger (SPEC §6: no free room with gifts)", () => {
    expect(isEligibleTrigger(item("king-kong-ultra-gift", "King Kong Ultra Gift Trigger", "Gifting Triggers"))).toBe(false);
  });

  it("accepts category 'Triggers' whatever the title", () => {
    expect(isEligibleTrigger(item("x", "Venom", "Triggers"))).toBe(true);
  });

  it("does not accept 'Permanent Triggers' / 'Gifting Triggers' items by category alone", () => {
    expect(isEligibleTrigger(item("king-kong-ultra-gift", "King Kong Ultra", "Gifting Triggers"))).toBe(false);
    expect(isEligibleTrigger(item("x", "Venom", "Permanent Triggers"))).toBe(false);
  });

  it("excludes King Cummy by id or by title", () => {
    expect(isEligibleTrigger(item("king-cummy", "KING-CUMMY-TRIGGER", "Triggers"))).toBe(false);
    expect(isEligibleTrigger(item("other", "King Cummy", "Triggers"))).toBe(false);
    expect(isEligibleTrigger(item("other", " KING CUMMY ", "Triggers"))).toBe(false);
    expect(isEligibleTrigger(item("king-cummy-v8-new", "KCUMMY-V8-TRIGGER", "Permanent Triggers"))).toBe(true);
  });

  it("excludes rooms and bundles even with 'trigger' in the title", () => {
    expect(isEligibleTrigger(item("venom-firsty-bundle", "Venom Trigger + Firsty Room Bundle", "Bundles"))).toBe(false);
    expect(isEligibleTrigger(item("r", "Trigger Room", "Rooms"))).toBe(false);
  });

  it("looks across the whole cart", () => {
    expect(hasEligibleTrigger(cart(line("4"), line("king-cummy")))).toBe(false);
    expect(hasEligibleTrigger(cart(line("4"), line("2")))).toBe(true);
    expect(hasEligibleTrigger([])).toBe(false);
  });
});

describe("expiry", () => {
  it("is valid through the end of validUntil, UTC", () => {
    expect(isCouponExpired(NEWUSER15, new Date("2025-12-31T23:59:59.999Z"))).toBe(false);
    expect(isCouponExpired(NEWUSER15, new Date("2026-01-01T00:00:00.000Z"))).toBe(true);
    expect(isCouponExpired(coupon({ validUntil: null }), new Date("2999-01-01"))).toBe(false);
  });

  it("treats an unreadable date as expired", () => {
    expect(isCouponExpired(coupon({ validUntil: "31/12/2025" }), BEFORE_END)).toBe(true);
  });
});

describe("isCouponAdvertisable", () => {
  it("advertises only codes that could be applied now", () => {
    expect(isCouponAdvertisable(NEWUSER15, BEFORE_END)).toBe(true);
    expect(isCouponAdvertisable(NEWUSER15, new Date("2026-01-01T00:00:00Z"))).toBe(false);
    expect(isCouponAdvertisable({ ...NEWUSER15, isActive: false }, BEFORE_END)).toBe(false);
    expect(isCouponAdvertisable({ ...NEWUSER15, usedCount: 1000 }, BEFORE_END)).toBe(false);
    expect(isCouponAdvertisable({ ...NEWUSER15, usedCount: 999 }, BEFORE_END)).toBe(true);
  });
});

describe("evaluateCoupon", () => {
  const run = (c: Coupon, items: CartItem[], code = c.code, now = BEFORE_END) => evaluateCoupon({ coupons: [c], code, items, now });
  const triggerCart = cart(line("1"));

  it("applies NEWUSER15 with an eligible trigger: free tramp-house, no discount", () => {
    expect(run(NEWUSER15, triggerCart, "newuser15")).toEqual({
      ok: true,
      coupon: NEWUSER15,
      discountCents: 0,
      freeProductId: "tramp-house",
    });
  });

  it("refuses with the spec's messages, in the spec's order", () => {
    expect(run(NEWUSER15, triggerCart, "NOPE")).toMatchObject({ ok: false, code: "coupon_invalid", message: "Invalid coupon code" });
    expect(run({ ...NEWUSER15, isActive: false, usedCount: 1000 }, triggerCart)).toMatchObject({
      ok: false,
      code: "coupon_inactive",
      message: "This coupon is no longer active",
    });
    expect(run({ ...NEWUSER15, usedCount: 1000 }, [], NEWUSER15.code, new Date("2026-01-01T00:00:00Z"))).toMatchObject({
      ok: false,
      code: "coupon_expired",
      message: "This coupon has expired",
    });
    expect(run({ ...NEWUSER15, usedCount: 1000 }, [])).toMatchObject({
      ok: false,
      code: "coupon_usage_limit",
      message: "This coupon has reached its usage limit",
    });
    expect(run(coupon({ minPurchaseCents: 1000, freeProductId: "tramp-house", type: "free_product" }), [])).toMatchObject({
      ok: false,
      code: "coupon_min_purchase",
      message: "Minimum purchase of $10.00 required for this coupon",
      vars: { amount: "$10.00" },
    });
    expect(run(NEWUSER15, cart(line("king-cummy"), line("4"), line("venom-firsty-bundle")))).toMatchObject({
      ok: false,
      code: "coupon_not_eligible",
      message: "This coupon only works with eligible triggers (excludes King Cummy, rooms, and bundles)",
    });
  });

  it("checks the minimum against the subtotal, inclusive", () => {
    const min = coupon({ minPurchaseCents: 4999 });
    expect(run(min, cart(line("1"))).ok).toBe(true);
    expect(run(min, cart(line("4"))).ok).toBe(false);
  });

  it("requires the eligible trigger only for the free-room offer", () => {
    expect(run(coupon({ value: 10 }), cart(line("4"))).ok).toBe(true);
    expect(run({ ...NEWUSER15, code: "FREEROOM" }, cart(line("4")), "FREEROOM").ok).toBe(false);
  });

  it("computes a percentage of the subtotal, rounded to the cent", () => {
    // 15% of 49.99 = 7.4985 → 7.50
    const result = run(coupon({ value: 15 }), cart(line("1")));
    expect(result).toMatchObject({ ok: true, discountCents: 750, freeProductId: null });
  });

  it("caps a fixed discount at the subtotal", () => {
    expect(run(coupon({ type: "fixed", value: 500 }), cart(line("4")))).toMatchObject({ ok: true, discountCents: 500 });
    expect(run(coupon({ type: "fixed", value: 10_000 }), cart(line("4")))).toMatchObject({ ok: true, discountCents: 2999 });
  });

  it("refuses a free-product coupon whose reward no longer exists", () => {
    const result = evaluateCoupon({ coupons: [NEWUSER15], code: "NEWUSER15", items: triggerCart, now: BEFORE_END, freeProduct: () => undefined });
    expect(result).toMatchObject({ ok: false, code: "coupon_inactive" });
    const found = evaluateCoupon({ coupons: [NEWUSER15], code: "NEWUSER15", items: triggerCart, now: BEFORE_END, freeProduct: lookupProduct });
    expect(found).toMatchObject({ ok: true, freeProductId: "tramp-house" });
  });

  const arbItems = fc.array(
    fc.record({
      id: fc.constantFrom("1", "2", "4", "king-cummy", "x"),
      title: fc.constantFrom("KKONG-V4-TRIGGER", "TRAMP-ROOM", "King Cummy", "Bundle"),
      priceCents: fc.integer({ min: 0, max: 500_000 }),
      image: fc.constant(""),
      category: fc.constantFrom("Permanent Triggers", "Gifting Triggers", "Triggers", "Rooms", "Bundles" as const),
      quantity: fc.integer({ min: 1, max: 99 }),
    }) satisfies fc.Arbitrary<CartItem>,
    { maxLength: 10 },
  );
  const arbCoupon = fc.record({
    type: fc.constantFrom("free_product", "percentage", "fixed" as const),
    value: fc.oneof(fc.integer({ min: -1000, max: 1_000_000 }), fc.double({ noNaN: true })),
  });

  it("never discounts more than the subtotal nor below zero; final = subtotal − discount (property)", () => {
    fc.assert(
      fc.property(arbItems, arbCoupon, (items, { type, value }) => {
        const c = coupon({ type, value, freeProductId: type === "free_product" ? "gift-x" : null });
        const result = run(c, items);
        expect(result.ok).toBe(true);
        if (!result.ok) return;
        const totals = cartTotals(items, result.discountCents);
        expect(result.discountCents).toBeGreaterThanOrEqual(0);
        expect(result.discountCents).toBeLessThanOrEqual(totals.subtotalCents);
        expect(Number.isInteger(result.discountCents)).toBe(true);
        expect(totals.discountCents).toBe(result.discountCents);
        expect(totals.finalTotalCents).toBe(totals.subtotalCents - result.discountCents);
        expect(totals.finalTotalCents).toBeGreaterThanOrEqual(0);
        if (type === "free_product") expect(result.discountCents).toBe(0);
      }),
    );
  });

  it("NEWUSER15 applies exactly when the cart has an eligible trigger (property)", () => {
    fc.assert(
      fc.property(arbItems, (items) => {
        expect(run(NEWUSER15, items).ok).toBe(hasEligibleTrigger(items));
      }),
    );
  });

  it("couponDiscountCents stays in [0, subtotal] (property)", () => {
    fc.assert(
      fc.property(arbCoupon, fc.integer({ min: 0, max: 10_000_000 }), ({ type, value }, subtotal) => {
        const d = couponDiscountCents(coupon({ type, value }), subtotal);
        expect(d).toBeGreaterThanOrEqual(0);
        expect(d).toBeLessThanOrEqual(subtotal);
      }),
    );
  });
});
