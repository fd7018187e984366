import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { formatCartCookie, parseCartCookie } from "./cart-cookie";

describe("cart cookie", () => {
  it("round-trips the stored lines", () => {
    const lines = [
      { id: "1", quantity: 2 },
      { id: "12", quantity: 99 },
    ];
    expect(formatCartCookie(lines)).toBe("1:2,12:99");
    expect(parseCartCookie(formatCartCookie(lines))).toEqual(lines);
  });

  it("reads nothing from an absent, empty or malformed value", () => {
    for (const value of [undefined, null, "", "1", "1:", ":3", "1:x", "1:2,,3:1", "1:-2", "1:1e3", "x".repeat(4000)]) {
      expect(parseCartCookie(value)).toEqual([]);
    }
  });

  it("keeps ids that contain a colon (the quantity is after the last one)", () => {
    expect(parseCartCookie("a:b:3")).toEqual([{ id: "a:b", quantity: 3 }]);
  });

  it("never throws and returns well-formed lines for any string", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (value) => {
        for (const line of parseCartCookie(value)) {
          expect(typeof line.id).toBe("string");
          expect(Number.isInteger(line.quantity)).toBe(true);
        }
      }),
    );
  });

  it("round-trips any cart of safe ids", () => {
    const line = fc.record({ id: fc.stringMatching(/^[a-z0-9-]{1,20}$/), quantity: fc.integer({ min: 1, max: 99 }) });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), (lines) => {
        expect(parseCartCookie(formatCartCookie(lines))).toEqual(lines);
      }),
    );
  });
});
