import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { LOGIN_THROTTLE } from "~/domain/seller-access";
import { loginThrottles, sellers } from "../../../db/schema";
import { testDatabases } from "../../../tests/setup/databases";
import { routeContext } from "../../../tests/setup/route-context";
import { action as accountAction } from "../../routes/admin/account";
import { passwordLogin, totpLogin, type LoginOutcome } from "./login.server";
import { verifyPassword } from "./passwords.server";
import { createSeller } from "./sellers.server";
import { signSessionToken } from "./session-cookie.server";
import { totpCode } from "../../../tests/setup/totp";
import { newTotpSecret, totpStep } from "./totp.server";

// Issue 18: guesses sent at once are counted one by one. "Checks" are counted where they happen:
// every argon2 password verification and every TOTP code comparison goes through these spies.
vi.mock("./passwords.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("./passwords.server")>();
  return { ...actual, verifyPassword: vi.fn(actual.verifyPassword) };
});
vi.mock("./totp.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("./totp.server")>();
  return { ...actual, totpStep: vi.fn(actual.totpStep) };
});

const PASSWORD = "the right long password";
const FREE = LOGIN_THROTTLE.account.freeFailures;
const client = (key: string) => ({ clientKey: key, userAgent: "vitest" });
const passwordChecks = () => vi.mocked(verifyPassword).mock.calls;
const codeChecks = () => vi.mocked(totpStep).mock.calls;
const kinds = (outcomes: { kind: string }[]) => outcomes.map((o) => o.kind).sort();
const wrongCode = (secret: string, now: Date) => {
  const right = totpCode(secret, now);
  return right === "000000" ? "111111" : "000000";
};

