/**
 * Seller accounts managed in the console by an owner (docs/decisions/052). Each change is audited
 * (seller_actions, target "seller:EMAIL"); the rules on the accounts themselves — the last enabled
 * owner stays an owner and enabled — live in seller-auth/sellers.server.ts, shared with the CLI.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import { INVITE_TTL_MS } from "~/domain/seller/accounts";
import type { SellerRole } from "~/domain/seller/permissions";
import { sellerInvites, sellers } from "../../../db/schema";
import type { Db } from "../platform/db.server";
import type { Site } from "../platform/site.server";
import { enqueueMail } from "../mail/outbox.server";
import { renderMail } from "../mail/render.server";
import type { Lang } from "~/domain/lang";
import { getI18n } from "~/i18n/i18n";
import "~/i18n/resources.server";
import { recordSellerAction, type Actor } from "../seller-auth/audit.server";
import { hashPassword } from "../seller-auth/passwords.server";
import { disableTotp, findSellerByEmail, findSellerById, listSellers, setSellerDisabled, setSellerRole } from "../seller-auth/sellers.server";
import { countLiveSessions, deleteSellerSessions } from "../seller-auth/sessions.server";

export type InviteRow = typeof sellerInvites.$inferSelect;

function tokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * Every account with what the owner decides on — `lastOwner` marks the shop's only enabled owner, whom
 * the page offers no demotion or disabling (sellers.server.ts refuses them anyway) — and the
 * invitations still waiting.
 */
export async function listAccounts(db: Db, now: Date) {
  const [accounts, sessions, invites] = await Promise.all([
    listSellers(db),
    countLiveSessions(db, now),
    db
      .select({
        id: sellerInvites.id,
        email: sellerInvites.email,
        role: sellerInvites.role,
        createdAt: sellerInvites.createdAt,
        expiresAt: sellerInvites.expiresAt,
      })
      .from(sellerInvites)
      .where(and(isNull(sellerInvites.usedAt), gt(sellerInvites.expiresAt, now)))
      .orderBy(desc(sellerInvites.createdAt)),
  ]);
  const isEnabledOwner = (a: (typeof accounts)[number]) => a.role === "owner" && a.disabledAt === null;
  const enabledOwners = accounts.filter(isEnabledOwner).length;
  return {
    accounts: accounts.map((a) => ({ ...a, sessions: sessions.get(a.id) ?? 0, lastOwner: isEnabledOwner(a) && enabledOwners <= 1 })),
    invites,
  };
}

export type InviteResult = { ok: true; token: string; expiresAt: Date } | { ok: false; reason: "exists" };

/**
 * Invites `email` as `role`: one link, mailed through the outbox, valid 24 hours and once. An earlier
 * invitation to the same address stops working (the newest link is the one that counts).
 */
export async function inviteSeller(
  db: Db,
  site: Pick<Site, "url">,
  who: Actor,
  invite: { email: string; role: SellerRole },
  now: Date,
  /** The mail's language: the inviting owner's (docs/decisions/055); the invitee has no account yet. */
  lang: Lang = "en",
): Promise<InviteResult> {
  const email = invite.email.trim().toLowerCase();
  if (await findSellerByEmail(db, email)) return { ok: false, reason: "exists" };
  const token = randomBytes(32).toString("hex");
  const expiresAt = new Date(now.getTime() + INVITE_TTL_MS);
  await db.transaction(async (tx) => {
    await tx
      .update(sellerInvites)
      .set({ usedAt: now })
      .where(and(eq(sellerInvites.email, email), isNull(sellerInvites.usedAt)));
    await tx.insert(sellerInvites).values({ tokenHash: tokenHash(token), email, role: invite.role, invitedBy: who.id, createdAt: now, expiresAt });
    const t = getI18n(lang).getFixedT(lang, undefined, "emails.sellerInvite");
    const role = lang === "en" ? invite.role : getI18n(lang).t(`admin.roles.${invite.role}`).toLowerCase();
    const mail = renderMail({
      lang,
      subject: t("subject"),
      blocks: [
        { kind: "heading", text: t("heading") },
        { kind: "paragraph", text: t("invited", { who: who.actor.replace(/^seller:/, ""), role }) },
        { kind: "link", label: t("link"), href: `${site.url}/admin/invite/${token}` },
        { kind: "paragraph", text: t("ignore") },
      ],
      footer: t("footer"),
    });
    await enqueueMail(tx, { ...mail, to: email, kind: "seller_invite", lang }, now);
    await recordSellerAction(tx, who, "invite_sent", `seller:${email}`, { role: invite.role, expiresAt: expiresAt.toISOString() }, now);
  });
  return { ok: true, token, expiresAt };
}

/** The invitation a link's token opens, while it still works; undefined otherwise. */
export async function findUsableInvite(db: Db, token: string, now: Date): Promise<InviteRow | undefined> {
  const [row] = await db
    .select()
    .from(sellerInvites)
    .where(and(eq(sellerInvites.tokenHash, tokenHash(token)), isNull(sellerInvites.usedAt), gt(sellerInvites.expiresAt, now)));
  return row;
}

export type AcceptResult = { ok: true; email: string } | { ok: false; reason: "unusable" | "exists" };

class AccountExists extends Error {}

/**
 * The invitee sets a password: the invitation is spent and the account made in one transaction, so
 * the same link used twice at once makes one account and refuses the other.
 */
