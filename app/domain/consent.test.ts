import { describe, expect, it } from "vitest";
import { ageConfirmedAtSchema } from "./consent";

describe("age confirmation", () => {
  it("accepts the stored confirmation time and turns it into a date", () => {
    const parsed = ageConfirmedAtSchema.safeParse("2026-01-02T03:04:05.000Z");
    expect(parsed.success && parsed.data.toISOString()).toBe("2026-01-02T03:04:05.000Z");
  });

  it("refuses a time in the future and anything that is not a time", () => {
    expect(ageConfirmedAtSchema.safeParse(new Date(Date.now() + 3600_000).toISOString()).success).toBe(false);
    expect(ageConfirmedAtSchema.safeParse("true").success).toBe(false);
    expect(ageConfirmedAtSchema.safeParse(1).success).toBe(false);
  });
});
