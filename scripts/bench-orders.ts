/**
 * npm run bench — how fast the real order repository takes orders: createOrder (server pricing,
 * coupon check, order + items + history in one transaction) from concurrent callers, for a few
 * seconds on the embedded PGlite and on PostgreSQL (TEST_DATABASE_URL, else the local test server;
 * skipped if it does not answer). Each PostgreSQL run uses a fresh database, dropped afterwards.
 *
 *   npm run bench -- --seconds 3 --concurrency 8
 */
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import pg from "pg";
import { openDatabase, type Database } from "../app/server/db.server";
import { createOrder } from "../app/server/orders.server";
import { seedDatabase } from "../app/server/seed.server";
import { PAYMENT_DETAILS } from "../tests/fixtures/orders";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "3" },
    concurrency: { type: "string", default: "8" },
  },
});
const SECONDS = Number(values.seconds);
const CONCURRENCY = Number(values.concurrency);
const PG_URL = process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/test";
// In-stock products of the seeded catalogue.
const PRODUCT_IDS = ["1", "2", "4", "5", "6", "7"];

interface Result {
  name: string;
  orders: number;
  failures: number;
  seconds: number;
  latenciesMs: number[];
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** One to three random lines, as a cart would send them: ids and quantities only. */
function randomCart() {
  const count = 1 + Math.floor(Math.random() * 3);
  const ids = [...PRODUCT_IDS].sort(() => Math.random() - 0.5).slice(0, count);
  return ids.map((id) => ({ id, quantity: 1 + Math.floor(Math.random() * 3) }));
}

async function run(name: string, database: Database): Promise<Result> {
  await seedDatabase(database.db);
  const order = () =>
    createOrder(database.db, { details: PAYMENT_DETAILS, lines: randomCart(), couponCode: null, currency: "USD", lang: "en", isGift: false, channel: "paypal" });
  for (let i = 0; i < 20; i++) await order(); // warm-up: plans, pool connections, JIT
  const latenciesMs: number[] = [];
  let failures = 0;
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        const result = await order();
        latenciesMs.push(performance.now() - t0);
        if (!result.ok) failures++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { name, orders: latenciesMs.length - failures, failures, seconds, latenciesMs: latenciesMs.sort((a, b) => a - b) };
}

async function postgresReachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function withFreshPostgres<T>(baseUrl: string, fn: (url: string) => Promise<T>): Promise<T> {
  const name = `ts_bench_${randomBytes(6).toString("hex")}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    return await fn(url.toString());
  } finally {
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

function report(result: Result): void {
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  console.log(
    `${result.name.padEnd(10)} ${String(result.orders).padStart(6)} orders in ${result.seconds.toFixed(1)} s = ` +
      `${(result.orders / result.seconds).toFixed(0).padStart(5)} orders/s   p50 ${ms(percentile(result.latenciesMs, 50))}   ` +
      `p99 ${ms(percentile(result.latenciesMs, 99))}   max ${ms(result.latenciesMs.at(-1) ?? NaN)}   failures ${result.failures}`,
  );
}

async function main(): Promise<void> {
  console.log(`createOrder, ${CONCURRENCY} concurrent callers, ${SECONDS} s per database\n`);
  const pglite = await openDatabase({ dataDir: "memory://" });
  try {
    report(await run("pglite", pglite));
  } finally {
    await pglite.close();
  }
  if (!(await postgresReachable(PG_URL))) {
    console.log(`postgres   skipped: nothing answers at ${PG_URL.replace(/\/\/[^@]*@/, "//")}`);
    return;
  }
  await withFreshPostgres(PG_URL, async (url) => {
    const postgres = await openDatabase({ databaseUrl: url, dataDir: "unused" });
    try {
      report(await run("postgres", postgres));
    } finally {
      await postgres.close();
    }
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
