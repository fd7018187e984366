import { describe, expect, it } from "vitest";
import { bundleSavingsCents, isGiftProduct, savingsCents, shownSaving } from "./pricing";

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

  it("shows a bundle one saving, against its items bought separately, whatever its original price", () => {
    // King Kong V4 bundle: 59.99 against 49.99 + 29.99 separately; its catalogue original price is 104.99.
    const bundle = { priceCents: 5999, originalPriceCents: 10499 };
    const separately = bundleSavingsCents(bundle.priceCents, [{ priceCents: 4999 }, { priceCents: 2999 }]);
    expect(shownSaving(bundle, separately)).toEqual({ cents: 1999, against: "separately" });
    expect(shownSaving({ priceCents: 9999, originalPriceCents: 10499 }, 0)).toEqual({ cents: 0, against: "separately" });
  });

  it("shows other products their saving against the original price", () => {
    expect(shownSaving({ priceCents: 5499, originalPriceCents: 7999 }, null)).toEqual({ cents: 2500, against: "original" });
  });
});
