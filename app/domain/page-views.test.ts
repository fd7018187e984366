import { describe, expect, it } from "vitest";
import { countedPage, countryCode, deviceClass, referrerDomain } from "./page-views";

describe("page views without tracking", () => {
  it("counts storefront pages under their route pattern and language, and nothing else", () => {
    expect(countedPage("/")).toEqual({ route: "/", productId: "", lang: "en" });
    expect(countedPage("/fr")).toEqual({ route: "/", productId: "", lang: "fr" });
    expect(countedPage("/es/product/gold-trigger")).toEqual({ route: "/product/:id", productId: "gold-trigger", lang: "es" });
    expect(countedPage("/product/gold-trigger.data")).toEqual({ route: "/product/:id", productId: "gold-trigger", lang: "en" });
    expect(countedPage("/fr/cart/")).toEqual({ route: "/cart", productId: "", lang: "fr" });
    // The sitemap's pages and the buying path (app/domain/storefront-pages.ts).
    expect(countedPage("/es/share")).toEqual({ route: "/share", productId: "", lang: "es" });
    expect(countedPage("/thank-you")).toEqual({ route: "/thank-you", productId: "", lang: "en" });
    for (const path of ["/admin", "/admin/orders", "/api/geo", "/assets/x.js", "/media/a.jpg", "/order/T-1", "/fr/order/T-1", "/robots.txt", "/de/cart"])
      expect(countedPage(path), path).toBeNull();
  });

  it("keeps only a device class, a referring domain and a country code", () => {
    expect(deviceClass("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148")).toBe("mobile");
    expect(deviceClass("Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36")).toBe("mobile");
    expect(deviceClass("Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)")).toBe("tablet");
    expect(deviceClass("Mozilla/5.0 (Linux; Android 13; SM-X200) Safari/537.36")).toBe("tablet");
    expect(deviceClass("Mozilla/5.0 (X11; Linux x86_64) Chrome/120")).toBe("desktop");
    expect(deviceClass(null)).toBe("desktop");
    expect(referrerDomain("https://www.Google.com/search?q=secret", "shop.test")).toBe("google.com");
    expect(referrerDomain("https://shop.test/product/x", "shop.test")).toBe("");
    expect(referrerDomain("android-app://com.discord", "shop.test")).toBe("");
    expect(referrerDomain("not a url", "shop.test")).toBe("");
    expect(countryCode("fr")).toBe("FR");
    expect(countryCode("XX")).toBe("");
    expect(countryCode("France")).toBe("");
  });
});
