import { describe, expect, it, vi } from "vitest";
import { memoizeT } from "./memo-t";

const translate = vi.fn((key: string, options?: Record<string, unknown>) =>
  options?.returnObjects ? [key] : `${key}${options ? JSON.stringify(options) : ""}`,
);

describe("memoizeT", () => {
  it("answers a repeated call from memory, with and without plain options", () => {
    translate.mockClear();
    const { t } = memoizeT(translate as never as (key: string, options?: object) => unknown);
    expect(t("a.b")).toBe("a.b");
    expect(t("a.b")).toBe("a.b");
    expect(t("a.c", { count: 2 })).toBe('a.c{"count":2}');
    expect(t("a.c", { count: 2 })).toBe('a.c{"count":2}');
    expect(t("a.c", { count: 3 })).toBe('a.c{"count":3}');
    // "2" and 2 are different calls.
    expect(t("a.c", { count: "2" })).toBe('a.c{"count":"2"}');
    expect(translate).toHaveBeenCalledTimes(4);
  });

  it("never remembers object answers, object options or key lists", () => {
    translate.mockClear();
    const { t } = memoizeT(translate as never as (key: string | string[], options?: object) => unknown);
    const first = t("list", { returnObjects: true });
    expect(t("list", { returnObjects: true })).not.toBe(first);
    t("x", { nested: { a: 1 } });
    t("x", { nested: { a: 1 } });
    t(["x", "y"]);
    t(["x", "y"]);
    expect(translate).toHaveBeenCalledTimes(6);
  });

  it("forgets everything on clear() and past its limit", () => {
    translate.mockClear();
    const memo = memoizeT(translate as never as (key: string) => unknown, 2);
    memo.t("a");
    memo.clear();
    memo.t("a");
    memo.t("b");
    memo.t("c"); // the map was full: starts over with c
    memo.t("a");
    expect(translate).toHaveBeenCalledTimes(5);
  });
});
