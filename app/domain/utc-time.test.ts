import { describe, expect, it } from "vitest";
import { formatUtc } from "./utc-time";

describe("formatUtc", () => {
  it("writes the UTC date and time to the minute, labelled UTC", () => {
    expect(formatUtc(new Date("2026-11-22T14:05:59.999Z"))).toBe("2026-11-22 14:05 UTC");
    expect(formatUtc(new Date("2026-01-02T23:30:00+02:00"))).toBe("2026-01-02 21:30 UTC");
  });
});
