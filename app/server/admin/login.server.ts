/**
 * The two login steps: email + password, then (for accounts with TOTP) a code. Each step checks
 * the throttle first, and each success issues a NEW session token (the password step's token only
 * opens the code step, for 5 minutes).
 */
import type { Db } from "../db.server";
import { recordSellerAction } from "./audit.server";
import { clearLoginFailures, loginWaitSeconds, recordLoginFailure } from "./login-throttle.server";
import { verifyPassword } from "./passwords.server";
import { acceptTotpCode, findSellerByEmail } from "./sellers.server";
import { createSession, deleteSession, findLiveSession, type IssuedSession, type SessionStage } from "./sessions.server";

export interface LoginClient {
  /** client-key.server.ts pseudonym of the address. */
  clientKey: string;
  userAgent: string | null;
}

export type LoginOutcome =
  | { kind: "signed_in"; session: IssuedSession; stage: SessionStage }
  /** Wrong email, password or code; `waitSeconds` > 0 once this failure started a wait. */
  | { kind: "refused"; waitSeconds: number }
  /** Still waiting after earlier failures: nothing was checked. */
  | { kind: "throttled"; waitSeconds: number }
  /** The code step's session is gone (expired, used, never existed): start again. */
  | { kind: "expired" };

export async function passwordLogin(db: Db, email: string, password: string, client: LoginClient, now = new Date()): Promise<LoginOutcome> {
  const keys = { account: email.trim().toLowerCase(), client: client.clientKey };
  const wait = await loginWaitSeconds(db, keys, now);
  if (wait > 0) return { kind: "throttled", waitSeconds: wait };
  const seller = await findSellerByEmail(db, keys.account);
  if (!(await verifyPassword(seller?.passwordHash ?? null, password)) || !seller) {
    return { kind: "refused", waitSeconds: await recordLoginFailure(db, keys, now) };
  }
  await clearLoginFailures(db, keys);
  const stage: SessionStage = seller.totpSecret ? "totp" : "active";
  const session = await createSession(db, { sellerId: seller.id, stage, userAgent: client.userAgent, clientKey: client.clientKey }, now);
  if (stage === "active")
    await recordSellerAction(db, { id: seller.id, actor: `seller:${seller.email}` }, "login", `seller:${seller.email}`, { totp: false }, now);
  return { kind: "signed_in", session, stage };
}

/** The second step: `pendingToken` is the password step's session token. */
export async function totpLogin(db: Db, pendingToken: string, code: string, client: LoginClient, now = new Date()): Promise<LoginOutcome> {
  const pending = await findLiveSession(db, pendingToken, now);
  if (!pending || pending.stage !== "totp") return { kind: "expired" };
  const keys = { account: pending.seller.email.toLowerCase(), client: client.clientKey };
  const wait = await loginWaitSeconds(db, keys, now);
  if (wait > 0) return { kind: "throttled", waitSeconds: wait };
  if (!(await acceptTotpCode(db, pending.seller.id, code, now))) {
    return { kind: "refused", waitSeconds: await recordLoginFailure(db, keys, now) };
  }
  await clearLoginFailures(db, keys);
  await deleteSession(db, pending.id);
  const session = await createSession(db, { sellerId: pending.seller.id, stage: "active", userAgent: client.userAgent, clientKey: client.clientKey }, now);
  await recordSellerAction(
    db,
    { id: pending.seller.id, actor: `seller:${pending.seller.email}` },
    "login",
    `seller:${pending.seller.email}`,
    { totp: true },
    now,
  );
  return { kind: "signed_in", session, stage: "active" };
}
