import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startShop, type RunningShop } from "../tests/setup/running-shop";

// The order-status page as a browser receives it from the real Express app: the headers that keep
// its key private, the HTML that keeps it out of search engines, and no test-only route.

let shop: RunningShop;
let statusPath: string;
let orderId: string;
const url = (path: string) => `http://127.0.0.1:${shop.port}${path}`;

beforeAll(async () => {
  shop = await startShop();
  const created = await fetch(url("/api/orders"), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      details: { EMAIL: "http@example.com", FNAME: "Robin", USERNAME: "robin#1", VUUSER: "RobinGame" },
      lines: [{ id: "2", quantity: 1 }],
      lang: "fr",
    }),
  });
  expect(created.status).toBe(201);
  const reply = (await created.json()) as { order: { id: string; statusPath: string } };
  ({ id: orderId, statusPath } = reply.order);
}, 180_000); // Vite transforms the whole app first: slow on a busy machine
afterAll(async () => {
  await shop?.close();
});

describe("the order-status page over HTTP", () => {
  it("the order's reply carries its status path with a key, without a language prefix", () => {
    expect(statusPath).toMatch(new RegExp(`^/order/${orderId}\\?k=[\\w-]{20,}$`));
  });

  it("is served with one strict referrer policy, no caching and noindex; the rest of the shop keeps the default", async () => {
    const page = await fetch(url(`/fr${statusPath}`));
    expect(page.status).toBe(200);
    expect(page.headers.get("referrer-policy")).toBe("strict-origin");
    expect(page.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    const home = await fetch(url("/"), { headers: { "Accept-Language": "en" } });
    expect(home.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });

  it("renders the order in its language with UTC times, noindex, and no canonical or alternate link repeating the URL", async () => {
    const response = await fetch(url(`/fr${statusPath}`));
    const html = await response.text();
    expect(html).toContain(`Commande ${orderId}`);
    expect(html).toContain("En attente de votre paiement");
    expect(html).toMatch(/<meta name="robots" content="noindex, nofollow"\/?>/);
    expect(html).not.toMatch(/rel="canonical"|rel="alternate"/);
    expect(html.match(/<time[^>]*>[^<]*<\/time>/i)?.[0]).toMatch(/^<time dateTime="\d{4}-\d\d-\d\dT[\d:.]+Z">\d{4}-\d\d-\d\d \d\d:\d\d UTC<\/time>$/i);
    expect(html).not.toContain("http@example.com");
  });

  it("answers 404 for the same order with a wrong key", async () => {
    const wrong = await fetch(url(`/fr/order/${orderId}?k=AAAAAAAAAAAAAAAAAAAAAA`));
    expect(wrong.status).toBe(404);
    // (The page's strings travel in the hydration data: compare what is rendered, the heading.)
    expect((await wrong.text()).match(/<h1[^>]*>(.*?)<\/h1>/)?.[1]).toBe("Impossible d&#x27;ouvrir cette commande");
  });
});
