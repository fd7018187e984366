import { describe, expect, it } from "vitest";
import { ORDER_STATES, TRANSITIONS, canReinstate, canTransition, isTerminal, transition, type OrderState } from "./order-state";

describe("order state machine", () => {
  it("has exactly the designed table", () => {
    expect(ORDER_STATES).toEqual(["awaiting_payment", "manual_pending", "paid", "in_progress", "delivered", "cancelled", "refunded"]);
    expect(TRANSITIONS).toEqual({
      awaiting_payment: ["paid", "cancelled"],
      manual_pending: ["paid", "cancelled"],
      paid: ["in_progress", "refunded"],
      in_progress: ["delivered", "refunded"],
      delivered: ["refunded"],
      cancelled: [],
      refunded: [],
    });
  });

  it("allows only listed transitions, over every pair", () => {
    const allowed = new Set(Object.entries(TRANSITIONS).flatMap(([from, tos]) => tos.map((to) => `${from}>${to}`)));
    expect(allowed.size).toBe(9);
    for (const from of ORDER_STATES) {
      for (const to of ORDER_STATES) expect(canTransition(from, to)).toBe(allowed.has(`${from}>${to}`));
    }
  });

  it("returns the new state or a refusal with the spec'd message", () => {
    expect(transition("awaiting_payment", "paid")).toEqual({ ok: true, state: "paid" });
    expect(transition("delivered", "paid")).toEqual({
      ok: false,
      code: "order_transition_refused",
      message: "An order cannot go from delivered to paid",
    });
    expect(transition("paid", "paid").ok).toBe(false);
    expect(transition("awaiting_payment", "delivered").ok).toBe(false);
  });

  it("lets a delivered order be refunded, and nothing else (docs/decisions/034)", () => {
    expect(canTransition("delivered", "refunded")).toBe(true);
    expect(ORDER_STATES.filter((to) => canTransition("delivered", to))).toEqual(["refunded"]);
    expect(canTransition("refunded", "delivered")).toBe(false);
  });

  it("knows the terminal states", () => {
    expect(ORDER_STATES.filter(isTerminal)).toEqual<OrderState[]>(["delivered", "cancelled", "refunded"]);
  });

  it("leaves refunded only through a reinstatement, back to a paid state (docs/decisions/050)", () => {
    expect(ORDER_STATES.filter((to) => canReinstate("refunded", to))).toEqual(["paid", "in_progress", "delivered"]);
    expect(canReinstate("delivered", "paid")).toBe(false);
    expect(TRANSITIONS.refunded).toEqual([]);
  });
});
