import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ORDER_ID_PATTERN, createOrderId, isOrderId } from "./order-id";

describe("createOrderId", () => {
  it("is ORD + yymmddHHMMSS in UTC + '-' + 4 base-36 characters", () => {
    const values = [0, 0.5, 0.999, 10 / 36];
    let i = 0;
    const id = createOrderId(new Date("2025-03-07T04:05:09Z"), () => values[i++ % values.length] ?? 0);
    expect(id).toBe("ORD250307040509-0IZA");
  });

  it("always matches the pattern, even with a faulty random source (property)", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2099-12-31T23:59:59Z"), noInvalidDate: true }),
        fc.oneof(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), fc.constantFrom(1, 2, -1)),
        (date, r) => {
          const id = createOrderId(date, () => r);
          expect(id).toMatch(ORDER_ID_PATTERN);
          expect(isOrderId(id)).toBe(true);
        },
      ),
    );
  });

  it("uses Math.random by default", () => {
    expect(isOrderId(createOrderId(new Date()))).toBe(true);
  });
});

describe("isOrderId", () => {
  it("rejects anything else", () => {
    for (const bad of ["", "ORD250307040509", "ORD250307040509-abcd", "ord250307040509-ABCD", "ORD25030704050-ABCD", " ORD250307040509-ABCD", 42, null]) {
      expect(isOrderId(bad)).toBe(false);
    }
  });
});
