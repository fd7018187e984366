import { describe, expect, it } from "vitest";
import { ORDER_STATES, type OrderState } from "./order-state";
import { orderTimeline, type TimelineStep } from "./order-timeline";

const t = (hhmm: string) => new Date(`2026-11-22T${hhmm}:00Z`);
const createdAt = t("10:00");
const history: { toStatus: OrderState; at: Date }[] = [
  { toStatus: "awaiting_payment", at: t("10:00") },
  { toStatus: "paid", at: t("10:05") },
  { toStatus: "in_progress", at: t("14:00") },
  { toStatus: "delivered", at: t("18:30") },
];
const upTo = (status: OrderState) => history.slice(0, history.findIndex((e) => e.toStatus === status) + 1);
const summary = (steps: TimelineStep[]) => steps.map((s) => `${s.key}:${s.state}:${s.at ? s.at.toISOString().slice(11, 16) : "-"}`);

describe("order timeline", () => {
  it("an unpaid order is received and waits for its payment", () => {
    for (const status of ["awaiting_payment", "manual_pending"] as const) {
      expect(summary(orderTimeline({ status, createdAt, events: [{ toStatus: status, at: createdAt }] }))).toEqual([
        "received:current:10:00",
        "paid:upcoming:-",
        "in_progress:upcoming:-",
        "delivered:upcoming:-",
      ]);
    }
  });

  it("each step carries the time the order first reached it", () => {
    expect(summary(orderTimeline({ status: "paid", createdAt, events: upTo("paid") }))).toEqual([
      "received:done:10:00",
      "paid:current:10:05",
      "in_progress:upcoming:-",
      "delivered:upcoming:-",
    ]);
    expect(summary(orderTimeline({ status: "in_progress", createdAt, events: upTo("in_progress") }))).toEqual([
      "received:done:10:00",
      "paid:done:10:05",
      "in_progress:current:14:00",
      "delivered:upcoming:-",
    ]);
  });

  it("a delivered order has every step done, none current", () => {
    expect(summary(orderTimeline({ status: "delivered", createdAt, events: [...history].reverse() }))).toEqual([
      "received:done:10:00",
      "paid:done:10:05",
      "in_progress:done:14:00",
      "delivered:done:18:30",
    ]);
  });

  it("a cancelled order shows only what happened: received, then cancelled", () => {
    const events = [
      { toStatus: "awaiting_payment" as const, at: createdAt },
      { toStatus: "cancelled" as const, at: t("11:00") },
    ];
    expect(summary(orderTimeline({ status: "cancelled", createdAt, events }))).toEqual(["received:done:10:00", "cancelled:done:11:00"]);
  });

  it("a refunded order keeps the steps it went through before the refund", () => {
    const fromPaid = [...upTo("paid"), { toStatus: "refunded" as const, at: t("12:00") }];
    expect(summary(orderTimeline({ status: "refunded", createdAt, events: fromPaid }))).toEqual([
      "received:done:10:00",
      "paid:done:10:05",
      "refunded:done:12:00",
    ]);
    const fromInProgress = [...upTo("in_progress"), { toStatus: "refunded" as const, at: t("15:00") }];
    expect(summary(orderTimeline({ status: "refunded", createdAt, events: fromInProgress })).map((s) => s.split(":")[0])).toEqual([
      "received",
      "paid",
      "in_progress",
      "refunded",
    ]);
  });

  it("a missing history row leaves that step reached but without a time", () => {
    expect(summary(orderTimeline({ status: "in_progress", createdAt, events: [] }))).toEqual([
      "received:done:10:00",
      "paid:done:-",
      "in_progress:current:-",
      "delivered:upcoming:-",
    ]);
  });

  it("every state has at most one current step, and only a waiting order has one", () => {
    for (const status of ORDER_STATES) {
      const current = orderTimeline({ status, createdAt, events: history }).filter((s) => s.state === "current");
      expect(current.length).toBe(["delivered", "cancelled", "refunded"].includes(status) ? 0 : 1);
    }
  });
});
