import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sellerActions, sellerSessions } from "../../../db/schema";
import { routeContext } from "../../../tests/setup/route-context";
import { testDatabases } from "../../../tests/setup/databases";
import { deriveKeyFrom } from "../platform/keys.server";
import { requireSeller, type ConsoleDoor } from "./guard.server";
import { passwordLogin, totpLogin } from "./login.server";
import { confirmTotpEnrolment, createSeller, resetSellerPassword, startTotpEnrolment } from "./sellers.server";
import { signSessionToken } from "./session-cookie.server";
import { deleteSellerSessions, findLiveSession } from "./sessions.server";
import { totpCode } from "../../../tests/setup/totp";

const SITE = "http://localhost:3000";
const client = (key: string) => ({ clientKey: key, userAgent: "vitest" });
const PASSWORD = "a long enough password";

/** A request to the console carrying `cookie` (a raw value), as a page, a data request or a form post. */
function request(path: string, options: { cookie?: string; kind?: "page" | "data" | "post"; origin?: string | null } = {}): Request {
  const headers = new Headers();
  if (options.cookie) headers.set("cookie", `seller_session=${options.cookie}`);
  const kind = options.kind ?? "page";
  if (kind === "page") headers.set("accept", "text/html,application/xhtml+xml");
  if (kind === "post" && options.origin !== null) headers.set("origin", options.origin ?? SITE);
  return new Request(`${SITE}${path}`, { method: kind === "post" ? "POST" : "GET", headers });
}

/** What requireSeller threw (a Response for redirects, a data() error otherwise), as status + location. */
async function refusal(req: Request, door: ConsoleDoor): Promise<{ status: number; location?: string | null }> {
  try {
    await requireSeller(req, "console", door);
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("location") };
    const init = (thrown as { init?: { status?: number } }).init;
    return { status: init?.status ?? -1 };
  }
  throw new Error("requireSeller let the request through");
}

async function signIn(db: Parameters<typeof passwordLogin>[0], email: string, key = `c-${email}`) {
  const outcome = await passwordLogin(db, email, PASSWORD, client(key), new Date());
  if (outcome.kind !== "signed_in") throw new Error(`login failed: ${outcome.kind}`);
  return outcome;
}

