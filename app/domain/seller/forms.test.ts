import { describe, expect, it } from "vitest";
import { readCouponTerms, readNewCoupon } from "./coupon-form";
import { centsToAmountString } from "../money";
import { parseDollars } from "./form-fields";

describe("parseDollars", () => {
  it("reads dollars into cents and refuses negatives, letters and sub-cent amounts", () => {
    expect(parseDollars("54.99")).toBe(5499);
    expect(parseDollars("$ 5")).toBe(500);
    expect(parseDollars("0.5")).toBe(50);
    expect(parseDollars("1,234.50")).toBe(123450);
    for (const bad of ["-1", "1.999", "abc", "", "1e3", "100000.01"]) expect(parseDollars(bad)).toBeNull();
    expect(centsToAmountString(5499)).toBe("54.99");
  });
});

describe("coupon forms", () => {
  const base = { description: "Spring sale", minPurchase: "", usageLimit: "", validUntil: "", isActive: "on" };

  it("reads each type with its value", () => {
    expect(readNewCoupon({ ...base, code: " spring-10 ", type: "percentage", percent: "10" })).toEqual({
      ok: true,
      coupon: {
        code: "SPRING-10",
        type: "percentage",
        value: 10,
        freeProductId: null,
        description: "Spring sale",
        usageLimit: null,
        minPurchaseCents: 0,
        validUntil: null,
        isActive: true,
      },
    });
    expect(readCouponTerms({ ...base, type: "fixed", amount: "5", minPurchase: "20", usageLimit: "50", validUntil: "2027-01-31" })).toMatchObject({
      ok: true,
      coupon: { type: "fixed", value: 500, minPurchaseCents: 2000, usageLimit: 50, validUntil: "2027-01-31" },
    });
    expect(readCouponTerms({ ...base, type: "free_product", freeProductId: "tramp-house", percent: "99" })).toMatchObject({
      ok: true,
      coupon: { type: "free_product", value: 0, freeProductId: "tramp-house" },
    });
  });

  it("names every bad field", () => {
    const result = readNewCoupon({ ...base, code: "a", type: "percentage", percent: "150", validUntil: "2027-02-30" });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.errors).sort()).toEqual(["code", "validUntil"]);
    const typed = readCouponTerms({ ...base, type: "percentage", percent: "150" });
    expect(typed.ok ? null : typed.errors.percent).toMatch(/1 to 100/);
    expect(readCouponTerms({ ...base, type: "fixed", amount: "0" })).toMatchObject({ ok: false, errors: { amount: expect.any(String) } });
    expect(readCouponTerms({ ...base, type: "free_product" })).toMatchObject({ ok: false, errors: { freeProductId: "Choose the free product" } });
    expect(readCouponTerms({ ...base, type: "bogus" })).toMatchObject({ ok: false, errors: { type: expect.any(String) } });
    expect(readCouponTerms({ ...base, type: "fixed", amount: "5", usageLimit: "0" })).toMatchObject({ ok: false, errors: { usageLimit: expect.any(String) } });
    expect(readCouponTerms({ ...base, description: "  ", type: "fixed", amount: "5" })).toMatchObject({
      ok: false,
      errors: { description: "Description is required" },
    });
  });
});
