import { describe, expect, it } from "vitest";
import { onSale } from "./product";

describe("onSale (docs/decisions/049)", () => {
  it("follows the In stock box when units are not counted", () => {
    expect(onSale({ inStock: true, stock: null })).toBe(true);
    expect(onSale({ inStock: false, stock: null })).toBe(false);
  });

  it("is off at a count of 0 whatever the box says, and needs the box ticked while units are left", () => {
    expect(onSale({ inStock: true, stock: 0 })).toBe(false);
    expect(onSale({ inStock: true, stock: 1 })).toBe(true);
    expect(onSale({ inStock: false, stock: 5 })).toBe(false);
  });
});