for (const target of testDatabases()) {
  describe(`seller access on ${target.name}`, () => {
    const context = routeContext(target);

    it("logs in with the right password only, into a session stored as a hash of the token", async () => {
      const db = context.db;
      await createSeller(db, "Ana@Shop.test", PASSWORD, new Date());
      expect(await passwordLogin(db, "ana@shop.test", "wrong password!", client("c1"), new Date())).toEqual({ kind: "refused", waitSeconds: 0 });
      expect(await passwordLogin(db, "nobody@shop.test", PASSWORD, client("c1"), new Date())).toEqual({ kind: "refused", waitSeconds: 0 });
      const outcome = await signIn(db, " ANA@shop.test ");
      expect(outcome.stage).toBe("active");
      const rows = await db.select().from(sellerSessions);
      expect(rows.map((r) => r.id)).not.toContain(outcome.session.token);
      const seller = await requireSeller(
        request("/admin", { cookie: signSessionToken(outcome.session.token, context.services.keys.key("session")) }),
        "console",
        context.services,
      );
      expect(seller).toMatchObject({ email: "ana@shop.test", actor: "seller:ana@shop.test", totpEnabled: false });
      const [login] = await db.select().from(sellerActions).where(eq(sellerActions.action, "login"));
      expect(login).toMatchObject({ actor: "seller:ana@shop.test", target: "seller:ana@shop.test" });
    });

    it("sends pages to the login page and answers data requests and posts 401 without a session", async () => {
      expect(await refusal(request("/admin/orders?status=paid"), context.services)).toEqual({
        status: 302,
        location: "/admin/login?next=%2Fadmin%2Forders%3Fstatus%3Dpaid",
      });
      expect(await refusal(request("/admin/orders", { kind: "data" }), context.services)).toEqual({ status: 401 });
      expect(await refusal(request("/admin/orders/ORD-1", { kind: "post" }), context.services)).toEqual({ status: 401 });
      expect(await refusal(request("/admin", { cookie: "not-a-cookie", kind: "data" }), context.services)).toEqual({ status: 401 });
    });

    it("refuses a cookie signed with another SESSION_SECRET, even for a live session's token", async () => {
      await createSeller(context.db, "bo@shop.test", PASSWORD, new Date());
      const { session } = await signIn(context.db, "bo@shop.test");
      const forged = signSessionToken(session.token, deriveKeyFrom("another-secret-another-secret-another", "session"));
      expect(await refusal(request("/admin", { cookie: forged, kind: "data" }), context.services)).toEqual({ status: 401 });
      expect(await refusal(request("/admin", { cookie: forged }), context.services)).toMatchObject({ status: 302 });
      await expect(
        requireSeller(request("/admin", { cookie: signSessionToken(session.token, context.services.keys.key("session")) }), "console", context.services),
      ).resolves.toMatchObject({
        email: "bo@shop.test",
      });
    });

    it("refuses a console post that does not come from the console's origin", async () => {
      await createSeller(context.db, "cy@shop.test", PASSWORD, new Date());
      const cookie = signSessionToken((await signIn(context.db, "cy@shop.test")).session.token, context.services.keys.key("session"));
      expect(await refusal(request("/admin/orders/X", { cookie, kind: "post", origin: null }), context.services)).toEqual({ status: 403 });
      expect(await refusal(request("/admin/orders/X", { cookie, kind: "post", origin: "https://evil.example" }), context.services)).toEqual({ status: 403 });
      await expect(requireSeller(request("/admin/orders/X", { cookie, kind: "post" }), "console", context.services)).resolves.toMatchObject({
        email: "cy@shop.test",
      });
    });

    it("ends a session after 12 idle hours or 7 days, whatever the activity", async () => {
      await createSeller(context.db, "di@shop.test", PASSWORD, new Date());
      const start = new Date("2030-01-01T00:00:00Z");
      const { session } = await passwordLogin(context.db, "di@shop.test", PASSWORD, client("c-di"), start).then((o) => {
        if (o.kind !== "signed_in") throw new Error(o.kind);
        return o;
      });
      const hours = (h: number) => new Date(start.getTime() + h * 3600_000);
      expect(await findLiveSession(context.db, session.token, hours(11))).not.toBeNull();
      // Used at 11 h: alive at 22 h, then used every 11 h until the absolute end.
      for (let h = 22; h < 168; h += 11) expect(await findLiveSession(context.db, session.token, hours(h)), `at ${h} h`).not.toBeNull();
      expect(await findLiveSession(context.db, session.token, hours(168))).toBeNull();

      const idle = await signIn(context.db, "di@shop.test");
      expect(await findLiveSession(context.db, idle.session.token, new Date(Date.now() + 12 * 3600_000 + 1000))).toBeNull();
    });

    it("slows down failed logins per account: free tries, then waits that grow, and no password check meanwhile", async () => {
      await createSeller(context.db, "ed@shop.test", PASSWORD, new Date());
      const t0 = new Date("2030-02-01T10:00:00Z");
      const at = (s: number) => new Date(t0.getTime() + s * 1000);
      const attempt = (password: string, s: number, key = "c-ed") => passwordLogin(context.db, "ed@shop.test", password, client(key), at(s));
      expect(await attempt("wrong 1", 0)).toEqual({ kind: "refused", waitSeconds: 0 });
      expect(await attempt("wrong 2", 1)).toEqual({ kind: "refused", waitSeconds: 0 });
      expect(await attempt("wrong 3", 2)).toEqual({ kind: "refused", waitSeconds: 5 });
      // Locked: even the right password, from another client, is not checked.
      expect(await attempt(PASSWORD, 3, "c-other")).toEqual({ kind: "throttled", waitSeconds: 4 });
      expect(await attempt("wrong 4", 8)).toEqual({ kind: "refused", waitSeconds: 10 });
      expect(await attempt("wrong 5", 19)).toEqual({ kind: "refused", waitSeconds: 20 });
      expect(await attempt(PASSWORD, 30)).toEqual({ kind: "throttled", waitSeconds: 9 });
      expect(await attempt(PASSWORD, 40)).toMatchObject({ kind: "signed_in" });
      // A success forgets the failures.
      expect(await attempt("wrong again", 41)).toEqual({ kind: "refused", waitSeconds: 0 });
    });

    it("slows down one client guessing across accounts", async () => {
      const t0 = new Date("2030-03-01T10:00:00Z");
      let last;
      for (let i = 0; i < 10; i++) last = await passwordLogin(context.db, `guess${i}@shop.test`, "x", client("c-guesser"), new Date(t0.getTime() + i * 1000));
      expect(last).toEqual({ kind: "refused", waitSeconds: 5 });
      expect(await passwordLogin(context.db, "guess99@shop.test", "x", client("c-guesser"), new Date(t0.getTime() + 10_000))).toMatchObject({
        kind: "throttled",
      });
    });

    it("asks for a TOTP code after the password when enrolled, and accepts each code once", async () => {
      const db = context.db;
      const { seller } = (await createSeller(db, "fi@shop.test", PASSWORD, new Date())) as { ok: true; seller: { id: number } };
      const secret = await startTotpEnrolment(db, seller.id);
      const t0 = new Date("2030-04-01T10:00:00Z");
      expect(await confirmTotpEnrolment(db, seller.id, "000000", t0)).toBe(totpCode(secret, t0) === "000000");
      expect(await confirmTotpEnrolment(db, seller.id, totpCode(secret, t0), t0)).toBe(true);

      const t1 = new Date(t0.getTime() + 60_000);
      const first = await passwordLogin(db, "fi@shop.test", PASSWORD, client("c-fi"), t1);
      expect(first).toMatchObject({ kind: "signed_in", stage: "totp" });
      if (first.kind !== "signed_in") return;
      // The password step's session opens nothing but the code step.
      expect(
        await refusal(request("/admin", { cookie: signSessionToken(first.session.token, context.services.keys.key("session")) }), context.services),
      ).toEqual({
        status: 302,
        location: "/admin/login/code?next=%2Fadmin",
      });
      const wrong = totpCode(secret, new Date(t1.getTime() + 10 * 60_000));
      expect(await totpLogin(db, first.session.token, wrong, client("c-fi"), t1)).toEqual({ kind: "refused", waitSeconds: 0 });
      const done = await totpLogin(db, first.session.token, totpCode(secret, t1), client("c-fi"), t1);
      expect(done).toMatchObject({ kind: "signed_in", stage: "active" });
      // The pending token is spent; the same code cannot open a second session.
      expect(await totpLogin(db, first.session.token, totpCode(secret, t1), client("c-fi"), t1)).toEqual({ kind: "expired" });
      const again = await passwordLogin(db, "fi@shop.test", PASSWORD, client("c-fi"), t1);
      if (again.kind !== "signed_in") throw new Error(again.kind);
      expect(await totpLogin(db, again.session.token, totpCode(secret, t1), client("c-fi"), t1)).toEqual({ kind: "refused", waitSeconds: 0 });
    });

    it("ends every session on a password reset and on log out everywhere", async () => {
      const db = context.db;
      await createSeller(db, "gu@shop.test", PASSWORD, new Date());
      const a = await signIn(db, "gu@shop.test");
      const b = await signIn(db, "gu@shop.test");
      const seller = await requireSeller(
        request("/admin", { cookie: signSessionToken(a.session.token, context.services.keys.key("session")) }),
        "console",
        context.services,
      );
      expect(await deleteSellerSessions(db, seller.id, seller.sessionId)).toBe(1);
      expect(await findLiveSession(db, b.session.token, new Date())).toBeNull();
      expect(await findLiveSession(db, a.session.token, new Date())).not.toBeNull();
      await resetSellerPassword(db, "gu@shop.test", "another long password", new Date());
      expect(await findLiveSession(db, a.session.token, new Date())).toBeNull();
      expect(await passwordLogin(db, "gu@shop.test", PASSWORD, client("c-gu2"), new Date())).toMatchObject({ kind: "refused" });
    });
  });
}
