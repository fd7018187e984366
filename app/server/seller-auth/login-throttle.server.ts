/**
 * Growing waits after failed logins and code checks, per account and per client
 * (docs/decisions/014): each failure past the free ones locks further tries for a doubling delay.
 * Every try is reserved — counted as a failure — BEFORE the password or code is checked, in one
 * transaction that refuses it while either key is locked; a success then clears both counters. So
 * guesses sent in parallel are counted one by one, as if sent one at a time: N guesses cost N.
 */
import { and, eq, gt, or, sql } from "drizzle-orm";
import { LOGIN_THROTTLE, lockDelayMs, type ThrottleRule } from "~/domain/seller-access";
import { loginThrottles } from "../../../db/schema";
import type { Db } from "../platform/db.server";
import { rateLimitScale } from "../platform/rate-limit.server";

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
async function loginWaitSeconds(db: Db, keys: ThrottleKeys, now: Date): Promise<number> {
  const rows = await db
    .select({ lockedUntil: loginThrottles.lockedUntil })
    .from(loginThrottles)
    .where(and(matches(keys), gt(loginThrottles.lockedUntil, now)));
  const until = Math.max(0, ...rows.map((r) => r.lockedUntil?.getTime() ?? 0));
  return until > now.getTime() ? Math.ceil((until - now.getTime()) / 1000) : 0;
}

class Locked extends Error {}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Counts one try on a key unless it is locked — one statement that counts and decides: the upsert
 * only updates a row that is not locked, and takes the row's lock until the transaction ends, so
 * concurrent tries on one key (from any process) queue behind each other and each sees the count
 * and lock the previous one left. Returns the lock this try sets, in ms (0 while still free).
 */
async function reserve(tx: Tx, scope: "account" | "client", key: string, rule: ThrottleRule, now: Date): Promise<number> {
  const forgetBefore = new Date(now.getTime() - rule.forgetAfterMs);
  const [row] = await tx
    .insert(loginThrottles)
    .values({ scope, key, failures: 1, lastFailureAt: now })
    .onConflictDoUpdate({
      target: [loginThrottles.scope, loginThrottles.key],
      set: {
        failures: sql`case when ${loginThrottles.lastFailureAt} < ${forgetBefore} then 1 else ${loginThrottles.failures} + 1 end`,
        lastFailureAt: now,
      },
      setWhere: sql`${loginThrottles.lockedUntil} is null or ${loginThrottles.lockedUntil} <= ${now}`,
    })
    .returning({ failures: loginThrottles.failures });
  if (!row) throw new Locked();
  const delay = lockDelayMs(row.failures, rule);
  if (delay > 0) {
    await tx
      .update(loginThrottles)
      .set({ lockedUntil: new Date(now.getTime() + delay) })
      .where(and(eq(loginThrottles.scope, scope), eq(loginThrottles.key, key)));
  }
  return delay;
}

export type Reservation =
  /** Go ahead and check; `waitSeconds` is the wait this try has set should it fail (0 while free). */
  | { allowed: true; waitSeconds: number }
  /** Locked: check nothing, answer 429 with this wait. */
  | { allowed: false; waitSeconds: number };

/**
 * Reserves one try on both keys (account first, then client: the same order everywhere, so two
 * reservations never wait on each other in a cycle), or none when either is locked.
 */
async function reserveLoginAttempt(db: Db, keys: ThrottleKeys, now: Date): Promise<Reservation> {
  try {
    const delays = await db.transaction(async (tx) => [
      await reserve(tx, "account", keys.account, LOGIN_THROTTLE.account, now),
      await reserve(tx, "client", keys.client, clientRule(), now),
    ]);
    return { allowed: true, waitSeconds: Math.ceil(Math.max(...delays) / 1000) };
  } catch (error) {
    if (!(error instanceof Locked)) throw error;
    return { allowed: false, waitSeconds: Math.max(1, await loginWaitSeconds(db, keys, now)) };
  }
}

/** After a success: forgets both counters (account row first, as reservations lock them). */
async function clearLoginFailures(db: Db, keys: ThrottleKeys): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(loginThrottles).where(and(eq(loginThrottles.scope, "account"), eq(loginThrottles.key, keys.account)));
    await tx.delete(loginThrottles).where(and(eq(loginThrottles.scope, "client"), eq(loginThrottles.key, keys.client)));
  });
}

export type CheckOutcome =
  | { kind: "passed" }
  /** Checked and wrong; `waitSeconds` > 0 once this failure started a wait. */
  | { kind: "refused"; waitSeconds: number }
  /** Locked by earlier failures: nothing was checked. */
  | { kind: "throttled"; waitSeconds: number };

/**
 * Every password or code the server checks goes through here: a try is reserved first, `check`
 * runs only when the reservation was granted, and a pass clears the counters.
 */
export async function throttledCheck(db: Db, keys: ThrottleKeys, check: () => Promise<boolean>, now: Date): Promise<CheckOutcome> {
  const reservation = await reserveLoginAttempt(db, keys, now);
  if (!reservation.allowed) return { kind: "throttled", waitSeconds: reservation.waitSeconds };
  if (!(await check())) return { kind: "refused", waitSeconds: reservation.waitSeconds };
  await clearLoginFailures(db, keys);
  return { kind: "passed" };
}

/** Forgets counters nobody has failed on for a day (a background job). */
export async function pruneLoginThrottles(db: Db, now: Date): Promise<void> {
  await db.delete(loginThrottles).where(sql`${loginThrottles.lastFailureAt} < ${new Date(now.getTime() - 24 * 60 * 60_000)}`);
}
