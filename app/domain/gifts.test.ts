import { describe, expect, it } from "vitest";
import { afterPayment, isGiftingProduct, isGiftOrder, lineDelivery, orderKind, type GiftingProduct } from "./gifts";
import { orderNeedsLogin } from "./login-handoff";

const CATALOGUE: Record<string, GiftingProduct & { type: "trigger" | "room" | "bundle" }> = {
  trigger: { type: "trigger", delivery: "manual-upload" },
  gift: { type: "trigger", delivery: "username-gift" },
  room: { type: "room", delivery: "manual-upload" },
  bundle: { type: "bundle", delivery: "manual-upload" },
  // An id saying "gift" is not a gifting product: delivery decides.
  "gift-room": { type: "room", delivery: "manual-upload" },
};
const productOf = (id: string) => CATALOGUE[id];
const lines = (...ids: string[]) => ids.map((productId) => ({ productId }));

describe("per line delivery", () => {
  it("is login for uploads, username for gifting items, none for unknown products", () => {
    expect(lineDelivery(productOf("trigger"))).toBe("login");
    expect(lineDelivery(productOf("room"))).toBe("login");
    expect(lineDelivery(productOf("bundle"))).toBe("login");
    expect(lineDelivery(productOf("gift"))).toBe("username");
    expect(lineDelivery(productOf("gone"))).toBe("none");
    expect(isGiftingProduct(productOf("gift-room"))).toBe(false);
  });
});

describe("what an order holds", () => {
  it("tells gift-only, login-needing, mixed and empty apart", () => {
    expect(orderKind(lines("gift", "gift"), productOf)).toBe("gift");
    expect(orderKind(lines("trigger", "room"), productOf)).toBe("login");
    expect(orderKind(lines("gift", "bundle"), productOf)).toBe("mixed");
    expect(orderKind(lines("gone"), productOf)).toBe("empty");
  });
});

describe("a gift flag", () => {
  for (const [what, ids] of [
    ["a permanent trigger", ["trigger"]],
    ["a room", ["room"]],
    ["a bundle", ["bundle"]],
    ["a mixed cart", ["gift", "trigger"]],
    ["an id that merely says gift", ["gift-room"]],
  ] as const) {
    it(`on ${what} does not make a gift order, and the login hand-over is asked for`, () => {
      const items = lines(...ids);
      expect(isGiftOrder(true, items, productOf)).toBe(false);
      expect(orderNeedsLogin({ items }, productOf)).toBe(true);
      expect(afterPayment(orderNeedsLogin({ items }, productOf))).toBe("login-required");
    });
  }

  it("on gifting items only makes a gift order that needs no login", () => {
    const items = lines("gift", "gift");
    expect(isGiftOrder(true, items, productOf)).toBe(true);
    expect(isGiftOrder(false, items, productOf)).toBe(false);
    expect(orderNeedsLogin({ items }, productOf)).toBe(false);
    expect(afterPayment(false)).toBe("thank-you");
  });
});
