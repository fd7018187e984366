import { describe, expect, it } from "vitest";
import { formatWait, periodStarts } from "./periods";

describe("periodStarts", () => {
  it("starts today at UTC midnight, the week on Monday and the month on the 1st", () => {
    // Sunday 2026-03-01 23:30 UTC: the week began on Monday 23 February.
    expect(periodStarts(new Date("2026-03-01T23:30:00Z"))).toEqual({
      day: new Date("2026-03-01T00:00:00Z"),
      week: new Date("2026-02-23T00:00:00Z"),
      month: new Date("2026-03-01T00:00:00Z"),
    });
    // A Monday is its own week's first day.
    expect(periodStarts(new Date("2026-03-02T00:00:00Z")).week).toEqual(new Date("2026-03-02T00:00:00Z"));
  });
});

describe("formatWait", () => {
  it("reads in minutes, hours or days", () => {
    expect(formatWait(59 * 60_000)).toBe("59 min");
    expect(formatWait(13 * 3_600_000 + 5 * 60_000)).toBe("13 h 5 min");
    expect(formatWait(50 * 3_600_000)).toBe("2 d 2 h");
  });
});
