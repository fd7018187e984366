import { describe, expect, it } from "vitest";
import { canGoBack } from "./go-back";

const origin = "https://shop.example";

describe("canGoBack", () => {
  it("goes back after an in-app navigation", () => {
    expect(canGoBack({ historyIdx: 2, historyLength: 3, referrer: "", origin })).toBe(true);
  });
  it("goes back after a full page load from one of our pages in the same tab", () => {
    expect(canGoBack({ historyIdx: 0, historyLength: 3, referrer: `${origin}/rooms`, origin })).toBe(true);
  });
  it("goes home for a first visit, a new tab or a visitor from another site", () => {
    expect(canGoBack({ historyIdx: 0, historyLength: 1, referrer: "", origin })).toBe(false);
    expect(canGoBack({ historyIdx: 0, historyLength: 1, referrer: `${origin}/rooms`, origin })).toBe(false);
    expect(canGoBack({ historyIdx: 0, historyLength: 4, referrer: "https://search.example/?q=x", origin })).toBe(false);
    expect(canGoBack({ historyIdx: undefined, historyLength: 4, referrer: "not a url", origin })).toBe(false);
  });
});
