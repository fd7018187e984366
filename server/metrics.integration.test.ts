import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakePayPal, type FakePayPal } from "../tests/mocks/paypal-server";
import { newOrder } from "../tests/fixtures/orders";
import { startShop, type RunningShop } from "../tests/setup/running-shop";
import { TEST_SITE } from "../tests/fixtures/site";

const TOKEN = "metrics-token-for-the-test-0123";

/** One metric's value for the given labels (all of them, in any order), or undefined. */
function valueOf(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split("\n")) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const labelText = /\{(.*)\}/.exec(line)?.[1] ?? "";
    const parsed = Object.fromEntries([...labelText.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => parsed[k] === v)) return Number(line.slice(line.lastIndexOf(" ") + 1));
  }
  return undefined;
}

describe("/metrics with METRICS_TOKEN set", () => {
  let shop: RunningShop;
  let paypal: FakePayPal;
  let base: string;
  const scrape = (token = TOKEN) => fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${token}` } });

  beforeAll(async () => {
    paypal = await startFakePayPal();
    shop = await startShop({
      METRICS_TOKEN: TOKEN,
      RENDER_CACHE_SECONDS: "60",
      PAYPAL_CLIENT_ID: paypal.clientId,
      PAYPAL_CLIENT_SECRET: paypal.clientSecret,
      PAYPAL_API_BASE: paypal.url,
      PAYPAL_WEBHOOK_ID: "WH-METRICS",
    });
    base = `http://127.0.0.1:${shop.port}`;
  }, 180_000);
  afterAll(async () => {
    await shop?.close();
    await paypal?.close();
  });

  it("is not there for whoever lacks the token: the shop's ordinary 404 page", async () => {
    const unknown = await fetch(`${base}/no-such-page`);
    for (const response of [
      await fetch(`${base}/metrics`),
      await scrape("wrong-token-wrong-token-wrong"),
      await fetch(`${base}/metrics`, { headers: { Authorization: TOKEN } }),
    ]) {
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toBe(unknown.headers.get("content-type"));
      expect(await response.text()).not.toContain("http_request_duration_seconds");
    }
    await unknown.text();
  });

  it("counts requests by route pattern and status, never by raw id, language or query", async () => {
    for (const path of ["/product/2", "/product/4?utm=secret-campaign", "/fr/product/5", "/es/product/king-cummy", "/fr/triggers"])
      await (await fetch(`${base}${path}`)).text();
    await (await fetch(`${base}/product/does-not-exist`)).text();
    const response = await scrape();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const text = await response.text();
    expect(valueOf(text, "http_request_duration_seconds_count", { route: "/product/:id", method: "GET", status: "200" })).toBeGreaterThanOrEqual(4);
    expect(valueOf(text, "http_request_duration_seconds_count", { route: "/product/:id", method: "GET", status: "404" })).toBeGreaterThanOrEqual(1);
    expect(valueOf(text, "http_request_duration_seconds_count", { route: "/triggers", method: "GET", status: "200" })).toBeGreaterThanOrEqual(1);
    expect(valueOf(text, "http_request_duration_seconds_bucket", { route: "/product/:id", status: "200", le: "+Inf" })).toBeGreaterThanOrEqual(4);
    const routes = new Set([...text.matchAll(/route="([^"]*)"/g)].map((m) => m[1]));
    for (const route of routes) expect(route).not.toMatch(/\/(fr|es)\/|\?|\/product\/[^:]|secret-campaign|does-not-exist/);
  });

  it("counts render-cache hits and misses", async () => {
    for (let i = 0; i < 3; i++) await (await fetch(`${base}/product/7`)).text();
    const text = await (await scrape()).text();
    expect(valueOf(text, "shop_render_cache_lookups_total", { result: "miss" })).toBeGreaterThanOrEqual(1);
    expect(valueOf(text, "shop_render_cache_lookups_total", { result: "hit" })).toBeGreaterThanOrEqual(2);
  });

  it("reads orders by state, revenue and the outbox from the database when scraped", async () => {
    const { createOrder } = await shop.load<typeof import("../app/server/orders/orders.server")>("/app/server/orders/orders.server.ts");
    const before = await (await scrape()).text();
    const waiting = valueOf(before, "shop_orders", { status: "manual_pending" }) ?? 0;
    // A manual order: its instructions mail is written with it (a PayPal order gets no mail until paid or reminded).
    const created = await createOrder(shop.services.db, TEST_SITE, newOrder({ channel: "manual" }), new Date());
    expect(created.ok).toBe(true);
    const text = await (await scrape()).text();
    expect(valueOf(text, "shop_orders", { status: "manual_pending" })).toBe(waiting + 1);
    expect(valueOf(text, "shop_orders", { status: "delivered" })).toBe(0);
    expect(valueOf(text, "shop_orders_waiting_over_24h")).toBe(0);
    expect(valueOf(text, "shop_paid_revenue_usd")).toBe(0);
    // No SMTP here: the order's mail waits in the outbox.
    expect(valueOf(text, "shop_outbox_messages", { status: "pending" })).toBeGreaterThanOrEqual(1);
    expect(valueOf(text, "shop_outbox_messages", { status: "failed" })).toBe(0);
    expect(valueOf(text, "shop_metrics_database_up")).toBe(1);
    expect(valueOf(text, "shop_backup_last_success_timestamp_seconds")).toBe(0);
  });

  it("counts webhooks PayPal does not vouch for, and login attempts the throttle refuses", async () => {
    const body = JSON.stringify({ id: "WH-FORGED-1", event_type: "PAYMENT.CAPTURE.COMPLETED", resource_type: "capture", resource: { id: "X" } });
    const forged = await fetch(`${base}/api/paypal/webhook`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "paypal-transmission-id": "forged",
        "paypal-transmission-time": new Date().toISOString(),
        "paypal-transmission-sig": "AAAA",
        "paypal-cert-url": "https://api.paypal.com/v1/notifications/certs/CERT-FORGED",
        "paypal-auth-algo": "SHA256withRSA",
      },
      body,
    });
    expect(forged.status).toBe(400);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const attempt = await fetch(`${base}/admin/login`, {
        method: "POST",
        headers: { origin: base, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ email: "nobody@shop.test", password: "wrong password 123" }).toString(),
        redirect: "manual",
      });
      statuses.push(attempt.status);
      await attempt.text();
    }
    const refused = statuses.filter((s) => s === 429).length;
    expect(refused).toBeGreaterThanOrEqual(1);
    const text = await (await scrape()).text();
    expect(valueOf(text, "shop_webhook_verifications_failed_total")).toBe(1);
    expect(valueOf(text, "shop_login_throttled_total")).toBe(refused);
    expect(valueOf(text, "http_request_duration_seconds_count", { route: "/admin/login", method: "POST", status: "429" })).toBe(refused);
  });

  it("shows job runs, memory and event-loop lag", async () => {
    const text = await (await scrape()).text();
    expect(valueOf(text, "shop_job_runs_total", { job: "send-outbox", outcome: "ok" })).toBeGreaterThanOrEqual(1);
    expect(valueOf(text, "shop_job_duration_seconds_count", { job: "send-outbox" })).toBeGreaterThanOrEqual(1);
    expect(valueOf(text, "shop_job_lag_seconds", { job: "send-outbox" })).toBeGreaterThanOrEqual(0);
    expect(valueOf(text, "process_resident_memory_bytes")).toBeGreaterThan(10_000_000);
    expect(valueOf(text, "nodejs_eventloop_lag_seconds")).toBeGreaterThanOrEqual(0);
    // The embedded database has no pool to show.
    expect(text).not.toContain("shop_db_pool_connections");
  });
});

describe("/metrics without METRICS_TOKEN", () => {
  let shop: RunningShop;
  beforeAll(async () => {
    shop = await startShop({ METRICS_TOKEN: "" });
  }, 180_000);
  afterAll(async () => {
    await shop?.close();
  });

  it("does not exist, whatever token is sent", async () => {
    const response = await fetch(`http://127.0.0.1:${shop.port}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain("process_resident_memory_bytes");
  });
});