export async function acceptInvite(db: Db, token: string, password: string, now: Date): Promise<AcceptResult> {
  if (!(await findUsableInvite(db, token, now))) return { ok: false, reason: "unusable" };
  const passwordHash = await hashPassword(password);
  try {
    return await db.transaction(async (tx) => {
      const [invite] = await tx
        .update(sellerInvites)
        .set({ usedAt: now })
        .where(and(eq(sellerInvites.tokenHash, tokenHash(token)), isNull(sellerInvites.usedAt), gt(sellerInvites.expiresAt, now)))
        .returning();
      if (!invite) return { ok: false, reason: "unusable" } as const;
      const [seller] = await tx
        .insert(sellers)
        .values({ email: invite.email, passwordHash, passwordChangedAt: now, createdAt: now, role: invite.role })
        .onConflictDoNothing()
        .returning({ id: sellers.id });
      if (!seller) throw new AccountExists();
      await recordSellerAction(
        tx,
        { id: seller.id, actor: `seller:${invite.email}` },
        "account_created",
        `seller:${invite.email}`,
        { role: invite.role, invite: invite.id },
        now,
      );
      return { ok: true, email: invite.email } as const;
    });
  } catch (error) {
    if (error instanceof AccountExists) return { ok: false, reason: "exists" };
    throw error;
  }
}

/** Withdraws a pending invitation: its link stops working. */
export async function withdrawInvite(db: Db, who: Actor, inviteId: number, now: Date): Promise<boolean> {
  const [row] = await db
    .update(sellerInvites)
    .set({ usedAt: now })
    .where(and(eq(sellerInvites.id, inviteId), isNull(sellerInvites.usedAt)))
    .returning({ email: sellerInvites.email });
  if (!row) return false;
  await recordSellerAction(db, who, "invite_withdrawn", `seller:${row.email}`, null, now);
  return true;
}

/**
 * What a change did: the English message (the CLI's and scripts'), and its key in the console's
 * `adminAccounts` area with the values, so the console says it in the account's language (docs/decisions/055).
 */
export type AccountChange = ({ ok: true } | { ok: false; status: 404 | 409 }) & { message: string; key: string; values: Record<string, string | number> };

const NO_ACCOUNT = { ok: false, status: 404, message: "There is no such account.", key: "adminAccounts.accounts.noAccount", values: {} } as const;
const LAST_OWNER = (what: "demote" | "disable") =>
  ({
    ok: false,
    status: 409,
    message: `This is the shop's last owner: make another account owner before you ${what} it.`,
    key: "adminAccounts.accounts.lastOwnerRefused",
    values: { what },
  }) as const;

export async function changeRole(db: Db, who: Actor, sellerId: number, role: SellerRole, now: Date): Promise<AccountChange> {
  const seller = await findSellerById(db, sellerId);
  if (!seller) return NO_ACCOUNT;
  const result = await setSellerRole(db, seller.email, role);
  if (!result.ok) return result.reason === "unknown" ? NO_ACCOUNT : LAST_OWNER("demote");
  if (result.before === role)
    return { ok: true, message: `${seller.email} already is ${role}.`, key: "adminAccounts.accounts.alreadyRole", values: { email: seller.email, role } };
  await recordSellerAction(db, who, "role_set", `seller:${seller.email}`, { from: result.before, to: role }, now);
  return {
    ok: true,
    message: `${seller.email} is ${role} now: it applies from their next request.`,
    key: "adminAccounts.accounts.roleNow",
    values: { email: seller.email, role },
  };
}

export async function endSessions(db: Db, who: Actor, sellerId: number, now: Date): Promise<AccountChange> {
  const seller = await findSellerById(db, sellerId);
  if (!seller) return NO_ACCOUNT;
  const ended = await deleteSellerSessions(db, seller.id);
  await recordSellerAction(db, who, "logout_everywhere", `seller:${seller.email}`, { sessions: ended }, now);
  return {
    ok: true,
    message: `Ended ${ended} session${ended === 1 ? "" : "s"} of ${seller.email}.`,
    key: "adminAccounts.accounts.ended",
    values: { count: ended, email: seller.email },
  };
}

/** Password only again (a lost phone); the account may enrol a new authenticator from its Account page. */
export async function resetTwoFactor(db: Db, who: Actor, sellerId: number, now: Date): Promise<AccountChange> {
  const seller = await findSellerById(db, sellerId);
  if (!seller) return NO_ACCOUNT;
  await disableTotp(db, seller.id);
  await recordSellerAction(db, who, "totp_disabled", `seller:${seller.email}`, { by: "owner" }, now);
  return {
    ok: true,
    message: `${seller.email} logs in with the password only now, and may set up a new authenticator.`,
    key: "adminAccounts.accounts.totpReset",
    values: { email: seller.email },
  };
}

export async function setDisabled(db: Db, who: Actor, sellerId: number, disabled: boolean, now: Date): Promise<AccountChange> {
  const seller = await findSellerById(db, sellerId);
  if (!seller) return NO_ACCOUNT;
  const result = await setSellerDisabled(db, seller.id, disabled, now);
  if (!result.ok) return result.reason === "unknown" ? NO_ACCOUNT : LAST_OWNER("disable");
  if (!result.changed)
    return {
      ok: true,
      message: `${seller.email} already is ${disabled ? "disabled" : "enabled"}.`,
      key: disabled ? "adminAccounts.accounts.alreadyDisabled" : "adminAccounts.accounts.alreadyEnabled",
      values: { email: seller.email },
    };
  await recordSellerAction(db, who, disabled ? "account_disabled" : "account_enabled", `seller:${seller.email}`, null, now);
  return {
    ok: true,
    message: disabled ? `${seller.email} is disabled: every session ended and no login works.` : `${seller.email} may log in again.`,
    key: disabled ? "adminAccounts.accounts.disabledNow" : "adminAccounts.accounts.enabledNow",
    values: { email: seller.email },
  };
}
