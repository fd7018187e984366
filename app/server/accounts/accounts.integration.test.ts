import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailOutbox, sellerActions, sellerInvites } from "../../../db/schema";
import { testDatabases } from "../../../tests/setup/databases";
import { routeContext } from "../../../tests/setup/route-context";
import { action as accountsAction, loader as accountsLoader } from "../../routes/admin/accounts";
import { action as inviteAction, loader as inviteLoader } from "../../routes/admin/invite";
import { INVITE_TTL_MS } from "~/domain/seller/accounts";
import type { SellerRole } from "~/domain/seller/permissions";
import type { Db } from "../platform/db.server";
import { passwordLogin } from "../seller-auth/login.server";
import { createSeller, findSellerByEmail } from "../seller-auth/sellers.server";
import { signSessionToken } from "../seller-auth/session-cookie.server";
import { createSession, findLiveSession } from "../seller-auth/sessions.server";
import { acceptInvite, changeRole, endSessions, findUsableInvite, inviteSeller, listAccounts, resetTwoFactor, setDisabled } from "./accounts.server";

const SITE = "http://localhost:3000";
const PASSWORD = "a long account password";
const client = { clientKey: "accounts-test", userAgent: null };
let serial = 0;

/** A fresh account of `role` per call, so the tests of one suite do not share owners. */
async function account(db: Db, role: SellerRole, now = new Date()) {
  const created = await createSeller(db, `${role}-${++serial}-${Math.random().toString(36).slice(2, 8)}@shop.test`, PASSWORD, now, role);
  if (!created.ok) throw new Error("exists");
  const { id, email } = created.seller;
  return { id, email, actor: `seller:${email}` };
}

const actions = (db: Db, target: string) => db.select().from(sellerActions).where(eq(sellerActions.target, target));

