import { describe, expect, it } from "vitest";
import { DEFAULT_RETENTION, erasedEmail, orderCutoff, privacyRequestFormSchema, visitCutoff } from "./privacy";

describe("the retention policy's dates", () => {
  const now = new Date("2026-11-27T12:00:00Z");
  it("counts order months on the calendar and visit days in days", () => {
    expect(orderCutoff(DEFAULT_RETENTION, now).toISOString()).toBe("2024-11-27T12:00:00.000Z");
    expect(orderCutoff({ orderMonths: 1, visitDays: 1 }, new Date("2026-03-31T00:00:00Z")).toISOString()).toBe("2026-03-03T00:00:00.000Z");
    expect(visitCutoff(DEFAULT_RETENTION, now).toISOString()).toBe("2026-05-31T12:00:00.000Z");
  });
  it("gives each erased order its own undeliverable address", () => {
    expect(erasedEmail("ORD-20261127-AB12")).toBe("erased-ord-20261127-ab12@erased.invalid");
  });
  it("accepts only the two request intents", () => {
    expect(privacyRequestFormSchema.safeParse({ intent: "privacy_export" }).success).toBe(true);
    expect(privacyRequestFormSchema.safeParse({ intent: "report" }).success).toBe(false);
  });
});
