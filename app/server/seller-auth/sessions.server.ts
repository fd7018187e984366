/**
 * Server-side console sessions (docs/decisions/014-seller-sessions.md): one row per login, keyed by
 * sha256 of the cookie's token; idle and absolute expiry checked on every request; a new token at
 * each login step, so a token seen before login is worth nothing after.
 */
import { and, desc, eq, lt, ne, or } from "drizzle-orm";
import { SESSION_LIMITS, isSessionLive } from "~/domain/seller-access";
import type { SellerRole } from "~/domain/seller/permissions";
import type { ConsolePrefs } from "~/domain/seller/console-prefs";
import { sellers, sellerSessions } from "../../../db/schema";
import type { Db } from "../platform/db.server";
import { newSessionToken, sessionIdOf } from "./session-cookie.server";

export type SessionStage = "totp" | "active";

export interface NewSession {
  sellerId: number;
  stage: SessionStage;
  userAgent?: string | null;
  clientKey?: string | null;
}

export interface IssuedSession {
  token: string;
  id: string;
  expiresAt: Date;
}

export async function createSession(db: Db, input: NewSession, now: Date): Promise<IssuedSession> {
  const token = newSessionToken();
  const id = sessionIdOf(token);
  const lifetime = input.stage === "totp" ? SESSION_LIMITS.totpStepMs : SESSION_LIMITS.absoluteMs;
  const expiresAt = new Date(now.getTime() + lifetime);
  await db.insert(sellerSessions).values({
    id,
    sellerId: input.sellerId,
    stage: input.stage,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
    userAgent: input.userAgent?.slice(0, 300) ?? null,
    clientKey: input.clientKey ?? null,
  });
  return { token, id, expiresAt };
}

export interface LiveSession {
  id: string;
  stage: SessionStage;
  expiresAt: Date;
  /** The account's role now (read with the session, so a change applies on the next request). */
  seller: { id: number; email: string; totpEnabled: boolean; role: SellerRole } & ConsolePrefs;
}

/**
 * The live session for a token, or null (unknown, expired, idle too long; a dead row is deleted).
 * Marks it used, at most once a minute.
 */
export async function findLiveSession(db: Db, token: string, now: Date): Promise<LiveSession | null> {
  const id = sessionIdOf(token);
  const [row] = await db
    .select({
      session: sellerSessions,
      email: sellers.email,
      totpSecret: sellers.totpSecret,
      role: sellers.role,
      disabledAt: sellers.disabledAt,
      lang: sellers.language,
      timeZone: sellers.timeZone,
    })
    .from(sellerSessions)
    .innerJoin(sellers, eq(sellers.id, sellerSessions.sellerId))
    .where(eq(sellerSessions.id, id));
  if (!row) return null;
  const { session } = row;
  // A disabled account's sessions are deleted when it is disabled; the check keeps a race harmless.
  if (!isSessionLive(session, now) || row.disabledAt !== null) {
    await db.delete(sellerSessions).where(eq(sellerSessions.id, id));
    return null;
  }
  if (now.getTime() - session.lastSeenAt.getTime() >= SESSION_LIMITS.touchEveryMs) {
    await db.update(sellerSessions).set({ lastSeenAt: now }).where(eq(sellerSessions.id, id));
  }
  return {
    id,
    stage: session.stage,
    expiresAt: session.expiresAt,
    seller: { id: session.sellerId, email: row.email, totpEnabled: row.totpSecret !== null, role: row.role, lang: row.lang, timeZone: row.timeZone },
  };
}

export async function deleteSession(db: Db, id: string): Promise<void> {
  await db.delete(sellerSessions).where(eq(sellerSessions.id, id));
}

/** "Log out everywhere": every session of the account, or every one but `keepId`. Returns how many ended. */
export async function deleteSellerSessions(db: Db, sellerId: number, keepId?: string): Promise<number> {
  const rows = await db
    .delete(sellerSessions)
    .where(keepId ? and(eq(sellerSessions.sellerId, sellerId), ne(sellerSessions.id, keepId)) : eq(sellerSessions.sellerId, sellerId))
    .returning({ id: sellerSessions.id });
  return rows.length;
}

/** How many live, fully signed-in sessions each account has (the accounts page). */
export async function countLiveSessions(db: Db, now: Date): Promise<Map<number, number>> {
  const rows = await db
    .select({ sellerId: sellerSessions.sellerId, stage: sellerSessions.stage, lastSeenAt: sellerSessions.lastSeenAt, expiresAt: sellerSessions.expiresAt })
    .from(sellerSessions)
    .where(eq(sellerSessions.stage, "active"));
  const counts = new Map<number, number>();
  for (const row of rows) if (isSessionLive(row, now)) counts.set(row.sellerId, (counts.get(row.sellerId) ?? 0) + 1);
  return counts;
}

/** The account's active sessions, most recently used first (for the account page). */
export async function listSellerSessions(db: Db, sellerId: number, now: Date) {
  const rows = await db
    .select()
    .from(sellerSessions)
    .where(and(eq(sellerSessions.sellerId, sellerId), eq(sellerSessions.stage, "active")))
    .orderBy(desc(sellerSessions.lastSeenAt));
  return rows.filter((row) => isSessionLive(row, now));
}

/** Deletes sessions past their absolute end or idle too long (a background job). */
export async function pruneSessions(db: Db, now: Date): Promise<void> {
  await db.delete(sellerSessions).where(or(lt(sellerSessions.expiresAt, now), lt(sellerSessions.lastSeenAt, new Date(now.getTime() - SESSION_LIMITS.idleMs))));
}
