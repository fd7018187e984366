import { describe, expect, it } from "vitest";
import { buyerReportFormSchema, reasonApplies, reportAge, reportReasons, warrantyEndsAt, type ReportableOrder } from "./problem-reports";

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
const paidAt = new Date("2026-11-01T10:00:00Z");
const deliveredAt = new Date("2026-11-01T20:00:00Z");

const gift: ReportableOrder = { status: "delivered", paidAt, deliveredAt, warrantyDays: [30] };
const permanent: ReportableOrder = { status: "delivered", paidAt, deliveredAt, warrantyDays: [0] };
const at = (base: Date, ms: number) => new Date(base.getTime() + ms);

describe("problem report reasons", () => {
  it("offers nothing before payment", () => {
    for (const status of ["awaiting_payment", "manual_pending", "cancelled"] as const) {
      expect(reportReasons({ status, paidAt: null, deliveredAt: null, warrantyDays: [30] }, paidAt)).toEqual([]);
    }
  });

  it("offers the warranty on a gifting trigger up to exactly 30 days after delivery, not a millisecond later", () => {
    expect(warrantyEndsAt(gift)).toEqual(at(deliveredAt, 30 * DAY));
    expect(reasonApplies("warranty", gift, at(deliveredAt, HOUR))).toBe(true);
    expect(reasonApplies("warranty", gift, at(deliveredAt, 30 * DAY))).toBe(true);
    expect(reasonApplies("warranty", gift, at(deliveredAt, 30 * DAY + 1))).toBe(false);
    expect(reportReasons(gift, at(deliveredAt, 29 * DAY))).toEqual(["not_received", "wrong_item", "warranty", "charged_twice", "other"]);
    expect(reportReasons(gift, at(deliveredAt, 31 * DAY))).toEqual(["not_received", "wrong_item", "charged_twice", "other"]);
  });

  it("never offers the warranty on items without one (permanent triggers, rooms), nor before delivery", () => {
    expect(reasonApplies("warranty", permanent, at(deliveredAt, HOUR))).toBe(false);
    expect(reasonApplies("warranty", { ...gift, status: "in_progress", deliveredAt: null }, at(paidAt, HOUR))).toBe(false);
    expect(reasonApplies("warranty", { ...gift, status: "refunded" }, at(deliveredAt, HOUR))).toBe(false);
    // A mixed order: the longest warranty of its items counts.
    expect(reasonApplies("warranty", { ...gift, warrantyDays: [0, 30] }, at(deliveredAt, DAY))).toBe(true);
  });

  it("offers 'not received' only once the 24-hour promise has run out, or once the seller says it was delivered", () => {
    const waiting: ReportableOrder = { status: "paid", paidAt, deliveredAt: null, warrantyDays: [0] };
    expect(reasonApplies("not_received", waiting, at(paidAt, 24 * HOUR - 1))).toBe(false);
    expect(reasonApplies("not_received", waiting, at(paidAt, 24 * HOUR))).toBe(true);
    expect(reasonApplies("not_received", { ...waiting, status: "in_progress" }, at(paidAt, 25 * HOUR))).toBe(true);
    expect(reasonApplies("not_received", permanent, at(deliveredAt, HOUR))).toBe(true);
    expect(reportReasons(waiting, at(paidAt, HOUR))).toEqual(["charged_twice", "other"]);
  });

  it("offers 'wrong item' on delivered orders only, and 'charged twice' on any paid one", () => {
    expect(reasonApplies("wrong_item", { ...permanent, status: "in_progress" }, at(paidAt, HOUR))).toBe(false);
    expect(reasonApplies("wrong_item", permanent, at(deliveredAt, HOUR))).toBe(true);
    expect(reportReasons({ ...permanent, status: "refunded" }, at(deliveredAt, HOUR))).toEqual(["charged_twice", "other"]);
  });
});

describe("the report form", () => {
  it("takes a reason and a trimmed message, and names what is missing", () => {
    expect(buyerReportFormSchema.parse({ intent: "report", reason: "warranty", message: "  It stopped working  " })).toEqual({
      intent: "report",
      reason: "warranty",
      message: "It stopped working",
    });
    const missing = buyerReportFormSchema.safeParse({ intent: "report", reason: "", message: " " });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues.map((i) => i.message).sort()).toEqual(["report_message_required", "report_reason_required"]);
    expect(buyerReportFormSchema.safeParse({ intent: "report_reply", message: "x".repeat(2001) }).error?.issues[0]?.message).toBe("text_too_long");
    expect(buyerReportFormSchema.safeParse({ intent: "nope", message: "hi" }).success).toBe(false);
  });
});

describe("report age", () => {
  it("counts hours, then days past two", () => {
    const since = new Date("2026-11-01T00:00:00Z");
    expect(reportAge(since, at(since, 5 * HOUR + 59 * 60_000))).toEqual({ unit: "hours", value: 5 });
    expect(reportAge(since, at(since, 47 * HOUR))).toEqual({ unit: "hours", value: 47 });
    expect(reportAge(since, at(since, 3 * DAY + HOUR))).toEqual({ unit: "days", value: 3 });
  });
});
