import { describe, expect, it } from "vitest";
import { NEWUSER15 } from "../coupons";
import { couponReward, couponStatus, usageLeft } from "./coupon-view";

const now = new Date("2026-03-01T12:00:00Z");

describe("couponStatus", () => {
  it("says why a shopper cannot use it, disabled first", () => {
    expect(couponStatus(NEWUSER15, now)).toBe("expired");
    expect(couponStatus({ ...NEWUSER15, isActive: false }, now)).toBe("disabled");
    expect(couponStatus({ ...NEWUSER15, validUntil: "2026-03-01" }, now)).toBe("active");
    expect(couponStatus({ ...NEWUSER15, validUntil: null, usedCount: 1000 }, now)).toBe("used_up");
  });
});

describe("couponReward and usageLeft", () => {
  it("describe each type and the uses left", () => {
    const title = (id: string) => (id === "tramp-house" ? "Tramp House Room" : undefined);
    expect(couponReward(NEWUSER15, title)).toBe("Free Tramp House Room");
    expect(couponReward({ type: "percentage", value: 15, freeProductId: null }, title)).toBe("15% off");
    expect(couponReward({ type: "fixed", value: 500, freeProductId: null }, title)).toBe("$5.00 off");
    expect(usageLeft({ usageLimit: 1000, usedCount: 3 })).toBe("997 of 1000 left");
    expect(usageLeft({ usageLimit: 5, usedCount: 7 })).toBe("0 of 5 left");
    expect(usageLeft({ usageLimit: null, usedCount: 7 })).toBe("No limit");
  });
});
