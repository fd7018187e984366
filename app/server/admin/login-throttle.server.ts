/**
 * Growing waits after failed logins, per account and per client (docs/decisions/014): each
 * failure past the free ones locks further logins for a doubling delay. While locked, no password
 * is even checked, so guessing in parallel gains nothing; a success clears both counters.
 */
import { and, eq, gt, or, sql } from "drizzle-orm";
import { LOGIN_THROTTLE, lockDelayMs, type ThrottleRule } from "~/domain/seller-access";
import { loginThrottles } from "../../../db/schema";
import type { Db } from "../db.server";
import { rateLimitScale } from "../rate-limit.server";

export interface ThrottleKeys {
  /** The normalised email typed, whether or not it has an account. */
  account: string;
  /** The client's pseudonym (client-key.server.ts). */
  client: string;
}

function clientRule(): ThrottleRule {
  const rule = LOGIN_THROTTLE.client;
  return { ...rule, freeFailures: Math.ceil(rule.freeFailures * rateLimitScale()) };
}

const matches = (keys: ThrottleKeys) =>
  or(
    and(eq(loginThrottles.scope, "account"), eq(loginThrottles.key, keys.account)),
    and(eq(loginThrottles.scope, "client"), eq(loginThrottles.key, keys.client)),
  );

/** Seconds to wait before the next try (0 = go ahead). */
export async function loginWaitSeconds(db: Db, keys: ThrottleKeys, now = new Date()): Promise<number> {
  const rows = await db
    .select({ lockedUntil: loginThrottles.lockedUntil })
    .from(loginThrottles)
    .where(and(matches(keys), gt(loginThrottles.lockedUntil, now)));
  const until = Math.max(0, ...rows.map((r) => r.lockedUntil?.getTime() ?? 0));
  return until > now.getTime() ? Math.ceil((until - now.getTime()) / 1000) : 0;
}

async function fail(db: Db, scope: "account" | "client", key: string, rule: ThrottleRule, now: Date): Promise<number> {
  const forgetBefore = new Date(now.getTime() - rule.forgetAfterMs);
  const [row] = await db
    .insert(loginThrottles)
    .values({ scope, key, failures: 1, lastFailureAt: now })
    .onConflictDoUpdate({
      target: [loginThrottles.scope, loginThrottles.key],
      set: {
        failures: sql`case when ${loginThrottles.lastFailureAt} < ${forgetBefore} then 1 else ${loginThrottles.failures} + 1 end`,
        lastFailureAt: now,
      },
    })
    .returning({ failures: loginThrottles.failures });
  const delay = lockDelayMs(row.failures, rule);
  if (delay > 0) {
    await db
      .update(loginThrottles)
      .set({ lockedUntil: new Date(now.getTime() + delay) })
      .where(and(eq(loginThrottles.scope, scope), eq(loginThrottles.key, key)));
  }
  return delay;
}

/** Counts a failed login; returns the seconds the caller now has to wait (0 while still free). */
export async function recordLoginFailure(db: Db, keys: ThrottleKeys, now = new Date()): Promise<number> {
  const delays = [await fail(db, "account", keys.account, LOGIN_THROTTLE.account, now), await fail(db, "client", keys.client, clientRule(), now)];
  return Math.ceil(Math.max(...delays) / 1000);
}

export async function clearLoginFailures(db: Db, keys: ThrottleKeys): Promise<void> {
  await db.delete(loginThrottles).where(matches(keys));
}

/** Forgets counters nobody has failed on for a day (a background job). */
export async function pruneLoginThrottles(db: Db, now = new Date()): Promise<void> {
  await db.delete(loginThrottles).where(sql`${loginThrottles.lastFailureAt} < ${new Date(now.getTime() - 24 * 60 * 60_000)}`);
}
