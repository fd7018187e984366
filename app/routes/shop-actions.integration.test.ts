import { describe, expect, it } from "vitest";
import { routeContext } from "../../tests/setup/route-context";
import { testDatabases } from "../../tests/setup/databases";
import { couponCodeFrom, couponCookieValue } from "~/server/catalogue/coupon-check.server";
import { sameOriginGuard } from "../../server/guards";
import { action, loader } from "./shop-actions";

const FORM = { "Content-Type": "application/x-www-form-urlencoded" };
const post = (fields: Record<string, string>, cookie = "") =>
  new Request("http://shop.test/shop-actions", { method: "POST", headers: { ...FORM, cookie }, body: new URLSearchParams(fields) });

for (const target of testDatabases()) {
  describe(`storefront form posts (docs/decisions/056) on ${target.name}`, () => {
    const route = routeContext(target);
    let ip = 0;
    /** The action's redirect: where it goes and the cookies it sets. */
    async function answer(request: Request) {
      const response = (await action(route.args(request, `203.0.113.${++ip}`) as never)) as Response;
      return { status: response.status, location: response.headers.get("location"), cookies: response.headers.getSetCookie() };
    }

    it("adds an in-stock product, marks the cart cookie as the server's and drops the coupon, then goes back with the message", async () => {
      const done = await answer(post({ do: "add:2", back: "/fr/product/2?notice=added&item=1" }, "cart=4%3A1"));
      expect(done.status).toBe(303);
      expect(done.location).toBe("/fr/product/2?notice=added&item=2");
      expect(done.cookies).toContainEqual(expect.stringMatching(/^cart=s%7C4%3A1%2C2%3A1; Max-Age=31536000; Path=\/; SameSite=Lax$/));
      expect(done.cookies).toContainEqual(expect.stringMatching(/^coupon=; Max-Age=0;/));
    });

    it("buy now: checkout in the page's language; out of stock: the product page with the Discord message, cart untouched", async () => {
      const bought = await answer(post({ do: "buy:2", back: "/es/triggers" }));
      expect(bought.location).toBe("/es/checkout");
      expect(bought.cookies[0]).toMatch(/^cart=s%7C2%3A1;/);
      const already = await answer(post({ do: "buy:2", back: "/" }, "cart=2%3A3"));
      expect(already).toMatchObject({ location: "/checkout", cookies: [] });
      const out = await answer(post({ do: "buy:8", back: "/rooms" }));
      expect(out).toMatchObject({ status: 303, location: "/product/8?notice=discord", cookies: [] });
      const add = await answer(post({ do: "add:8", back: "/rooms" }));
      expect(add).toMatchObject({ location: "/rooms?notice=unavailable&item=8", cookies: [] });
    });

    it("sets a quantity (0 removes) and removes a line", async () => {
      const more = await answer(post({ do: "quantity:5:2", back: "/cart" }, "cart=2%3A1%2C4%3A1"));
      expect(more.location).toBe("/cart");
      expect(more.cookies[0]).toMatch(/^cart=s%7C2%3A5%2C4%3A1;/);
      const none = await answer(post({ do: "quantity:0:2", back: "/cart" }, "cart=2%3A1%2C4%3A1"));
      expect(none.cookies[0]).toMatch(/^cart=s%7C4%3A1;/);
      const removed = await answer(post({ do: "remove:4", back: "/cart" }, "cart=s%7C2%3A1%2C4%3A1"));
      expect(removed.cookies[0]).toMatch(/^cart=s%7C2%3A1;/);
    });

    it("answers bad input with a message on the page it came from, never a 500", async () => {
      const cases: Record<string, string>[] = [
        {},
        { do: "explode:2" },
        { do: "add" },
        { do: "quantity:many:2" },
        { intent: "currency", currency: "XYZ" },
        { intent: "lang", lang: "de" },
      ];
      for (const fields of cases) {
        const bad = await answer(post({ ...fields, back: "/product/2" }));
        expect(bad, JSON.stringify(fields)).toMatchObject({ status: 303, location: "/product/2?notice=invalid", cookies: [] });
      }
      const unknown = await answer(post({ do: "add:no-such-product", back: "/" }));
      expect(unknown).toMatchObject({ location: "/?notice=unavailable", cookies: [] });
      const unreadable = await answer(new Request("http://shop.test/shop-actions", { method: "POST", headers: { "Content-Type": "text/plain" }, body: "x" }));
      expect(unreadable).toMatchObject({ status: 303, location: "/?notice=invalid" });
    });

    it("never redirects to another site", async () => {
      for (const back of [
        "//evil.example/x",
        "/\\evil.example",
        "https://evil.example/",
        "javascript:alert(1)",
        "/%0d%0aSet-Cookie:x",
        "/.\\/evil.example",
        "/..//evil.example",
      ]) {
        const done = await answer(post({ do: "remove:2", back }));
        expect(done.location, back).toMatch(/^\/(?!\/|\\)/);
        expect(new URL(done.location!, "http://shop.test").origin).toBe("http://shop.test");
      }
    });

    it("a refused coupon goes back with its reason; removing one clears its cookie", async () => {
      const refused = await answer(post({ intent: "coupon", coupon: "nope", back: "/cart" }, "cart=2%3A1"));
      expect(refused).toMatchObject({ location: "/cart?notice=coupon-refused&item=coupon_invalid", cookies: [] });
      const empty = await answer(post({ intent: "coupon", coupon: "  ", back: "/cart" }));
      expect(empty.location).toBe("/cart?notice=invalid");
      const removed = await answer(post({ intent: "coupon-remove", back: "/cart" }));
      expect(removed.location).toBe("/cart?notice=coupon-removed");
      expect(removed.cookies[0]).toMatch(/^coupon=; Max-Age=0;/);
    });

    it("signs the coupon cookie: a made-up or tampered one is no code at all", () => {
      const value = couponCookieValue(route.services.keys, "SAVE10");
      expect(couponCodeFrom(route.services.keys, value)).toBe("SAVE10");
      expect(couponCodeFrom(route.services.keys, "SAVE10")).toBeNull();
      expect(couponCodeFrom(route.services.keys, value.replace("SAVE10", "SAVE20"))).toBeNull();
    });

    it("switches currency (a manual choice) and language (the cookie, the address, and an automatic currency with it)", async () => {
      const currency = await answer(post({ intent: "currency", currency: "GBP", back: "/fr/product/2" }));
      expect(currency.location).toBe("/fr/product/2");
      const preference = JSON.parse(decodeURIComponent(currency.cookies[0].split(";")[0].slice("currency=".length)));
      expect(preference).toMatchObject({ currency: "GBP", isManualSelection: true });
      const auto = encodeURIComponent(JSON.stringify({ currency: "USD", isManualSelection: false, timestamp: route.services.now().getTime() - 1000 }));
      const lang = await answer(post({ intent: "lang", lang: "fr", back: "/product/2?x=1" }, `currency=${auto}`));
      expect(lang.location).toBe("/fr/product/2?x=1");
      expect(lang.cookies[0]).toMatch(/^lang=fr; Max-Age=31536000; Path=\/; SameSite=Lax$/);
      expect(decodeURIComponent(lang.cookies[1])).toMatch(/^currency=\{"currency":"EUR","isManualSelection":false/);
      const english = await answer(post({ intent: "lang", lang: "en", back: "/es/cart" }));
      expect(english).toMatchObject({ location: "/cart" });
    });

    it("answers GET with 405", () => {
      expect(() => loader()).toThrow();
    });
  });
}

describe("cross-site storefront form posts", () => {
  it("are refused before the action runs, like every state-changing request (server/guards.ts)", () => {
    const guard = sameOriginGuard("http://shop.test");
    const outcome = (headers: Record<string, string>) => {
      let result: "next" | number = "next";
      const req = { method: "POST", path: "/shop-actions", get: (name: string) => headers[name.toLowerCase()] };
      const res = {
        status(code: number) {
          result = code;
          return this;
        },
        type() {
          return this;
        },
        send() {
          return this;
        },
      };
      guard(req as never, res as never, () => undefined);
      return result;
    };
    expect(outcome({ origin: "https://evil.example" })).toBe(403);
    expect(outcome({ "sec-fetch-site": "cross-site" })).toBe(403);
    expect(outcome({ origin: "http://shop.test", "sec-fetch-site": "same-origin" })).toBe("next");
  });
});
