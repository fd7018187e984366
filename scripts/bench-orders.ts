/**
 * Order creation through the real repository — createOrder (server pricing, coupon check, order +
 * items + history + the buyer's notice in one transaction) from concurrent callers. Used by
 * scripts/bench.ts (`npm run bench`).
 */
import pg from "pg";
import { createFreshPostgres } from "../tests/setup/fresh-postgres";
import type { Database } from "../app/server/platform/db.server";
import { createOrder } from "../app/server/orders/orders.server";
import { seedDatabase } from "../app/server/catalogue/seed.server";
import { BUYER } from "../tests/fixtures/orders";
import { TEST_SITE } from "../tests/fixtures/site";

// In-stock products of the seeded catalogue.
const PRODUCT_IDS = ["1", "2", "4", "5", "6", "7"];

export interface OrderBenchResult {
  name: string;
  orders: number;
  failures: number;
  seconds: number;
  latenciesMs: number[];
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** One to three random lines, as a cart would send them: ids and quantities only. */
function randomCart() {
  const count = 1 + Math.floor(Math.random() * 3);
  const ids = [...PRODUCT_IDS].sort(() => Math.random() - 0.5).slice(0, count);
  return ids.map((id) => ({ id, quantity: 1 + Math.floor(Math.random() * 3) }));
}

export async function benchOrders(
  name: string,
  database: Database,
  { seconds: SECONDS, concurrency: CONCURRENCY }: { seconds: number; concurrency: number },
): Promise<OrderBenchResult> {
  await seedDatabase(database.db);
  const order = () =>
    createOrder(
      database.db,
      TEST_SITE,
      {
        buyer: BUYER,
        lines: randomCart(),
        couponCode: null,
        currency: "USD",
        lang: "en",
        isGift: false,
        channel: "paypal",
      },
      new Date(),
    );
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

export async function postgresReachable(url: string): Promise<boolean> {
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

export async function withFreshPostgres<T>(baseUrl: string, fn: (url: string) => Promise<T>): Promise<T> {
  const fresh = await createFreshPostgres(baseUrl);
  try {
    return await fn(fresh.url);
  } finally {
    await fresh.drop();
  }
}
