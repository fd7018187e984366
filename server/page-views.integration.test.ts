import { getTableColumns } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageViews } from "../db/schema";
import { startShop, type RunningShop } from "../tests/setup/running-shop";

let shop: RunningShop;
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36";
const PHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
const get = (path: string, headers: Record<string, string> = {}, method = "GET") =>
  fetch(`http://127.0.0.1:${shop.port}${path}`, { method, headers: { "User-Agent": BROWSER, ...headers }, redirect: "manual" }).then(async (r) => {
    await r.arrayBuffer();
    return r;
  });

async function counted() {
  await shop.views.flush();
  const rows = await shop.services.db.select().from(pageViews);
  return rows.sort((a, b) => `${a.route}${a.productId}${a.lang}`.localeCompare(`${b.route}${b.productId}${b.lang}`));
}

beforeAll(async () => {
  shop = await startShop({ RENDER_CACHE_SECONDS: "60", COUNTRY_HEADER: "CF-IPCountry" });
  await shop.views.flush();
  await shop.services.db.delete(pageViews);
}, 120_000);
afterAll(async () => {
  await shop?.close();
});

describe("page views counted on the server", () => {
  it("counts storefront pages (render-cache hits included) by page, language, country, referring site and device", async () => {
    await get("/product/1");
    await get("/product/1"); // served from the render cache
    await get("/fr/rooms", { "User-Agent": PHONE, Referer: "https://www.google.com/search?q=who", "CF-IPCountry": "FR" });
    const rows = await counted();
    expect(rows.map(({ day: _day, ...r }) => r)).toEqual([
      { route: "/product/:id", productId: "1", lang: "en", country: "", referrerDomain: "", deviceClass: "desktop", views: 2 },
      { route: "/rooms", productId: "", lang: "fr", country: "FR", referrerDomain: "google.com", deviceClass: "mobile", views: 1 },
    ]);
    expect(rows[0].day).toBe(new Date().toISOString().slice(0, 10)); // the default time zone is UTC
    await shop.services.db.delete(pageViews);
  });

  it("leaves out bots, the console, the seller's own visits, the API, assets, prefetches, errors and posts", async () => {
    await get("/product/1", { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" });
    await get("/product/1", { "User-Agent": "curl/8.5.0" });
    await get("/admin");
    await get("/admin/login");
    await get("/product/1", { Cookie: "seller_session=abc" });
    await get("/product/1", { Cookie: "consent=1; __Host-seller_session=abc" }); // the cookie's name on https
    await get("/product/1", { "Sec-Purpose": "prefetch" });
    await get("/api/geo");
    await get("/robots.txt");
    await get("/product/does-not-exist");
    await get("/contact", { "Content-Type": "application/x-www-form-urlencoded" }, "POST");
    expect(shop.views.pending).toBe(0); // nothing waiting in memory (after a flush it would be 0 whatever was counted)
    expect(await counted()).toEqual([]);
  });

  it("has no column that could hold an address, a user agent, a cookie or a visitor id", () => {
    const columns = getTableColumns(pageViews);
    expect(Object.values(columns).map((c) => c.name)).toEqual(["day", "route", "product_id", "lang", "country", "referrer_domain", "device_class", "views"]);
    for (const column of Object.values(columns)) expect(column.name).not.toMatch(/ip|addr|agent|ua|cookie|visitor|session|user|url|path/i);
    // The only free-text columns are filled from closed sets or reduced values (docs/decisions/051).
    expect(columns.deviceClass.enumValues).toEqual(["mobile", "tablet", "desktop"]);
    expect(columns.day.dataType).toBe("string");
    expect(columns.views.dataType).toBe("number");
  });
});
