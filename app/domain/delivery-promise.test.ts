import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ORDER_STATES } from "./order-state";
import { DELIVERY_EARLIEST_MS, DELIVERY_LATEST_MS, deliveryPromise, hasDeliveryPromise, remainingParts } from "./delivery-promise";

const paidAt = new Date("2026-11-22T10:00:00Z");
const after = (ms: number) => new Date(paidAt.getTime() + ms);
const HOUR = 60 * 60_000;

describe("delivery promise", () => {
  it("is 12 to 24 hours from payment", () => {
    expect(DELIVERY_EARLIEST_MS).toBe(12 * HOUR);
    expect(DELIVERY_LATEST_MS).toBe(24 * HOUR);
  });

  it("right after payment: expected between 12 and 24 hours later, with the full day left", () => {
    expect(deliveryPromise(paidAt, paidAt)).toEqual({
      phase: "expected",
      earliest: new Date("2026-11-22T22:00:00Z"),
      latest: new Date("2026-11-23T10:00:00Z"),
      remainingMs: 24 * HOUR,
    });
  });

  it("after 12 hours: due, counting down to the 24-hour mark", () => {
    expect(deliveryPromise(paidAt, after(12 * HOUR))).toEqual({ phase: "due", latest: after(24 * HOUR), remainingMs: 12 * HOUR });
    expect(deliveryPromise(paidAt, after(23 * HOUR + 59 * 60_000))).toMatchObject({ phase: "due", remainingMs: 60_000 });
  });

  it("from 24 hours on: late, by how much", () => {
    expect(deliveryPromise(paidAt, after(24 * HOUR))).toEqual({ phase: "late", latest: after(24 * HOUR), lateByMs: 0 });
    expect(deliveryPromise(paidAt, after(30 * HOUR))).toMatchObject({ phase: "late", lateByMs: 6 * HOUR });
  });

  it("the remaining time plus the time elapsed is always the 24-hour promise", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: DELIVERY_LATEST_MS - 1 }), (elapsed) => {
        const promise = deliveryPromise(paidAt, after(elapsed));
        expect(promise.phase).toBe(elapsed < DELIVERY_EARLIEST_MS ? "expected" : "due");
        expect(promise.phase !== "late" && promise.remainingMs + elapsed).toBe(DELIVERY_LATEST_MS);
      }),
    );
  });

  it("applies to paid and in-progress orders only", () => {
    expect(ORDER_STATES.filter(hasDeliveryPromise)).toEqual(["paid", "in_progress"]);
  });
});

describe("remaining time shown", () => {
  it("is hours and minutes, rounded up so it never reads less than what is left", () => {
    expect(remainingParts(24 * HOUR)).toEqual({ hours: 24, minutes: 0 });
    expect(remainingParts(23 * HOUR + 59 * 60_000 + 1)).toEqual({ hours: 24, minutes: 0 });
    expect(remainingParts(5 * HOUR + 30 * 60_000)).toEqual({ hours: 5, minutes: 30 });
    expect(remainingParts(1)).toEqual({ hours: 0, minutes: 1 });
    expect(remainingParts(0)).toEqual({ hours: 0, minutes: 0 });
    expect(remainingParts(-5)).toEqual({ hours: 0, minutes: 0 });
  });
});
