import { describe, expect, it } from "vitest";
import { dayIn, isTimeZone } from "./time-zone";

describe("the seller's time zone", () => {
  it("cuts days at the seller's time zone", () => {
    const late = new Date("2026-03-10T23:30:00Z");
    expect(dayIn(late, "UTC")).toBe("2026-03-10");
    expect(dayIn(late, "Europe/Paris")).toBe("2026-03-11");
    expect(dayIn(late, "America/New_York")).toBe("2026-03-10");
    expect(isTimeZone("Europe/Paris")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(isTimeZone("")).toBe(false);
  });
});
