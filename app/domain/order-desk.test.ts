import { describe, expect, it } from "vitest";
import { deliveryUrgency, orderActionSchema, orderQueueQuerySchema, parseRefundAmount, queueOrder } from "./order-desk";

const hoursAgo = (h: number, now: Date) => new Date(now.getTime() - h * 3_600_000);

describe("order desk", () => {
  const now = new Date("2030-01-01T12:00:00Z");

  it("measures a paid order against the 12–24 h promise", () => {
    expect(deliveryUrgency(hoursAgo(11.9, now), now)).toBe("on_time");
    expect(deliveryUrgency(hoursAgo(12, now), now)).toBe("due");
    expect(deliveryUrgency(hoursAgo(23.9, now), now)).toBe("due");
    expect(deliveryUrgency(hoursAgo(24, now), now)).toBe("late");
  });

  it("works the paid and in-progress queues oldest payment first, finished ones newest first", () => {
    expect(queueOrder("paid")).toEqual({ by: "paid_at", direction: "asc" });
    expect(queueOrder("in_progress")).toEqual({ by: "paid_at", direction: "asc" });
    expect(queueOrder("delivered")).toEqual({ by: "created_at", direction: "desc" });
  });

  it("reads a queue query leniently: bad values fall back", () => {
    expect(orderQueueQuerySchema.parse({ status: "nope", page: "-3" })).toEqual({ status: "paid", q: "", page: 1 });
    expect(orderQueueQuerySchema.parse({ status: "all", q: " sam ", page: "2" })).toEqual({ status: "all", q: "sam", page: 2 });
  });

  it("parses refund amounts: empty or 'full' is what is left, else dollars within it", () => {
    expect(parseRefundAmount("", 5499)).toEqual({ ok: true, cents: 5499, full: true });
    expect(parseRefundAmount("full", 5499)).toEqual({ ok: true, cents: 5499, full: true });
    expect(parseRefundAmount("$10.5", 5499)).toEqual({ ok: true, cents: 1050, full: false });
    expect(parseRefundAmount("54.99", 5499)).toEqual({ ok: true, cents: 5499, full: true });
    expect(parseRefundAmount("55", 5499)).toMatchObject({ ok: false });
    expect(parseRefundAmount("0", 5499)).toMatchObject({ ok: false });
    expect(parseRefundAmount("1e3", 5499)).toMatchObject({ ok: false });
    expect(parseRefundAmount("", 0)).toMatchObject({ ok: false });
  });

  it("requires a delivery record and a payment reference", () => {
    expect(orderActionSchema.safeParse({ intent: "deliver", publicNote: "", privateNote: " " }).success).toBe(false);
    expect(orderActionSchema.safeParse({ intent: "mark_paid", method: "card", reference: "" }).success).toBe(false);
    expect(orderActionSchema.safeParse({ intent: "mark_paid", method: "gold", reference: "x" }).success).toBe(false);
    expect(orderActionSchema.safeParse({ intent: "refund", amount: "", reason: "", requestKey: "not-a-uuid" }).success).toBe(false);
    expect(orderActionSchema.safeParse({ intent: "teleport" }).success).toBe(false);
  });
});
