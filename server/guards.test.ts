import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isHostHeader } from "./guards";

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
