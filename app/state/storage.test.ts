// @vitest-environment jsdom
import { parse } from "cookie";
import { afterEach, describe, expect, it } from "vitest";
import { writeCookie } from "./storage";

afterEach(() => {
  document.cookie = "pref=; Max-Age=0; Path=/";
});

describe("writeCookie", () => {
  it("writes a value the server's cookie parser reads back unchanged", () => {
    const value = JSON.stringify({ currency: "EUR", isManualSelection: true, timestamp: 1 });
    writeCookie("pref", value, 90 * 24 * 3600);
    expect(parse(document.cookie).pref).toBe(value);
  });

  it("removes the cookie with a zero age", () => {
    writeCookie("pref", "fr", 3600);
    writeCookie("pref", "", 0);
    expect(parse(document.cookie).pref).toBeUndefined();
  });
});
