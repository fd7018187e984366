import { describe, expect, it } from "vitest";
import { NEWUSER15, type Coupon } from "./coupons";
import { newUserOffer } from "./new-user-offer";
import type { Category } from "./product";

const products: Record<string, { category: Category }> = {
  "tramp-house": { category: "Rooms" },
  "2": { category: "Permanent Triggers" },
};
const product = (id: string) => products[id];
const live: Coupon = { ...NEWUSER15, validUntil: "2027-06-30", usedCount: 10 };
const JUNE_2027 = new Date("2027-06-01T12:00:00Z");

describe("newUserOffer", () => {
  it("runs while NEWUSER15 can be applied and gives a room", () => {
    expect(newUserOffer(live, JUNE_2027, product)).toEqual({ code: "NEWUSER15" });
    expect(newUserOffer({ ...live, validUntil: null }, JUNE_2027, product)).toEqual({ code: "NEWUSER15" });
  });

  it("is off with the spec's data: NEWUSER15 ended on 2025-12-31", () => {
    expect(newUserOffer(NEWUSER15, new Date("2025-12-31T23:59:59Z"), product)).not.toBeNull();
    expect(newUserOffer(NEWUSER15, new Date("2026-01-01T00:00:00Z"), product)).toBeNull();
  });

  it("is off when the coupon is disabled, expired, used up or missing", () => {
    expect(newUserOffer({ ...live, isActive: false }, JUNE_2027, product)).toBeNull();
    expect(newUserOffer({ ...live, validUntil: "2027-05-31" }, JUNE_2027, product)).toBeNull();
    expect(newUserOffer({ ...live, usageLimit: 10 }, JUNE_2027, product)).toBeNull();
    expect(newUserOffer(undefined, JUNE_2027, product)).toBeNull();
  });

  it("is off when the coupon no longer gives a free room, since the bar promises one", () => {
    expect(newUserOffer({ ...live, type: "percentage", value: 15, freeProductId: null }, JUNE_2027, product)).toBeNull();
    expect(newUserOffer({ ...live, freeProductId: "2" }, JUNE_2027, product)).toBeNull();
    expect(newUserOffer({ ...live, freeProductId: "gone" }, JUNE_2027, product)).toBeNull();
  });

  it("only ever advertises NEWUSER15", () => {
    expect(newUserOffer({ ...live, code: "FREEROOM" }, JUNE_2027, product)).toBeNull();
  });
});
