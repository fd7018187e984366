import { describe, expect, it } from "vitest";
import { bucketOf, bucketsOf, parseRange, percent, previousRange, RANGE_PROBLEMS } from "./analytics";

describe("analytics ranges", () => {
  it("reads the GET form's range, or falls back to the last 30 days with a problem", () => {
    expect(parseRange(new URLSearchParams(), "2026-11-27")).toEqual({ range: { from: "2026-10-29", to: "2026-11-27", group: "day" }, problem: null });
    expect(parseRange(new URLSearchParams("from=2026-01-01&to=2026-03-31&group=month"), "2026-11-27").range).toEqual({
      from: "2026-01-01",
      to: "2026-03-31",
      group: "month",
    });
    expect(parseRange(new URLSearchParams("from=2026-03-31&to=2026-01-01"), "2026-11-27").problem).toBe("reversed");
    expect(parseRange(new URLSearchParams("from=nope&to=2026-01-01"), "2026-11-27").problem).toBe("dates");
    expect(parseRange(new URLSearchParams("from=2024-01-01&to=2026-01-01"), "2026-11-27").problem).toBe("tooLong");
    expect(parseRange(new URLSearchParams("from=2026-01-01&to=2026-01-02&group=year"), "2026-11-27").problem).toBe("group");
    expect(RANGE_PROBLEMS.tooLong).toBe("Choose at most 366 days.");
  });

  it("groups days into ISO weeks and months and knows the previous period", () => {
    expect(bucketOf("2026-11-27", "week")).toBe("2026-11-23"); // a Friday → its Monday
    expect(bucketOf("2026-11-23", "week")).toBe("2026-11-23");
    expect(bucketOf("2026-11-27", "month")).toBe("2026-11-01");
    expect(bucketsOf({ from: "2026-11-20", to: "2026-11-24", group: "week" })).toEqual(["2026-11-16", "2026-11-23"]);
    expect(bucketsOf({ from: "2026-11-29", to: "2026-12-01", group: "day" })).toEqual(["2026-11-29", "2026-11-30", "2026-12-01"]);
    expect(previousRange({ from: "2026-11-01", to: "2026-11-30", group: "day" })).toEqual({ from: "2026-10-02", to: "2026-10-31", group: "day" });
    expect(percent(1, 3)).toBe("33.3%");
    expect(percent(1, 0)).toBe("—");
  });
});
