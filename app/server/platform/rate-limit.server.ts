import { lt, sql } from "drizzle-orm";
import { rateLimits } from "../../../db/schema";
import type { Db } from "./db.server";

export interface RateLimitRule {
  /** Name of what is limited (contact, review, newsletter, coupon, order, lookup, order-login). */
  bucket: string;
  limit: number;
  windowMs: number;
}

export const RATE_LIMITS = {
  contact: { bucket: "contact", limit: 5, windowMs: 60 * 60_000 },
  review: { bucket: "review", limit: 10, windowMs: 60 * 60_000 },
  newsletter: { bucket: "newsletter", limit: 5, windowMs: 60 * 60_000 },
  coupon: { bucket: "coupon", limit: 60, windowMs: 10 * 60_000 },
  order: { bucket: "order", limit: 20, windowMs: 60 * 60_000 },
  lookup: { bucket: "lookup", limit: 10, windowMs: 15 * 60_000 },
  /** The buyer's game-login calls (state, submit, withdraw): a page open a while polls a few times. */
  orderLogin: { bucket: "order-login", limit: 60, windowMs: 15 * 60_000 },
  /** Problem reports and their messages from the order page (docs/decisions/034). */
  report: { bucket: "report", limit: 10, windowMs: 60 * 60_000 },
  /** "Send me my data" / "Delete my data" from the order page: each one mails the buyer (docs/decisions/041). */
  privacy: { bucket: "privacy", limit: 5, windowMs: 60 * 60_000 },
} satisfies Record<string, RateLimitRule>;

let scale = 1;

/** Multiplies every limit (RATE_LIMIT_SCALE): loosen for a busy shared IP or a test run. */
export function setRateLimitScale(value: number): void {
  scale = value;
}

/** The current RATE_LIMIT_SCALE, for limits kept elsewhere (the per-client login throttle). */
export function rateLimitScale(): number {
  return scale;
}

export interface RateLimitResult {
  allowed: boolean;
  count: number;
  /** Seconds until the window resets. */
  retryAfter: number;
}

/**
 * Fixed-window counter in the database: one atomic upsert per hit, so every server process sharing
 * the database shares the limit.
 */
export async function hit(db: Db, rule: RateLimitRule, key: string, now: Date): Promise<RateLimitResult> {
  const windowStart = new Date(Math.floor(now.getTime() / rule.windowMs) * rule.windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ bucket: rule.bucket, key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.bucket, rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ count: rateLimits.count });
  const retryAfter = Math.ceil((windowStart.getTime() + rule.windowMs - now.getTime()) / 1000);
  return { allowed: row.count <= rule.limit * scale, count: row.count, retryAfter };
}

/** Drops windows older than a day; called now and then, never on the request path's critical work. */
export async function pruneRateLimits(db: Db, now: Date): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now.getTime() - 24 * 60 * 60_000)));
}
