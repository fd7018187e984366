import { describe, expect, it } from "vitest";
import { periodStarts } from "./periods";

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
