import { describe, expect, it } from "vitest";
import { sellerActions } from "../../../db/schema";
import { seededDatabase, testDatabases } from "../../../tests/setup/databases";
import { runAdminCli, type CliIo } from "./cli.server";
import { passwordLogin } from "./login.server";
import { findSellerByEmail } from "./sellers.server";
import { findLiveSession } from "./sessions.server";

/** A terminal whose password input is scripted and whose output is kept. */
function fakeIo(passwords: string[] = []) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = { readPassword: async () => passwords.shift() ?? "", out: (l) => out.push(l), err: (l) => err.push(l), user: "ops", now: () => new Date() };
  return { io, out, err, asked: () => passwords.length };
}

const client = { clientKey: "cli-test", userAgent: null };

for (const target of testDatabases()) {
  describe(`npm run admin on ${target.name}`, () => {
    const database = seededDatabase(target);

    it("creates an account whose password then logs in, and records who ran it", async () => {
      const term = fakeIo(["first long password"]);
      expect(await runAdminCli(database.db, ["create", "--email", "Owner@Shop.test"], term.io)).toBe(0);
      expect(term.out.join("\n")).toContain("Created owner@shop.test");
      expect(await passwordLogin(database.db, "owner@shop.test", "first long password", client, new Date())).toMatchObject({ kind: "signed_in" });
      const actions = await database.db.select().from(sellerActions);
      expect(actions).toEqual(
        expect.arrayContaining([expect.objectContaining({ actor: "cli:ops", action: "account_created", target: "seller:owner@shop.test" })]),
      );
    });

    it("never takes a password from the command line", async () => {
      for (const args of [
        ["create", "--email", "x@shop.test", "--password", "secret secret"],
        ["reset", "--email=x@shop.test", "--password=secret"],
        ["create", "-p", "x"],
      ]) {
        const term = fakeIo(["unused password 123"]);
        expect(await runAdminCli(database.db, args, term.io)).toBe(2);
        expect(term.err.join("\n")).toMatch(/never taken from the command line/);
        expect(term.asked()).toBe(1);
      }
      expect(await findSellerByEmail(database.db, "x@shop.test")).toBeUndefined();
    });

    it("refuses short passwords, duplicate accounts and unknown ones", async () => {
      expect(await runAdminCli(database.db, ["create", "--email", "short@shop.test"], fakeIo(["short"]).io)).toBe(1);
      expect(await findSellerByEmail(database.db, "short@shop.test")).toBeUndefined();
      expect(await runAdminCli(database.db, ["create", "--email", "OWNER@shop.test"], fakeIo(["another long password"]).io)).toBe(1);
      expect(await runAdminCli(database.db, ["reset", "--email", "ghost@shop.test"], fakeIo(["another long password"]).io)).toBe(1);
      expect(await runAdminCli(database.db, ["create", "--email", "not-an-email"], fakeIo().io)).toBe(2);
      expect(await runAdminCli(database.db, ["fly"], fakeIo().io)).toBe(2);
    });

    it("resets a password, ending every session; logs out and lists accounts", async () => {
      const before = await passwordLogin(database.db, "owner@shop.test", "first long password", client, new Date());
      if (before.kind !== "signed_in") throw new Error(before.kind);
      expect(await runAdminCli(database.db, ["reset", "--email", "owner@shop.test"], fakeIo(["second long password"]).io)).toBe(0);
      expect(await findLiveSession(database.db, before.session.token, new Date())).toBeNull();
      expect(await passwordLogin(database.db, "owner@shop.test", "second long password", client, new Date())).toMatchObject({ kind: "signed_in" });

      const logout = fakeIo();
      expect(await runAdminCli(database.db, ["logout", "--email", "owner@shop.test"], logout.io)).toBe(0);
      expect(logout.out[0]).toBe("Ended 1 session of owner@shop.test.");
      const list = fakeIo();
      expect(await runAdminCli(database.db, ["list"], list.io)).toBe(0);
      expect(list.out.join("\n")).toMatch(/owner@shop\.test\towner\tpassword only/);
      expect(await runAdminCli(database.db, ["totp", "disable", "--email", "owner@shop.test"], fakeIo().io)).toBe(0);
    });

    it("creates staff accounts and sets roles, never leaving the shop without an owner", async () => {
      const create = fakeIo(["staff long password"]);
      expect(await runAdminCli(database.db, ["create", "--email", "help@shop.test", "--role", "staff"], create.io)).toBe(0);
      expect(create.out[0]).toBe("Created help@shop.test (staff). Log in at /admin/login.");
      expect((await findSellerByEmail(database.db, "help@shop.test"))?.role).toBe("staff");
      // The only owner stays owner.
      const last = fakeIo();
      expect(await runAdminCli(database.db, ["role", "--email", "owner@shop.test", "--role", "staff"], last.io)).toBe(1);
      expect(last.err[0]).toMatch(/only owner/);
      expect(await runAdminCli(database.db, ["role", "--email", "help@shop.test", "--role", "owner"], fakeIo().io)).toBe(0);
      expect(await runAdminCli(database.db, ["role", "--email", "owner@shop.test", "--role", "STAFF"], fakeIo().io)).toBe(0);
      expect((await findSellerByEmail(database.db, "owner@shop.test"))?.role).toBe("staff");
      // A role the table does not know, a missing --role, an unknown account.
      expect(await runAdminCli(database.db, ["role", "--email", "help@shop.test", "--role", "admin"], fakeIo().io)).toBe(2);
      expect(await runAdminCli(database.db, ["role", "--email", "help@shop.test"], fakeIo().io)).toBe(2);
      expect(await runAdminCli(database.db, ["role", "--email", "ghost@shop.test", "--role", "staff"], fakeIo().io)).toBe(1);
      expect(await runAdminCli(database.db, ["create", "--email", "x2@shop.test", "--role", "boss"], fakeIo(["staff long password"]).io)).toBe(2);
      const actions = await database.db.select().from(sellerActions);
      expect(actions).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ actor: "cli:ops", action: "account_created", target: "seller:help@shop.test", detail: { role: "staff" } }),
          expect.objectContaining({ actor: "cli:ops", action: "role_set", target: "seller:owner@shop.test", detail: { from: "owner", to: "staff" } }),
        ]),
      );
      const list = fakeIo();
      await runAdminCli(database.db, ["list"], list.io);
      expect(list.out.join("\n")).toMatch(/help@shop\.test\towner\t/);
    });

    it("disables and re-enables an account, never the last enabled owner", async () => {
      // After the test above, help@shop.test is the only owner.
      const last = fakeIo();
      expect(await runAdminCli(database.db, ["disable", "--email", "help@shop.test"], last.io)).toBe(1);
      expect(last.err[0]).toMatch(/last enabled owner/);
      expect(await runAdminCli(database.db, ["disable", "--email", "owner@shop.test"], fakeIo().io)).toBe(0);
      expect(await passwordLogin(database.db, "owner@shop.test", "second long password", client, new Date())).toEqual({ kind: "disabled" });
      const list = fakeIo();
      await runAdminCli(database.db, ["list"], list.io);
      expect(list.out.join("\n")).toMatch(/owner@shop\.test\tstaff\t.*\tdisabled/);
      expect(await runAdminCli(database.db, ["enable", "--email", "owner@shop.test"], fakeIo().io)).toBe(0);
      expect(await passwordLogin(database.db, "owner@shop.test", "second long password", client, new Date())).toMatchObject({ kind: "signed_in" });
      const actions = (await database.db.select().from(sellerActions)).filter((a) => a.target === "seller:owner@shop.test").map((a) => a.action);
      expect(actions).toEqual(expect.arrayContaining(["account_disabled", "account_enabled"]));
    });
  });
}
