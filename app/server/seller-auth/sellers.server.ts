/**
 * Seller accounts: created and reset by the CLI (scripts/admin.ts), TOTP managed from the console.
 * Passwords are argon2id hashes; a password reset ends every session of the account. Each account has
 * a role (docs/decisions/036-staff-roles.md), read on every request: a change applies at once.
 */
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { SellerRole } from "~/domain/seller/permissions";
import type { ConsolePrefs } from "~/domain/seller/console-prefs";
import type { Lang } from "~/domain/lang";
import { sellerInvites, sellers, sellerSessions } from "../../../db/schema";
import type { Db } from "../platform/db.server";
import { hashPassword } from "./passwords.server";
import { newTotpSecret, totpStep } from "./totp.server";

export type SellerRow = typeof sellers.$inferSelect;

export async function findSellerByEmail(db: Db, email: string): Promise<SellerRow | undefined> {
  const [row] = await db
    .select()
    .from(sellers)
    .where(eq(sql`lower(${sellers.email})`, email.trim().toLowerCase()));
  return row;
}

export async function findSellerById(db: Db, id: number): Promise<SellerRow | undefined> {
  const [row] = await db.select().from(sellers).where(eq(sellers.id, id));
  return row;
}

export async function listSellers(db: Db) {
  return db
    .select({
      id: sellers.id,
      email: sellers.email,
      role: sellers.role,
      totp: sql<boolean>`${sellers.totpSecret} is not null`,
      disabledAt: sellers.disabledAt,
      lastLoginAt: sellers.lastLoginAt,
      createdAt: sellers.createdAt,
    })
    .from(sellers)
    .orderBy(sellers.id);
}

export type CreateSellerResult = { ok: true; seller: SellerRow } | { ok: false; reason: "exists" };

/** A new account (email stored lowercase; an owner unless told otherwise); refused when the email already has one. */
export async function createSeller(db: Db, email: string, password: string, now: Date, role: SellerRole = "owner"): Promise<CreateSellerResult> {
  const passwordHash = await hashPassword(password);
  const [row] = await db
    .insert(sellers)
    .values({ email: email.trim().toLowerCase(), passwordHash, passwordChangedAt: now, createdAt: now, role })
    .onConflictDoNothing()
    .returning();
  return row ? { ok: true, seller: row } : { ok: false, reason: "exists" };
}

/** Sets a new password and ends every session of the account; false when there is no such account. */
export async function resetSellerPassword(db: Db, email: string, password: string, now: Date): Promise<SellerRow | undefined> {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(sellers)
      .set({ passwordHash, passwordChangedAt: now })
      .where(eq(sql`lower(${sellers.email})`, email.trim().toLowerCase()))
      .returning();
    if (row) await tx.delete(sellerSessions).where(eq(sellerSessions.sellerId, row.id));
    return row;
  });
}

export type SetRoleResult = { ok: true; before: SellerRole } | { ok: false; reason: "unknown" | "last_owner" };

/**
 * Gives the account `role`. Refused for the shop's only owner turning staff: nobody could then
 * refund, change prices or manage accounts from the console (the CLI could still promote someone).
 */
export async function setSellerRole(db: Db, email: string, role: SellerRole): Promise<SetRoleResult> {
  return db.transaction(async (tx) => {
    const [seller] = await tx
      .select({ id: sellers.id, role: sellers.role, disabledAt: sellers.disabledAt })
      .from(sellers)
      .where(eq(sql`lower(${sellers.email})`, email.trim().toLowerCase()));
    if (!seller) return { ok: false, reason: "unknown" } as const;
    // A disabled owner is not one of the owners who keep the shop managed: demoting it takes none away.
    const removesAnOwner = seller.role === "owner" && seller.disabledAt === null && role !== "owner";
    if (removesAnOwner && (await enabledOwners(tx)) <= 1) return { ok: false, reason: "last_owner" } as const;
    await tx.update(sellers).set({ role }).where(eq(sellers.id, seller.id));
    return { ok: true, before: seller.role } as const;
  });
}

/**
 * Owners who can still log in. Counted inside the transaction that would remove one, after locking
 * every owner row: two owners demoting or disabling each other at once cannot both pass.
 */
async function enabledOwners(tx: Pick<Db, "select">): Promise<number> {
  const rows = await tx
    .select({ id: sellers.id })
    .from(sellers)
    .where(and(eq(sellers.role, "owner"), isNull(sellers.disabledAt)))
    .for("update");
  return rows.length;
}

export type SetDisabledResult = { ok: true; changed: boolean } | { ok: false; reason: "unknown" | "last_owner" };

/**
 * Disables (no login, every session ended) or re-enables the account. Refused for the shop's last
 * enabled owner: nobody could manage accounts from the console any more.
 */
