import { describe, expect, it } from "vitest";
import { pageLog, quietPage } from "./page-log";

describe("request logging of storefront pages (docs/decisions/057)", () => {
  it("counts successful page GETs and logs everything else", () => {
    expect(quietPage("GET", "/product/1", 200)).toBe(true);
    expect(quietPage("HEAD", "/fr/triggers?sort=price", 304)).toBe(true);
    expect(quietPage("GET", "/product/999", 404)).toBe(false);
    expect(quietPage("GET", "/cart", 500)).toBe(false);
    expect(quietPage("POST", "/product/1", 200)).toBe(false);
    expect(quietPage("GET", "/api/geo", 200)).toBe(false);
    expect(quietPage("GET", "/admin/orders", 200)).toBe(false);
  });

  it("writes one summary line for the pages counted, and nothing when there were none", () => {
    const lines: { pages: number; seconds: number }[] = [];
    let clock = 0;
    const log = pageLog(
      (line) => lines.push(line),
      60_000,
      () => clock,
    );
    expect(log.level({ method: "GET", url: "/" }, { statusCode: 200 })).toBe("silent");
    clock = 5000;
    expect(log.level({ method: "GET", url: "/product/1" }, { statusCode: 200 })).toBe("silent");
    expect(log.level({ method: "GET", url: "/product/1" }, { statusCode: 200 }, new Error("aborted"))).toBe("info");
    log.flush();
    log.flush();
    log.stop();
    expect(lines).toEqual([{ pages: 2, seconds: 5 }]);
  });
});
