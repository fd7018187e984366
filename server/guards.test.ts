import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isHostHeader, sameOriginGuard } from "./guards";

describe("isHostHeader", () => {
  it("accepts a host name, IPv4 or IPv6 address, with an optional port", () => {
    for (const host of ["shop.example", "localhost:3000", "127.0.0.1", "[::1]", "[::1]:8080", "xn--bcher-kva.example"]) {
      expect(isHostHeader(host), host).toBe(true);
    }
  });

  it("refuses what would make the shop's own URL unbuildable or point elsewhere", () => {
    for (const host of [
      "",
      "[::1",
      "a b",
      "localhost:99999",
      "localhost:",
      "shop.example/cart",
      "me@shop.example",
      "a\\b",
      "shop.example?x",
      "bücher.example",
      "256.0.0.1",
      "1.2.3.4.5",
    ]) {
      expect(isHostHeader(host), host).toBe(false);
    }
  });

  it("only accepts values that make a URL on that host and nothing more", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom("a", "1", ".", ":", "[", "]", "/", "@", "?", "#", "%", " ", "\\", "9") }), (host) => {
        fc.pre(isHostHeader(host));
        const url = new URL(`http://${host}/cart`);
        expect(url.pathname).toBe("/cart");
        expect(url.username).toBe("");
      }),
    );
  });
});

describe("sameOriginGuard", () => {
  /** The guard's answer to a POST with these headers: "next" or the refusal's status. */
  function answer(headers: Record<string, string>): "next" | number {
    let outcome: "next" | number = "next";
    const req = { method: "POST", path: "/contact", protocol: "http", get: (name: string) => headers[name.toLowerCase()] };
    const res = {
      status(code: number) {
        outcome = code;
        return this;
      },
      type() {
        return this;
      },
      send() {
        return this;
      },
    };
    sameOriginGuard("https://shop.example")(req as never, res as never, () => undefined);
    return outcome;
  }

  it("accepts SITE_URL's origin, and no Origin or a null one (forms posted before JavaScript runs)", () => {
    expect(answer({ host: "shop.example", origin: "https://shop.example" })).toBe("next");
    expect(answer({ host: "shop.example" })).toBe("next");
    expect(answer({ host: "shop.example", origin: "null" })).toBe("next");
  });

  it("refuses any other origin, even one matching the Host header the client chose", () => {
    expect(answer({ host: "evil.example", origin: "http://evil.example" })).toBe(403);
    expect(answer({ host: "shop.example", origin: "http://shop.example" })).toBe(403);
    expect(answer({ host: "shop.example", origin: "https://shop.example", "sec-fetch-site": "cross-site" })).toBe(403);
  });
});
