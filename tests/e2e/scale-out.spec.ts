import type { ChildProcess } from "node:child_process";
import { FAKE_PAYPAL_URL } from "../../playwright.config";
import { expect, test } from "./fixtures";
import { createDatabase, PG_URL, postAs, postgresReachable, sql, startShopProcess, stopShopProcess } from "./processes";

/**
 * Two production processes on one PostgreSQL, as behind a load balancer: what one does, the other
 * knows — orders, coupon limits, rate limits, and catalogue changes reaching both render caches.
 * Skipped when no PostgreSQL answers (npm test says so at its start).
 */
const basePort = Number(process.env.E2E_PORT ?? 3210) + 2000;
const urls = [`http://127.0.0.1:${basePort}`, `http://127.0.0.1:${basePort + 1}`] as const;
const details = { EMAIL: "scale@example.com", FNAME: "Sky", USERNAME: "sky#1", VUUSER: "SkyGame", website: "" };

test.describe("two processes on one PostgreSQL", () => {
  test.describe.configure({ mode: "serial" });
  let databaseUrl = "";
  let drop: (() => Promise<void>) | undefined;
  const processes: ChildProcess[] = [];
  const post = (base: string, path: string, data: unknown) => postAs(urls[0], base, path, data);

  test.beforeAll(async () => {
    test.skip(!(await postgresReachable()), `no PostgreSQL answers at ${PG_URL}`);
    test.setTimeout(120_000);
    ({ url: databaseUrl, drop } = await createDatabase());
    // One public origin for both, as behind one load balancer; one after the other: the first
    // migrates and seeds, the second finds it done.
    const env = { DATABASE_URL: databaseUrl, SITE_URL: urls[0], RENDER_CACHE_SECONDS: "600" };
    processes.push(await startShopProcess(basePort, env));
    processes.push(await startShopProcess(basePort + 1, env));
  });

  test.afterAll(async () => {
    await Promise.all(processes.map((child) => stopShopProcess(child)));
    await drop?.();
  });

  test("an order created on one process is paid through the other", async () => {
    const created = await (await post(urls[0], "/api/orders", { details, lines: [{ id: "2", quantity: 1 }] })).json();
    expect(created.ok).toBe(true);
    const orderId = created.order.id as string;
    const started = await (await post(urls[1], "/api/paypal/orders", { orderId })).json();
    expect(started.ok).toBe(true);
    await fetch(`${FAKE_PAYPAL_URL}/__fake/orders/${started.paypalOrderId}/approve`, { method: "POST" });
    const captured = await (await post(urls[1], "/api/paypal/capture", { orderId, paypalOrderId: started.paypalOrderId })).json();
    expect(captured, JSON.stringify(captured)).toMatchObject({ ok: true, payment: { status: "paid" } });
    const { rows } = await sql(databaseUrl, "select status from orders where id = $1", [orderId]);
    expect(rows[0].status).toBe("paid");
  });

  test("a coupon's last use goes to one order only, whichever process takes it", async () => {
    await sql(
      databaseUrl,
      "insert into coupons (id, code, type, value, description, usage_limit) values ('scale-last', 'LASTONE', 'percentage', 10, '10%', 1)",
    );
    await sql(databaseUrl, "select pg_notify('catalogue_changed', '')");
    const order = { details, lines: [{ id: "2", quantity: 1 }], couponCode: "LASTONE" };
    const [a, b] = await Promise.all([post(urls[0], "/api/orders", order), post(urls[1], "/api/orders", order)]);
    const answers = [await a.json(), await b.json()];
    expect(answers.filter((answer) => answer.ok)).toHaveLength(1);
    expect(JSON.stringify(answers.find((answer) => !answer.ok))).toContain("coupon_usage_limit");
  });

  test("a client's rate limit counts its requests to both processes", async () => {
    const check = (base: string) => post(base, "/api/coupon", { code: "NOPE", lines: [{ id: "2", quantity: 1 }] });
    const statuses: number[] = [];
    // 60 coupon checks per 10 minutes and client, alternating processes: the 61st is refused.
    for (let i = 0; i < 61; i++) statuses.push((await check(urls[i % 2])).status);
    expect(statuses.slice(0, 60).filter((status) => status === 429)).toEqual([]);
    expect(statuses[60]).toBe(429);
  });

  test("a catalogue change reaches both processes' render caches", async () => {
    for (const base of urls) {
      await fetch(`${base}/product/2`);
      expect(await (await fetch(`${base}/product/2`)).text()).toContain("$54.99");
    }
    await sql(databaseUrl, "update products set price_cents = 4321 where id = '2'");
    await sql(databaseUrl, "select pg_notify('catalogue_changed', '')");
    for (const base of urls) {
      await expect
        .poll(async () => (await (await fetch(`${base}/product/2`)).text()).includes("$43.21"), { message: `${base} shows the new price` })
        .toBe(true);
    }
  });
});
