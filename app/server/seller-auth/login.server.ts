/**
 * The two login steps: email + password, then (for accounts with TOTP) a code. Each step reserves
 * its try with the throttle before checking anything (login-throttle.server.ts), and each success
 * issues a NEW session token (the password step's token only opens the code step, for 5 minutes).
 */
import type { Db } from "../platform/db.server";
import { recordSellerAction } from "./audit.server";
import { throttledCheck } from "./login-throttle.server";
import { verifyPassword } from "./passwords.server";
import { acceptTotpCode, findSellerByEmail, markLoggedIn } from "./sellers.server";
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
  | { kind: "expired" }
  /** The password was right but the owner has disabled the account (told only after the password). */
  | { kind: "disabled" };

export async function passwordLogin(db: Db, email: string, password: string, client: LoginClient, now: Date): Promise<LoginOutcome> {
  const keys = { account: email.trim().toLowerCase(), client: client.clientKey };
  const seller = await findSellerByEmail(db, keys.account);
  // An unknown email costs the same argon2 work as a known one (verifyPassword with no hash).
  const checked = await throttledCheck(db, keys, async () => (await verifyPassword(seller?.passwordHash ?? null, password)) && Boolean(seller), now);
  if (checked.kind !== "passed") return checked;
  if (!seller) return { kind: "refused", waitSeconds: 0 };
  if (seller.disabledAt) return { kind: "disabled" };
  const stage: SessionStage = seller.totpSecret ? "totp" : "active";
  const session = await createSession(db, { sellerId: seller.id, stage, userAgent: client.userAgent, clientKey: client.clientKey }, now);
  if (stage === "active") {
    await markLoggedIn(db, seller.id, now);
    await recordSellerAction(db, { id: seller.id, actor: `seller:${seller.email}` }, "login", `seller:${seller.email}`, { totp: false }, now);
  }
  return { kind: "signed_in", session, stage };
}

/** The second step: `pendingToken` is the password step's session token. */
export async function totpLogin(db: Db, pendingToken: string, code: string, client: LoginClient, now: Date): Promise<LoginOutcome> {
  const pending = await findLiveSession(db, pendingToken, now);
  if (!pending || pending.stage !== "totp") return { kind: "expired" };
  const keys = { account: pending.seller.email.toLowerCase(), client: client.clientKey };
  const checked = await throttledCheck(db, keys, () => acceptTotpCode(db, pending.seller.id, code, now), now);
  if (checked.kind !== "passed") return checked;
  await deleteSession(db, pending.id);
  await markLoggedIn(db, pending.seller.id, now);
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
