import { describe, expect, it } from "vitest";
import { bulkEditSchema, bulkPrice, toBulkAction } from "./bulk-edit";

const parse = (fields: Record<string, string>) =>
  bulkEditSchema.safeParse({ ids: "a,b", bulkAction: "price-percent", change: "-10", bulkBadge: "", ...fields });

describe("bulk edit", () => {
  it("reads a signed percentage or amount", () => {
    const percent = parse({});
    if (!percent.success) throw new Error("refused");
    expect(toBulkAction(percent.data)).toEqual({ ok: true, action: { kind: "price-percent", percent: -10 } });
    const amount = parse({ bulkAction: "price-amount", change: "+2.50" });
    if (!amount.success) throw new Error("refused");
    expect(toBulkAction(amount.data)).toEqual({ ok: true, action: { kind: "price-amount", cents: 250 } });
  });

  it("refuses no product, a zero or unreadable change, and a cut of 100 % or more", () => {
    expect(parse({ ids: "" }).success).toBe(false);
    for (const change of ["0", "ten", "", "-100"]) {
      const parsed = parse({ change });
      if (!parsed.success) throw new Error("refused");
      expect(toBulkAction(parsed.data)).toMatchObject({ ok: false });
    }
  });

  it("rounds a new price to the cent and never lets it reach $0", () => {
    expect(bulkPrice(1999, { kind: "price-percent", percent: -10 })).toBe(1799);
    expect(bulkPrice(1000, { kind: "price-amount", cents: -1000 })).toBeNull();
    expect(bulkPrice(1000, { kind: "price-amount", cents: 250 })).toBe(1250);
  });
});
