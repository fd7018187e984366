import { describe, expect, it } from "vitest";
import { expandShopDo, safeBackPath, withNotice } from "./shop-actions";
import { shopActionSchema } from "./shop-action-schema";

describe("storefront form posts (docs/decisions/056)", () => {
  it("reads a frame button's `do` as intent, quantity and product id (ids may hold colons)", () => {
    expect(expandShopDo({ do: "add:2" })).toMatchObject({ intent: "add", id: "2" });
    expect(expandShopDo({ do: "quantity:3:a:b" })).toMatchObject({ intent: "quantity", quantity: "3", id: "a:b" });
    expect(expandShopDo({ intent: "coupon", coupon: "SAVE10" })).toEqual({ intent: "coupon", coupon: "SAVE10" });
    expect(shopActionSchema.safeParse(expandShopDo({ do: "quantity:1000:2" })).success).toBe(false);
    expect(shopActionSchema.safeParse(expandShopDo({ do: "explode:2" })).success).toBe(false);
  });

  it("goes back only to a path of this site, without earlier notices", () => {
    expect(safeBackPath("/fr/product/2?x=1&notice=added&item=2#reviews")).toBe("/fr/product/2?x=1#reviews");
    for (const back of [undefined, "", "//evil.example", "/\\evil.example", "https://evil.example", "/.//evil.example", "/a/..//evil", "/x\n"]) {
      expect(safeBackPath(back), String(back)).toMatch(/^\/(?![/\\])/);
      expect(new URL(safeBackPath(back), "http://shop.test").host).toBe("shop.test");
    }
  });

  it("puts the notice (and its item) in the query, replacing an earlier one", () => {
    expect(withNotice("/cart?notice=invalid&item=9", "coupon-removed")).toBe("/cart?notice=coupon-removed");
    expect(withNotice("/product/2", "added", "2")).toBe("/product/2?notice=added&item=2");
  });
});
