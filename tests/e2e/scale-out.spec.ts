import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { FAKE_PAYPAL_URL } from "../../playwright.config";
import { shopEnvForFakePayPal } from "../mocks/paypal-fake-env";
import { expect, test } from "./fixtures";

/**
 * Two production processes on one PostgreSQL, as behind a load balancer: what one does, the other
 * knows — orders, coupon limits, rate limits, and catalogue changes reaching both render caches.
 * Skipped when no PostgreSQL answers (npm test says so at its start).
 */
const PG_URL = process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/test";
const basePort = Number(process.env.E2E_PORT ?? 3210) + 2000;
const urls = [`http://127.0.0.1:${basePort}`, `http://127.0.0.1:${basePort + 1}`] as const;
const details = { EMAIL: "scale@example.com", FNAME: "Sky", USERNAME: "sky#1", VUUSER: "SkyGame", website: "" };

async function sql(url: string, text: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

async function reachable(): Promise<boolean> {
  try {
    await sql(PG_URL, "select 1");
    return true;
  } catch {
    return false;
  }
}

async function startProcess(port: number, databaseUrl: string): Promise<ChildProcess> {
  const child = spawn("node", ["server/start.js"], {
    env: {
      ...process.env,
      ...shopEnvForFakePayPal(FAKE_PAYPAL_URL),
      NODE_ENV: "production",
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: "scale-out-secret-scale-out-secret-0123456",
      // One public origin for both, as behind one load balancer.
      SITE_URL: urls[0],
      LOG_LEVEL: "warn",
      RENDER_CACHE_SECONDS: "600",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  await expect
    .poll(async () => (await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null))?.status ?? 0, { timeout: 60_000, message: `process on ${port} ready` })
    .toBe(200);
  return child;
}

test.describe("two processes on one PostgreSQL", () => {
  test.describe.configure({ mode: "serial" });
  let databaseUrl = "";
  const processes: ChildProcess[] = [];
  const post = (base: string, path: string, data: unknown) =>
    fetch(`${base}${path}`, { method: "POST", headers: { "Content-Type": "application/json", Origin: urls[0] }, body: JSON.stringify(data) });

  test.beforeAll(async () => {
    test.skip(!(await reachable()), `no PostgreSQL answers at ${PG_URL}`);
    test.setTimeout(120_000);
    const name = `ts_scale_${randomBytes(5).toString("hex")}`;
    await sql(PG_URL, `CREATE DATABASE ${name}`);
    const url = new URL(PG_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    // One after the other: the first migrates and seeds, the second finds it done.
    processes.push(await startProcess(basePort, databaseUrl));
    processes.push(await startProcess(basePort + 1, databaseUrl));
  });

  test.afterAll(async () => {
    await Promise.all(processes.map((child) => new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : (child.once("exit", () => resolve()), child.kill("SIGTERM"))))));
    if (databaseUrl) await sql(PG_URL, `DROP DATABASE IF EXISTS ${new URL(databaseUrl).pathname.slice(1)} WITH (FORCE)`);
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
    await sql(databaseUrl, "insert into coupons (id, code, type, value, description, usage_limit) values ('scale-last', 'LASTONE', 'percentage', 10, '10%', 1)");
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
      await expect.poll(async () => (await (await fetch(`${base}/product/2`)).text()).includes("$43.21"), { message: `${base} shows the new price` }).toBe(true);
    }
  });
});
