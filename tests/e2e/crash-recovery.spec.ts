import type { ChildProcess } from "node:child_process";
import { FAKE_PAYPAL_URL } from "../../playwright.config";
import { expect, test } from "./fixtures";
import { createDatabase, PG_URL, postAs, postgresReachable, sql, startShopProcess, stopShopProcess } from "./processes";

/**
 * The shop process is killed (kill -9) after PayPal took the money but before the shop heard the
 * answer: after a restart, the buyer's retry settles the order as paid, once. Skipped without PostgreSQL.
 */
const port = Number(process.env.E2E_PORT ?? 3210) + 2002;
const base = `http://127.0.0.1:${port}`;
const details = { EMAIL: "crash@example.com", FNAME: "Cruz", USERNAME: "cruz#1", VUUSER: "CruzGame", website: "" };

test("an order whose capture answer died with the process is paid after the restart", async () => {
  test.skip(!(await postgresReachable()), `no PostgreSQL answers at ${PG_URL}`);
  test.setTimeout(120_000);
  const database = await createDatabase();
  const env = { DATABASE_URL: database.url, SITE_URL: base };
  let shop: ChildProcess | undefined;
  try {
    shop = await startShopProcess(port, env);
    const post = (path: string, data: unknown) => postAs(base, base, path, data);
    const { order } = await (await post("/api/orders", { details, lines: [{ id: "2", quantity: 1 }] })).json();
    const { paypalOrderId } = await (await post("/api/paypal/orders", { orderId: order.id })).json();
    await fetch(`${FAKE_PAYPAL_URL}/__fake/orders/${paypalOrderId}/approve`, { method: "POST", body: JSON.stringify({ captureAnswerDelayMs: 5_000 }) });

    // The capture reaches PayPal, whose answer is slow; the process dies before it arrives.
    const lost = post("/api/paypal/capture", { orderId: order.id, paypalOrderId }).catch(() => null);
    await expect
      .poll(async () =>
        ((await (await fetch(`${FAKE_PAYPAL_URL}/__fake/requests`)).json()) as { route: string; path: string }[]).some(
          (r) => r.route === "capture" && r.path.includes(paypalOrderId),
        ),
      )
      .toBe(true);
    await stopShopProcess(shop, "SIGKILL");
    expect(await lost).toBeNull();
    expect((await sql(database.url, "select status from orders where id = $1", [order.id])).rows[0].status).toBe("awaiting_payment");

    shop = await startShopProcess(port, env);
    const retried = await (await post("/api/paypal/capture", { orderId: order.id, paypalOrderId })).json();
    expect(retried, JSON.stringify(retried)).toMatchObject({ ok: true, payment: { status: "paid" } });
    expect((await sql(database.url, "select status from orders where id = $1", [order.id])).rows[0].status).toBe("paid");
    const captures = await sql(database.url, "select count(*)::int as n from payments where order_id = $1 and kind = 'capture'", [order.id]);
    expect(captures.rows[0].n).toBe(1);
  } finally {
    if (shop) await stopShopProcess(shop);
    await database.drop();
  }
});