for (const target of testDatabases()) {
  describe(`parallel guesses on ${target.name}`, () => {
    const context = routeContext(target);
    beforeEach(() => {
      vi.mocked(verifyPassword).mockClear();
      vi.mocked(totpStep).mockClear();
    });

    async function sellerWithTotp(email: string) {
      const created = await createSeller(context.db, email, PASSWORD, new Date());
      if (!created.ok) throw new Error("seller exists");
      const secret = newTotpSecret();
      await context.db.update(sellers).set({ totpSecret: secret }).where(eq(sellers.id, created.seller.id));
      return { id: created.seller.id, secret };
    }

    it("checks 20 wrong passwords sent at once no more often than sent one at a time", async () => {
      await createSeller(context.db, "par@shop.test", PASSWORD, new Date());
      await createSeller(context.db, "seq@shop.test", PASSWORD, new Date());
      const now = new Date();
      const parallel = await Promise.all(Array.from({ length: 20 }, (_, i) => passwordLogin(context.db, "par@shop.test", `wrong ${i}`, client("c-par"), now)));
      const checkedInParallel = passwordChecks().length;
      vi.mocked(verifyPassword).mockClear();
      const sequential: LoginOutcome[] = [];
      for (let i = 0; i < 20; i++) sequential.push(await passwordLogin(context.db, "seq@shop.test", `wrong ${i}`, client("c-seq"), now));
      expect(passwordChecks().length).toBe(FREE);
      expect(checkedInParallel).toBe(FREE);
      expect(kinds(parallel)).toEqual(kinds(sequential));
      expect(parallel.filter((o) => o.kind === "throttled")).toHaveLength(20 - FREE);
      // Locked now: the right password is refused unchecked, from any client.
      vi.mocked(verifyPassword).mockClear();
      expect(await passwordLogin(context.db, "par@shop.test", PASSWORD, client("c-other"), now)).toMatchObject({ kind: "throttled" });
      expect(passwordChecks()).toHaveLength(0);
    });

    it("lets the right password in among 19 wrong ones only if it was one of the checks one at a time allows", async () => {
      await createSeller(context.db, "mix@shop.test", PASSWORD, new Date());
      const now = new Date();
      const guesses = [...Array.from({ length: 19 }, (_, i) => `wrong ${i}`), PASSWORD];
      const outcomes = await Promise.all(guesses.map((guess) => passwordLogin(context.db, "mix@shop.test", guess, client("c-mix"), now)));
      const checked = passwordChecks().map(([, password]) => password);
      const rightChecked = checked.includes(PASSWORD);
      const wrongChecked = checked.filter((password) => password !== PASSWORD).length;
      // One at a time: at most FREE - 1 wrong ones before the right one (else it is locked out), FREE after it.
      expect(wrongChecked).toBeLessThanOrEqual(rightChecked ? 2 * FREE - 1 : FREE);
      expect(outcomes[19].kind).toBe(rightChecked ? "signed_in" : "throttled");
      expect(outcomes.filter((o) => o.kind === "signed_in")).toHaveLength(rightChecked ? 1 : 0);
    });

    it("refuses all of 19 wrong passwords and the right one, unchecked, while the account is locked", async () => {
      await createSeller(context.db, "lock@shop.test", PASSWORD, new Date());
      const now = new Date();
      for (let i = 0; i < FREE; i++) await passwordLogin(context.db, "lock@shop.test", `wrong ${i}`, client("c-lock"), now);
      vi.mocked(verifyPassword).mockClear();
      const guesses = [PASSWORD, ...Array.from({ length: 19 }, (_, i) => `wrong ${i}`)];
      const outcomes = await Promise.all(guesses.map((guess, i) => passwordLogin(context.db, "lock@shop.test", guess, client(`c-lock-${i}`), now)));
      expect(outcomes.map((o) => o.kind)).toEqual(Array(20).fill("throttled"));
      expect(outcomes.every((o) => o.kind === "throttled" && o.waitSeconds > 0)).toBe(true);
      expect(passwordChecks()).toHaveLength(0);
    });

    it("counts each of 20 wrong codes sent at once at the code step, and refuses the right code while locked", async () => {
      const { secret } = await sellerWithTotp("code@shop.test");
      const now = new Date();
      const step = await passwordLogin(context.db, "code@shop.test", PASSWORD, client("c-code"), now);
      if (step.kind !== "signed_in" || step.stage !== "totp") throw new Error(step.kind);
      const wrong = wrongCode(secret, now);
      const outcomes = await Promise.all(Array.from({ length: 20 }, () => totpLogin(context.db, step.session.token, wrong, client("c-code"), now)));
      expect(codeChecks()).toHaveLength(FREE);
      expect(outcomes.filter((o) => o.kind === "refused")).toHaveLength(FREE);
      expect(outcomes.filter((o) => o.kind === "throttled")).toHaveLength(20 - FREE);
      vi.mocked(totpStep).mockClear();
      expect(await totpLogin(context.db, step.session.token, totpCode(secret, now), client("c-code"), now)).toMatchObject({ kind: "throttled" });
      expect(codeChecks()).toHaveLength(0);
    });

    it("counts codes typed to turn the authenticator off like login codes: 20 at once cost 20 tries, each 429 with Retry-After", async () => {
      const { id, secret } = await sellerWithTotp("off@shop.test");
      const now = new Date();
      const step = await passwordLogin(context.db, "off@shop.test", PASSWORD, client("c-off"), now);
      if (step.kind !== "signed_in") throw new Error(step.kind);
      const active = await totpLogin(context.db, step.session.token, totpCode(secret, now), client("c-off"), now);
      if (active.kind !== "signed_in") throw new Error(active.kind);
      const cookie = `seller_session=${signSessionToken(active.session.token, context.services.keys.key("session"))}`;
      const post = (code: string) =>
        accountAction(
          context.args(
            new Request("http://localhost:3000/admin/account", {
              method: "POST",
              headers: { cookie, origin: "http://localhost:3000", "content-type": "application/x-www-form-urlencoded" },
              body: new URLSearchParams({ intent: "totp_disable", code }),
            }),
            "203.0.113.50",
          ) as never,
        ) as Promise<{ data: { ok: boolean }; init: { status: number; headers?: Record<string, string> } }>;
      vi.mocked(totpStep).mockClear();
      const answers = await Promise.all(Array.from({ length: 20 }, () => post(wrongCode(secret, new Date()))));
      expect(codeChecks()).toHaveLength(FREE);
      const statuses = answers.map((a) => a.init.status);
      expect(statuses.filter((s) => s === 422)).toHaveLength(FREE);
      expect(statuses.filter((s) => s === 429)).toHaveLength(20 - FREE);
      for (const answer of answers.filter((a) => a.init.status === 429)) expect(Number(answer.init.headers?.["Retry-After"])).toBeGreaterThan(0);
      // The right code is refused while locked: the authenticator stays on.
      vi.mocked(totpStep).mockClear();
      expect((await post(totpCode(secret, new Date()))).init.status).toBe(429);
      expect(codeChecks()).toHaveLength(0);
      const [row] = await context.db.select({ totpSecret: sellers.totpSecret }).from(sellers).where(eq(sellers.id, id));
      expect(row.totpSecret).toBe(secret);
      const [counter] = await context.db
        .select({ failures: loginThrottles.failures })
        .from(loginThrottles)
        .where(and(eq(loginThrottles.scope, "account"), eq(loginThrottles.key, "off@shop.test")));
      expect(counter.failures).toBe(FREE);
    });
  });
}