for (const target of testDatabases()) {
  describe(`accounts in the console on ${target.name}`, () => {
    const context = routeContext(target);

    /** Disables every owner but `keep`, so `keep` is the shop's last enabled owner. */
    async function onlyOwner(keep: { id: number }) {
      const { accounts } = await listAccounts(context.db, new Date());
      for (const a of accounts)
        if (a.role === "owner" && a.id !== keep.id && !a.disabledAt) await setDisabled(context.db, { id: keep.id, actor: "test" }, a.id, true, new Date());
    }

    it("keeps the last enabled owner an owner and enabled; a disabled owner does not count", async () => {
      const db = context.db;
      const owner = await account(db, "owner");
      const other = await account(db, "owner");
      await onlyOwner(owner);
      expect((await findSellerByEmail(db, other.email))?.disabledAt).not.toBeNull();
      const lastOwners = (await listAccounts(db, new Date())).accounts.filter((a) => a.lastOwner).map((a) => a.id);
      expect(lastOwners).toEqual([owner.id]);

      expect(await changeRole(db, owner, owner.id, "staff", new Date())).toMatchObject({ ok: false, status: 409 });
      expect(await setDisabled(db, owner, owner.id, true, new Date())).toMatchObject({ ok: false, status: 409 });
      expect((await findSellerByEmail(db, owner.email))?.role).toBe("owner");
      expect((await findSellerByEmail(db, owner.email))?.disabledAt).toBeNull();
      // The disabled owner is none of the owners that count: demoting it leaves the last one in place.
      expect(await changeRole(db, owner, other.id, "staff", new Date())).toMatchObject({ ok: true });
      expect(await changeRole(db, owner, other.id, "owner", new Date())).toMatchObject({ ok: true });

      // Once another owner is enabled again, the first may be demoted.
      expect(await setDisabled(db, owner, other.id, false, new Date())).toMatchObject({ ok: true });
      expect(await changeRole(db, owner, owner.id, "staff", new Date())).toMatchObject({ ok: true });
      expect(await changeRole(db, other, other.id, "staff", new Date())).toMatchObject({ ok: false, status: 409 });
      const audit = await actions(db, `seller:${owner.email}`);
      expect(audit).toEqual(
        expect.arrayContaining([expect.objectContaining({ action: "role_set", detail: { from: "owner", to: "staff" }, actor: owner.actor })]),
      );
    });

    it("disabling ends the sessions and refuses the login; enabling lets it in again; each audited", async () => {
      const db = context.db;
      const owner = await account(db, "owner");
      const staff = await account(db, "staff");
      const session = await createSession(db, { sellerId: staff.id, stage: "active" }, new Date());
      expect(await setDisabled(db, owner, staff.id, true, new Date())).toMatchObject({ ok: true });
      expect(await findLiveSession(db, session.token, new Date())).toBeNull();
      expect(await passwordLogin(db, staff.email, PASSWORD, client, new Date())).toEqual({ kind: "disabled" });
      expect(await passwordLogin(db, staff.email, "the wrong password here", client, new Date())).toMatchObject({ kind: "refused" });
      expect(await setDisabled(db, owner, staff.id, false, new Date())).toMatchObject({ ok: true });
      const login = await passwordLogin(db, staff.email, PASSWORD, client, new Date());
      expect(login.kind).toBe("signed_in");
      expect((await findSellerByEmail(db, staff.email))?.lastLoginAt).toBeInstanceOf(Date);
      const audit = (await actions(db, `seller:${staff.email}`)).map((a) => [a.action, a.actor]);
      expect(audit).toEqual(
        expect.arrayContaining([
          ["account_disabled", owner.actor],
          ["account_enabled", owner.actor],
        ]),
      );
    });

    it("withdraws the pending invitations of an account that is disabled; re-enabling does not revive them", async () => {
      const db = context.db;
      const owner = await account(db, "owner");
      const inviter = await account(db, "owner");
      const now = new Date();
      const pending = await inviteSeller(db, { url: SITE }, inviter, { email: "vouched@shop.test", role: "staff" }, now);
      const other = await inviteSeller(db, { url: SITE }, owner, { email: "kept@shop.test", role: "staff" }, now);
      if (!pending.ok || !other.ok) throw new Error("refused");
      expect(await setDisabled(db, owner, inviter.id, true, now)).toMatchObject({ ok: true });
      expect(await findUsableInvite(db, pending.token, now)).toBeUndefined();
      expect(await setDisabled(db, owner, inviter.id, false, now)).toMatchObject({ ok: true });
      expect(await acceptInvite(db, pending.token, PASSWORD, now)).toEqual({ ok: false, reason: "unusable" });
      expect(await findSellerByEmail(db, "vouched@shop.test")).toBeUndefined();
      // Another owner's invitation is untouched.
      expect(await acceptInvite(db, other.token, PASSWORD, now)).toEqual({ ok: true, email: "kept@shop.test" });
    });

    it("ends an account's sessions and resets its two-factor, audited", async () => {
      const db = context.db;
      const owner = await account(db, "owner");
      const staff = await account(db, "staff");
      await createSession(db, { sellerId: staff.id, stage: "active" }, new Date());
      await createSession(db, { sellerId: staff.id, stage: "active" }, new Date());
      expect((await listAccounts(db, new Date())).accounts.find((a) => a.id === staff.id)?.sessions).toBe(2);
      expect(await endSessions(db, owner, staff.id, new Date())).toMatchObject({ ok: true, message: `Ended 2 sessions of ${staff.email}.` });
      expect((await listAccounts(db, new Date())).accounts.find((a) => a.id === staff.id)?.sessions).toBe(0);
      expect(await resetTwoFactor(db, owner, staff.id, new Date())).toMatchObject({ ok: true });
      expect((await actions(db, `seller:${staff.email}`)).map((a) => a.action)).toEqual(expect.arrayContaining(["logout_everywhere", "totp_disabled"]));
      expect(await endSessions(db, owner, 999_999, new Date())).toMatchObject({ ok: false, status: 404 });
    });

    it("mails an invitation through the outbox whose link works once, within 24 hours", async () => {
      const db = context.db;
      const owner = await account(db, "owner");
      const now = new Date();
      const invited = await inviteSeller(db, { url: SITE }, owner, { email: "New.Staff@Shop.test", role: "staff" }, now);
      if (!invited.ok) throw new Error("refused");
      const [mail] = await db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.to, "new.staff@shop.test"), eq(emailOutbox.kind, "seller_invite")));
      expect(mail.text).toContain(`${SITE}/admin/invite/${invited.token}`);
      // Only the token's hash is stored.
      const [row] = await db.select().from(sellerInvites).where(eq(sellerInvites.email, "new.staff@shop.test"));
      expect(row.tokenHash).not.toContain(invited.token);

      expect(await acceptInvite(db, invited.token, PASSWORD, now)).toEqual({ ok: true, email: "new.staff@shop.test" });
      expect(await acceptInvite(db, invited.token, "another long password", now)).toEqual({ ok: false, reason: "unusable" });
      expect((await findSellerByEmail(db, "new.staff@shop.test"))?.role).toBe("staff");
      expect((await passwordLogin(db, "new.staff@shop.test", PASSWORD, client, now)).kind).toBe("signed_in");
      expect(await inviteSeller(db, { url: SITE }, owner, { email: "new.staff@shop.test", role: "staff" }, now)).toEqual({ ok: false, reason: "exists" });
      const audit = (await actions(db, "seller:new.staff@shop.test")).map((a) => [a.action, a.actor]);
      expect(audit).toEqual(
        expect.arrayContaining([
          ["invite_sent", owner.actor],
          ["account_created", "seller:new.staff@shop.test"],
        ]),
      );

      const late = await inviteSeller(db, { url: SITE }, owner, { email: "late@shop.test", role: "staff" }, now);
      if (!late.ok) throw new Error("refused");
      const after = new Date(now.getTime() + INVITE_TTL_MS + 1000);
      expect(await findUsableInvite(db, late.token, new Date(now.getTime() + INVITE_TTL_MS - 1000))).toBeDefined();
      expect(await acceptInvite(db, late.token, PASSWORD, after)).toEqual({ ok: false, reason: "unusable" });
      expect(await findSellerByEmail(db, "late@shop.test")).toBeUndefined();

      // A newer invitation to the same address replaces the older one.
      const first = await inviteSeller(db, { url: SITE }, owner, { email: "twice@shop.test", role: "staff" }, now);
      const second = await inviteSeller(db, { url: SITE }, owner, { email: "twice@shop.test", role: "owner" }, now);
      if (!first.ok || !second.ok) throw new Error("refused");
      expect(await acceptInvite(db, first.token, PASSWORD, now)).toEqual({ ok: false, reason: "unusable" });
      expect(await acceptInvite(db, second.token, PASSWORD, now)).toMatchObject({ ok: true });
    });

    async function cookieFor(sellerId: number) {
      const session = await createSession(context.db, { sellerId, stage: "active" }, new Date());
      return `seller_session=${signSessionToken(session.token, context.services.keys.key("session"))}`;
    }
    const post = (url: string, cookie: string | null, body: Record<string, string>) =>
      new Request(url, {
        method: "POST",
        headers: { ...(cookie ? { cookie } : {}), origin: SITE, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(body).toString(),
      });
    async function statusOf(run: () => Promise<unknown>) {
      try {
        const out = (await run()) as { init?: ResponseInit | null } | Response | null;
        if (out instanceof Response) return out.status;
        return out && "init" in out ? (out.init?.status ?? 200) : 200;
      } catch (thrown) {
        if (thrown instanceof Response) return thrown.status;
        const reply = thrown as { init?: ResponseInit | null };
        if (reply && typeof reply === "object" && "init" in reply) return reply.init?.status ?? 200;
        throw thrown;
      }
    }

    it("refuses staff the page and a forged post, with a role_refused row; the owner's post works", async () => {
      const db = context.db;
      const owner = await account(db, "owner");
      const staff = await account(db, "staff");
      const victim = await account(db, "staff");
      const staffCookie = await cookieFor(staff.id);
      const page = new Request(`${SITE}/admin/accounts`, { headers: { cookie: staffCookie, accept: "*/*" } });
      expect(await statusOf(() => accountsLoader(context.args(page, "203.0.113.40") as never))).toBe(403);
      const forged = post(`${SITE}/admin/accounts`, staffCookie, { intent: "disable", id: String(victim.id) });
      expect(await statusOf(() => accountsAction(context.args(forged, "203.0.113.40") as never))).toBe(403);
      expect((await findSellerByEmail(db, victim.email))?.disabledAt).toBeNull();
      const refusals = await db
        .select()
        .from(sellerActions)
        .where(and(eq(sellerActions.sellerId, staff.id), eq(sellerActions.action, "role_refused")));
      expect(refusals).toHaveLength(2);

      const ownerCookie = await cookieFor(owner.id);
      const ownerPost = post(`${SITE}/admin/accounts`, ownerCookie, { intent: "disable", id: String(victim.id) });
      expect(await statusOf(() => accountsAction(context.args(ownerPost, "203.0.113.41") as never))).toBe(200);
      expect((await findSellerByEmail(db, victim.email))?.disabledAt).not.toBeNull();

      // A bad invitation: each field's own message, nothing mailed.
      const badInvite = post(`${SITE}/admin/accounts`, ownerCookie, { intent: "invite", email: "not an address", role: "boss" });
      const reply = (await accountsAction(context.args(badInvite, "203.0.113.41") as never)) as { data: unknown; init: ResponseInit | null };
      expect(reply.init?.status).toBe(422);
      expect(reply.data).toMatchObject({ ok: false, fieldErrors: { email: "Enter an email address", role: "Choose owner or staff" } });
    });

    it("the invitation page sets the password once, without a session", async () => {
      const db = context.db;
      const owner = await account(db, "owner");
      const invited = await inviteSeller(db, { url: SITE }, owner, { email: "page@shop.test", role: "staff" }, new Date());
      if (!invited.ok) throw new Error("refused");
      const url = `${SITE}/admin/invite/${invited.token}`;
      const args = (request: Request) => ({ ...context.args(request, "203.0.113.42"), params: { token: invited.token } });
      expect(await inviteLoader(args(new Request(url)) as never)).toMatchObject({ usable: true, email: "page@shop.test" });
      expect(await statusOf(() => inviteAction(args(post(url, null, { password: PASSWORD, confirm: "something else entirely" })) as never))).toBe(422);
      const short = (await inviteAction(args(post(url, null, { password: "short", confirm: "short" })) as never)) as { data: unknown };
      expect(short.data).toMatchObject({ fieldErrors: { password: "Choose a password of at least 12 characters" } });
      expect(await statusOf(() => inviteAction(args(post(url, null, { password: PASSWORD, confirm: PASSWORD })) as never))).toBe(302);
      expect(await statusOf(() => inviteAction(args(post(url, null, { password: PASSWORD, confirm: PASSWORD })) as never))).toBe(410);
      expect(await inviteLoader(args(new Request(url)) as never)).toMatchObject({ usable: false });
      expect((await passwordLogin(db, "page@shop.test", PASSWORD, client, new Date())).kind).toBe("signed_in");
    });
  });
}
