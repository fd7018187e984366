import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "../db/schema";
import { startShop, type RunningShop } from "../tests/setup/running-shop";

type CatalogueModule = typeof import("../app/server/catalogue/cache.server");

let shop: RunningShop;
const get = (path: string, headers: Record<string, string> = {}) => fetch(`http://127.0.0.1:${shop.port}${path}`, { headers });
const nonceOf = (response: Response) => /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];

beforeAll(async () => {
  shop = await startShop({ RENDER_CACHE_SECONDS: "60" });
}, 120_000);
afterAll(async () => {
  await shop?.close();
});

describe("the render cache", () => {
  it("serves a page again with a fresh CSP nonce that the page's scripts carry, and an ETag", async () => {
    const first = await get("/product/1");
    const second = await get("/product/1");
    const [a, b] = [await first.text(), await second.text()];
    const [nonceA, nonceB] = [nonceOf(first)!, nonceOf(second)!];
    expect(nonceA).not.toBe(nonceB);
    expect(b).toContain(`nonce="${nonceB}"`);
    expect(b).not.toContain(nonceA);
    expect(b.replaceAll(nonceB, "N")).toBe(a.replaceAll(nonceA, "N"));
    expect(second.headers.get("etag")).toMatch(/^W\/"/);
    expect(second.headers.get("x-shared-page")).toBeNull();
    expect(second.headers.get("cache-control")).toBe("private, no-cache");
  });

  it("answers 304 to a matching If-None-Match without a new CSP, so the browser keeps its page and its nonce", async () => {
    await get("/rooms");
    const etag = (await get("/rooms")).headers.get("etag")!;
    const revalidated = await get("/rooms", { "If-None-Match": etag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("content-security-policy")).toBeNull();
  });

  it("keeps pages apart by currency: a euro shopper never gets the dollar page", async () => {
    await get("/product/1");
    const preference = encodeURIComponent(JSON.stringify({ currency: "EUR", isManualSelection: true, timestamp: Date.now() }));
    const euro = await (await get("/product/1", { Cookie: `currency=${preference}` })).text();
    expect(euro).toMatch(/\d+,\d\d\u00a0€/);
  });

  it("drops stored pages when the seller changes the catalogue", async () => {
    const before = await (await get("/product/2")).text();
    expect(before).toContain("$54.99");
    const { invalidateCatalogue } = await shop.load<CatalogueModule>("/app/server/catalogue/cache.server.ts");
    await shop.services.db.update(products).set({ priceCents: 4321 }).where(eq(products.id, "2"));
    expect(await (await get("/product/2")).text()).toContain("$54.99"); // still the stored page
    await invalidateCatalogue(shop.services.db);
    const after = await (await get("/product/2")).text();
    expect(after).toContain("$43.21");
    await shop.services.db.update(products).set({ priceCents: 5499 }).where(eq(products.id, "2"));
    await invalidateCatalogue(shop.services.db);
  });

  it("never stores a page that is not 200: a 404 stays a 404 rendered afresh", async () => {
    const first = await get("/product/no-such-product");
    const second = await get("/product/no-such-product");
    expect([first.status, second.status]).toEqual([404, 404]);
    expect(second.headers.get("etag")).toBeNull();
  });
});
