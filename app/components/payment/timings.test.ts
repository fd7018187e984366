import { describe, expect, it } from "vitest";
import { PAID_REDIRECT_MS, PAID_TOAST_MS } from "./timings";

describe("payment timings (SPEC §9)", () => {
  it("keeps the success toast 7 s and moves on 2 s after paying", () => {
    expect(PAID_TOAST_MS).toBe(7000);
    expect(PAID_REDIRECT_MS).toBe(2000);
  });
});
