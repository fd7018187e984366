import { spawn, type ChildProcess } from "node:child_process";
import pg from "pg";
import { FAKE_PAYPAL_URL } from "../../playwright.config";
import { shopEnvForFakePayPal } from "../mocks/paypal-fake-env";
import { createFreshPostgres } from "../setup/fresh-postgres";
import { expect } from "./fixtures";

/** Production shop processes of their own on a fresh PostgreSQL database, for scale-out and crash tests. */
export const PG_URL = process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/test";

export async function sql(url: string, text: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

export async function postgresReachable(): Promise<boolean> {
  try {
    await sql(PG_URL, "select 1");
    return true;
  } catch {
    return false;
  }
}

/** A fresh database on the test server, dropped by the caller. */
export function createDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  return createFreshPostgres(PG_URL);
}

/** Starts `node server/start.js` (the e2e build) on `port` and waits until /readyz answers. */
export async function startShopProcess(port: number, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn("node", ["server/start.js"], {
    env: {
      ...process.env,
      ...shopEnvForFakePayPal(FAKE_PAYPAL_URL),
      NODE_ENV: "production",
      PORT: String(port),
      SESSION_SECRET: "processes-secret-processes-secret-0123456",
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  await expect
    .poll(async () => (await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null))?.status ?? 0, {
      timeout: 60_000,
      message: `shop process on ${port} ready`,
    })
    .toBe(200);
  return child;
}

export function stopShopProcess(child: ChildProcess, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill(signal);
  });
}

/** POST JSON as the shop's own pages do (same-origin). */
export function postAs(origin: string, base: string, path: string, data: unknown): Promise<Response> {
  return fetch(`${base}${path}`, { method: "POST", headers: { "Content-Type": "application/json", Origin: origin }, body: JSON.stringify(data) });
}
