import { describe, expect, it } from "vitest";
import { bundleSavingsCents, isGiftProduct, savingsCents } from "./pricing";

describe("pricing", () => {
  it("recognises gift products by id", () => {
    expect(isGiftProduct("king-kong-ultra-gift")).toBe(true);
    expect(isGiftProduct("king-kong-v4-tramp-house-bundle")).toBe(false);
  });

  it("saves original minus current price, never negative", () => {
    expect(savingsCents({ priceCents: 5499, originalPriceCents: 7999 })).toBe(2500);
    expect(savingsCents({ priceCents: 5000, originalPriceCents: 4000 })).toBe(0);
  });

  it("bundle savings compare with buying the items separately", () => {
    expect(bundleSavingsCents(6999, [{ priceCents: 5499 }, { priceCents: 3999 }])).toBe(2499);
    expect(bundleSavingsCents(5999, [{ priceCents: 4999 }, { priceCents: 2999 }])).toBe(1999);
    expect(bundleSavingsCents(9999, [{ priceCents: 4999 }, { priceCents: 2999 }])).toBe(0);
  });
});