export async function setSellerDisabled(db: Db, sellerId: number, disabled: boolean, now: Date): Promise<SetDisabledResult> {
  return db.transaction(async (tx) => {
    const [seller] = await tx.select({ id: sellers.id, role: sellers.role, disabledAt: sellers.disabledAt }).from(sellers).where(eq(sellers.id, sellerId));
    if (!seller) return { ok: false, reason: "unknown" } as const;
    if ((seller.disabledAt !== null) === disabled) return { ok: true, changed: false } as const;
    if (disabled && seller.role === "owner" && (await enabledOwners(tx)) <= 1) return { ok: false, reason: "last_owner" } as const;
    await tx
      .update(sellers)
      .set({ disabledAt: disabled ? now : null })
      .where(eq(sellers.id, sellerId));
    if (disabled) {
      await tx.delete(sellerSessions).where(eq(sellerSessions.sellerId, sellerId));
      // A disabled account's pending invitations stop working too: whoever it invited is no longer vouched for.
      await tx
        .update(sellerInvites)
        .set({ usedAt: now })
        .where(and(eq(sellerInvites.invitedBy, sellerId), isNull(sellerInvites.usedAt)));
    }
    return { ok: true, changed: true } as const;
  });
}

/** Remembers the account's last completed login (shown on the accounts page). */
export async function markLoggedIn(db: Db, sellerId: number, now: Date): Promise<void> {
  await db.update(sellers).set({ lastLoginAt: now }).where(eq(sellers.id, sellerId));
}

/** Offers a new TOTP secret (kept pending until a code proves the app has it). */
export async function startTotpEnrolment(db: Db, sellerId: number): Promise<string> {
  const secret = newTotpSecret();
  await db.update(sellers).set({ totpPendingSecret: secret }).where(eq(sellers.id, sellerId));
  return secret;
}

/** Turns the pending secret on when `code` is valid for it; false otherwise. */
export async function confirmTotpEnrolment(db: Db, sellerId: number, code: string, now: Date): Promise<boolean> {
  const seller = await findSellerById(db, sellerId);
  if (!seller?.totpPendingSecret) return false;
  const step = totpStep(seller.totpPendingSecret, code, now);
  if (step === null) return false;
  const [row] = await db
    .update(sellers)
    .set({ totpSecret: seller.totpPendingSecret, totpPendingSecret: null, totpLastStep: step })
    .where(and(eq(sellers.id, sellerId), eq(sellers.totpPendingSecret, seller.totpPendingSecret)))
    .returning({ id: sellers.id });
  return Boolean(row);
}

/**
 * Accepts a TOTP code for the account's confirmed secret, once: the step is stored under a
 * condition, so the same code (or an older one) replayed — even concurrently — is refused.
 */
export async function acceptTotpCode(db: Db, sellerId: number, code: string, now: Date): Promise<boolean> {
  const seller = await findSellerById(db, sellerId);
  if (!seller?.totpSecret) return false;
  const step = totpStep(seller.totpSecret, code, now);
  if (step === null) return false;
  const [row] = await db
    .update(sellers)
    .set({ totpLastStep: step })
    .where(and(eq(sellers.id, sellerId), or(isNull(sellers.totpLastStep), lt(sellers.totpLastStep, step))))
    .returning({ id: sellers.id });
  return Boolean(row);
}

/** Password only again (the console, after a code; the CLI, when the phone is lost). */
export async function disableTotp(db: Db, sellerId: number): Promise<void> {
  await db.update(sellers).set({ totpSecret: null, totpPendingSecret: null, totpLastStep: null }).where(eq(sellers.id, sellerId));
}

/** The account's console language and time zone (docs/decisions/055); the next request uses them. */
export async function setConsolePrefs(db: Db, sellerId: number, prefs: ConsolePrefs): Promise<void> {
  await db.update(sellers).set({ language: prefs.lang, timeZone: prefs.timeZone }).where(eq(sellers.id, sellerId));
}

/**
 * The language of mail to the shop's seller address (docs/decisions/055): that account's, when the
 * address is one; else the oldest enabled owner's; English when neither exists.
 */
export async function sellerAlertLang(db: Pick<Db, "select">, sellerEmail: string): Promise<Lang> {
  const rows = await db
    .select({ email: sellers.email, lang: sellers.language, role: sellers.role })
    .from(sellers)
    .where(isNull(sellers.disabledAt))
    .orderBy(sellers.id);
  const own = rows.find((row) => row.email.toLowerCase() === sellerEmail.toLowerCase());
  return own?.lang ?? rows.find((row) => row.role === "owner")?.lang ?? "en";
}
