import { describe, expect, it } from "vitest";
import { ago, duration, elapsed, usd, utc, waitLeft, when } from "./format";

describe("the console's formats", () => {
  it("writes US dollars with thousands separators and cents", () => {
    expect(usd(123456)).toBe("$1,234.56");
    expect(usd(5499)).toBe("$54.99");
    expect(usd(0)).toBe("$0.00");
  });

  it("writes times in UTC to the minute, labelled as such, and a dash for none", () => {
    expect(utc(new Date("2026-11-22T14:05:59.999Z"))).toBe("2026-11-22 14:05 UTC");
    expect(utc("2026-01-02T23:30:00+02:00")).toBe("2026-01-02 21:30 UTC");
    expect(utc(null)).toBe("—");
  });

  it("says how long something has waited in seconds, minutes, hours or days, rounding down", () => {
    expect(duration(1_000)).toBe("1 second");
    expect(duration(59_999)).toBe("59 seconds");
    expect(duration(12 * 60_000 + 59_000)).toBe("12 min");
    expect(duration((3 * 60 + 5) * 60_000)).toBe("3 h 05 min");
    expect(duration(52 * 3_600_000 + 59 * 60_000)).toBe("2 d 4 h");
    expect(duration(-5_000)).toBe("0 seconds");
  });

  it("rounds a wait still to come up, so the seller never retries too early", () => {
    expect(waitLeft(5)).toBe("5 seconds");
    expect(waitLeft(61)).toBe("2 min");
    expect(waitLeft(900)).toBe("15 min");
    expect(duration(47 * 3_600_000 + 60 * 60_000 + 1, "up")).toBe("2 d 1 h");
  });

  it("measures against the loader's clock, not the browser's", () => {
    const now = new Date("2030-01-01T12:00:00Z");
    expect(elapsed(new Date("2030-01-01T08:55:00Z"), now)).toBe("3 h 05 min");
    expect(ago("2030-01-01T11:48:00Z", now.toISOString())).toBe("12 min ago");
  });

  it("writes times in the account's zone with its offset, and exactly as utc() in UTC", () => {
    const date = new Date("2026-11-22T14:05:59Z");
    expect(when(date)).toBe("2026-11-22 14:05 UTC");
    expect(when(date, "Europe/Paris")).toBe("2026-11-22 15:05 UTC+1");
    expect(when(new Date("2026-07-01T00:30:00Z"), "Europe/Madrid")).toBe("2026-07-01 02:30 UTC+2");
    expect(when(date, "America/Mexico_City")).toBe("2026-11-22 08:05 UTC−6");
    expect(when(date, "Asia/Kolkata")).toBe("2026-11-22 19:35 UTC+5:30");
    expect(when(null, "Europe/Paris")).toBe("—");
  });

  it("says waits in the account's language", () => {
    const now = new Date("2030-01-03T12:00:00Z");
    expect(ago("2030-01-01T08:00:00Z", now, "fr")).toBe("il y a 2 j 4 h");
    expect(ago("2030-01-03T11:59:58Z", now, "es")).toBe("hace 2 segundos");
    expect(waitLeft(1, "fr")).toBe("1 seconde");
  });
});
