import type { Job } from "../jobs.server";
import { pruneRateLimits } from "../rate-limit.server";

/** Every background job the server runs; add new ones here. */
export const JOBS: readonly Job[] = [
  // Windows older than a day are never read again; an hourly sweep keeps the table small.
  { name: "prune-rate-limits", intervalMs: 60 * 60_000, jitter: 0.1, run: (db) => pruneRateLimits(db) },
];
