import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  deletionReasonFor,
  handoffStage,
  isPlausibleSealedLogin,
  LOGIN_PADDING_BYTES,
  LOGIN_RETENTION_MS,
  mayBuyer,
  orderNeedsLogin,
  paddedLength,
  SEALED_BOX_OVERHEAD_BYTES,
  SEALED_LOGIN_MAX_CHARS,
  type HandoffOrder,
  type HandoffProduct,
} from "./login-handoff";
import { ORDER_STATES } from "./order-state";

const CATALOGUE: Record<string, HandoffProduct> = {
  trigger: { type: "trigger", delivery: "manual-upload" },
  gift: { type: "trigger", delivery: "username-gift" },
  room: { type: "room", delivery: "manual-upload" },
  bundle: { type: "bundle", delivery: "manual-upload" },
};
const productOf = (id: string) => CATALOGUE[id];

const paidAt = new Date("2026-11-20T10:00:00Z");
const order = (over: Partial<HandoffOrder> = {}): HandoffOrder => ({
  status: "paid",
  paidAt,
  items: [{ productId: "trigger" }],
  ...over,
});
const items = (...ids: string[]) => ids.map((productId) => ({ productId }));

describe("which orders ask for the login", () => {
  it("asks for a permanent trigger, room or bundle, alone or together", () => {
    expect(orderNeedsLogin(order({ items: items("trigger") }), productOf)).toBe(true);
    expect(orderNeedsLogin(order({ items: items("bundle") }), productOf)).toBe(true);
    expect(orderNeedsLogin(order({ items: items("room") }), productOf)).toBe(true);
    expect(orderNeedsLogin(order({ items: items("room", "trigger") }), productOf)).toBe(true);
    expect(orderNeedsLogin(order({ items: items("gift", "room") }), productOf)).toBe(true);
  });

  it("never asks for gifting triggers only", () => {
    expect(orderNeedsLogin(order({ items: items("gift") }), productOf)).toBe(false);
    expect(orderNeedsLogin(order({ items: items("gift", "gift") }), productOf)).toBe(false);
  });

  it("counts nothing for an item no longer in the catalogue", () => {
    expect(orderNeedsLogin(order({ items: items("gone") }), productOf)).toBe(false);
  });
});

describe("the stage of an order", () => {
  const now = new Date(paidAt.getTime() + 60_000);

  it("follows the order: unpaid, open while paid, started in progress, closed once it ends", () => {
    expect(handoffStage(order({ status: "awaiting_payment", paidAt: null }), productOf, now)).toBe("unpaid");
    expect(handoffStage(order({ status: "manual_pending", paidAt: null }), productOf, now)).toBe("unpaid");
    expect(handoffStage(order({ status: "paid" }), productOf, now)).toBe("open");
    expect(handoffStage(order({ status: "in_progress" }), productOf, now)).toBe("started");
    for (const status of ["delivered", "refunded", "cancelled"] as const) expect(handoffStage(order({ status }), productOf, now)).toBe("closed");
  });

  it("closes seven days after payment, whatever the status", () => {
    const justBefore = new Date(paidAt.getTime() + LOGIN_RETENTION_MS - 1);
    const atSeven = new Date(paidAt.getTime() + LOGIN_RETENTION_MS);
    expect(handoffStage(order(), productOf, justBefore)).toBe("open");
    expect(handoffStage(order(), productOf, atSeven)).toBe("closed");
    expect(handoffStage(order({ status: "in_progress" }), productOf, atSeven)).toBe("closed");
  });

  it("is not_needed for gifting triggers only in any status", () => {
    for (const status of ORDER_STATES) expect(handoffStage(order({ status, items: items("gift") }), productOf, now)).toBe("not_needed");
  });
});

describe("what the buyer may do", () => {
  it("gives a login once paid (also after the team started), replaces or withdraws it only before", () => {
    expect(mayBuyer("submit", "open", false)).toBe(true);
    expect(mayBuyer("submit", "started", false)).toBe(true);
    expect(mayBuyer("submit", "open", true)).toBe(false);
    expect(mayBuyer("replace", "open", true)).toBe(true);
    expect(mayBuyer("withdraw", "open", true)).toBe(true);
    expect(mayBuyer("replace", "started", true)).toBe(false);
    expect(mayBuyer("withdraw", "started", true)).toBe(false);
    expect(mayBuyer("replace", "open", false)).toBe(false);
  });

  it("does nothing before payment, after the end, or when no login is needed", () => {
    for (const stage of ["unpaid", "closed", "not_needed"] as const) {
      for (const action of ["submit", "replace", "withdraw"] as const) {
        expect(mayBuyer(action, stage, false)).toBe(false);
        expect(mayBuyer(action, stage, true)).toBe(false);
      }
    }
  });
});

describe("deletion on the order's end", () => {
  it("deletes on delivered, refunded and cancelled only", () => {
    const reasons = Object.fromEntries(ORDER_STATES.map((s) => [s, deletionReasonFor(s)]));
    expect(reasons).toEqual({
      awaiting_payment: null,
      manual_pending: null,
      paid: null,
      in_progress: null,
      delivered: "delivered",
      refunded: "refunded",
      cancelled: "cancelled",
    });
  });
});

describe("the sealed login's shape", () => {
  const base64Of = (bytes: number) => btoa(String.fromCharCode(...new Uint8Array(bytes).fill(7)));

  it("accepts overhead plus whole padding blocks up to the largest plaintext", () => {
    expect(isPlausibleSealedLogin(base64Of(SEALED_BOX_OVERHEAD_BYTES + LOGIN_PADDING_BYTES))).toBe(true);
    expect(isPlausibleSealedLogin(base64Of(SEALED_BOX_OVERHEAD_BYTES + 5 * LOGIN_PADDING_BYTES))).toBe(true);
    expect(base64Of(SEALED_BOX_OVERHEAD_BYTES + 8 * LOGIN_PADDING_BYTES).length).toBeLessThanOrEqual(SEALED_LOGIN_MAX_CHARS);
  });

  it("refuses text, an unpadded plaintext, an empty box and an oversized one", () => {
    expect(isPlausibleSealedLogin("user:hunter2")).toBe(false);
    expect(isPlausibleSealedLogin(base64Of(SEALED_BOX_OVERHEAD_BYTES + 40))).toBe(false);
    expect(isPlausibleSealedLogin(base64Of(SEALED_BOX_OVERHEAD_BYTES))).toBe(false);
    expect(isPlausibleSealedLogin(base64Of(SEALED_BOX_OVERHEAD_BYTES + 9 * LOGIN_PADDING_BYTES))).toBe(false);
    expect(isPlausibleSealedLogin(`${base64Of(SEALED_BOX_OVERHEAD_BYTES + LOGIN_PADDING_BYTES)}=`)).toBe(false);
  });

  it("pads any plaintext length to a whole block, never shorter", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2048 }), (bytes) => {
        const padded = paddedLength(bytes);
        expect(padded % LOGIN_PADDING_BYTES).toBe(0);
        expect(padded).toBeGreaterThanOrEqual(Math.max(bytes, 1));
        expect(padded - bytes).toBeLessThanOrEqual(LOGIN_PADDING_BYTES);
      }),
    );
  });
});
