import type { Job } from "../jobs.server";
import { expireUnpaidOrders } from "../orders.server";
import { pruneRateLimits } from "../rate-limit.server";

/** Every background job the server runs; add new ones here. */
export const JOBS: readonly Job[] = [
  // Windows older than a day are never read again; an hourly sweep keeps the table small.
  { name: "prune-rate-limits", intervalMs: 60 * 60_000, jitter: 0.1, run: (db) => pruneRateLimits(db) },
  // Unpaid orders older than 24 h are cancelled so their reserved coupon uses go back.
  { name: "expire-unpaid-orders", intervalMs: 10 * 60_000, jitter: 0.2, run: async (db) => void (await expireUnpaidOrders(db)) },
];
