import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "../app/routes";
import { deriveKeyFrom } from "../app/server/platform/keys.server";
import { openDatabase } from "../app/server/platform/db.server";
import { createSeller } from "../app/server/seller-auth/sellers.server";
import { newSessionToken, signSessionToken } from "../app/server/seller-auth/session-cookie.server";
import { newTotpSecret } from "../app/server/seller-auth/totp.server";
import { sellers } from "../db/schema";
import { startShop, type RunningShop } from "../tests/setup/running-shop";

// Issue 10: every /admin page, loader and action refuses a visitor without a session. The routes
// come from app/routes.ts itself, so a console page added later is walked without editing this test.

/** The login steps, logout and an invitation's page (its token is the key; docs/decisions/052) are the only console routes a visitor may reach. */
const PUBLIC = new Set(["admin/login", "admin/login/code", "admin/logout", "admin/invite/:token"]);

interface WalkedRoute {
  path: string;
  file: string;
}

function flatten(entries: readonly RouteConfigEntry[], parent = ""): WalkedRoute[] {
  return entries.flatMap((entry) => {
    const full = [parent, entry.path ?? ""].filter(Boolean).join("/");
    const own = entry.path !== undefined || entry.index ? [{ path: full, file: entry.file }] : [];
    return [...own, ...flatten(entry.children ?? [], full)];
  });
}

const CONSOLE_ROUTES = flatten(routes).filter((r) => r.path === "admin" || r.path.startsWith("admin/"));
const GUARDED = CONSOLE_ROUTES.filter((r) => !PUBLIC.has(r.path));
/** A concrete URL for a route pattern: any order id, any unknown page. */
const urlOf = (pattern: string) => `/${pattern.replace(/:\w+\??/g, "ORD-20300101-XXXX").replace(/\*$/, "no-such-page")}`;
const isPage = (route: WalkedRoute) => route.file.endsWith(".tsx");
/** React Router's id for a route: its file, without the extension. */
const routeId = (route: WalkedRoute) => route.file.replace(/\.tsx?$/, "");

const PASSWORD = "walk the routes password";
let shop: RunningShop;
let dataDir: string;
let base: string;
let live: { token: string; cookie: string };
let pendingCookie: string;

async function send(url: string, options: { cookie?: string; accept?: string; method?: string } = {}) {
  // Posts carry the console's origin (SITE_URL, the address the test shop listens on).
  const headers: Record<string, string> = { accept: options.accept ?? "*/*" };
  if (options.cookie) headers.cookie = `seller_session=${options.cookie}`;
  if (options.method === "POST") {
    headers.origin = base;
    headers["content-type"] = "application/x-www-form-urlencoded";
  }
  return fetch(`${base}${url}`, {
    method: options.method ?? "GET",
    headers,
    body: options.method === "POST" ? "intent=anything" : undefined,
    redirect: "manual",
  });
}

async function logIn(email: string): Promise<string> {
  const response = await fetch(`${base}/admin/login`, {
    method: "POST",
    headers: { origin: base, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, password: PASSWORD }).toString(),
    redirect: "manual",
  });
  const cookie = /seller_session=([^;]+)/.exec(response.headers.get("set-cookie") ?? "")?.[1];
  if (!cookie) throw new Error(`login of ${email} failed: ${response.status}`);
  return cookie;
}

beforeAll(async () => {
  // Accounts go into an embedded database on disk first (one process at a time), then the shop opens it.
  dataDir = mkdtempSync(path.join(tmpdir(), "admin-walk-"));
  const database = await openDatabase({ dataDir });
  await createSeller(database.db, "walker@shop.test", PASSWORD, new Date());
  await createSeller(database.db, "pending@shop.test", PASSWORD, new Date());
  await database.db.update(sellers).set({ totpSecret: newTotpSecret() }).where(eq(sellers.email, "pending@shop.test"));
  await database.close();
  shop = await startShop({ DATA_DIR: dataDir });
  base = `http://127.0.0.1:${shop.port}`;
  const cookie = await logIn("walker@shop.test");
  live = { cookie, token: cookie.split(".")[0] };
  pendingCookie = await logIn("pending@shop.test");
}, 180_000);

afterAll(async () => {
  await shop?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the login steps without the session they need", () => {
  it("answers the code step's post 401 with a way back to the password step", async () => {
    for (const cookie of [undefined, signSessionToken(newSessionToken(), shop.services.keys.key("session"))]) {
      const page = await send("/admin/login/code", { cookie, method: "POST", accept: "text/html" });
      expect(page.status).toBe(401);
      expect(await page.text()).toContain('href="/admin/login"');
      expect((await send("/admin/login/code.data", { cookie, method: "POST" })).status).toBe(401);
    }
  });
});

describe("the seller console's route table", () => {
  it("has guarded routes to walk, including the orders pages", () => {
    expect(GUARDED.map((r) => r.path)).toEqual(expect.arrayContaining(["admin", "admin/orders", "admin/orders/:id", "admin/account"]));
  });

  describe.each(GUARDED.map((r) => [urlOf(r.path), r] as const))("%s", (url, route) => {
    const visitors = () =>
      [
        ["no cookie", undefined],
        ["a malformed cookie", "garbage"],
        ["a random token", signSessionToken(newSessionToken(), shop.services.keys.key("session"))],
        [
          "a live session's token signed under another SESSION_SECRET",
          signSessionToken(live.token, deriveKeyFrom("another-secret-".padEnd(40, "y"), "session")),
        ],
      ] as const;

    it("sends a visitor's page request to the login page, to come back afterwards", async () => {
      for (const [who, cookie] of visitors()) {
        const response = await send(url, { cookie, accept: "text/html" });
        expect(response.status, who).toBe(302);
        expect(response.headers.get("location"), who).toMatch(/^\/admin\/login(\?next=%2Fadmin.*)?$/);
      }
    });

    it("answers a visitor's data request 401", async () => {
      for (const [who, cookie] of visitors()) {
        expect((await send(url, { cookie })).status, who).toBe(401);
        if (!isPage(route)) continue;
        expect((await send(`${url}.data`, { cookie })).status, `${who} (.data)`).toBe(401);
        // The route's own loader alone, as a client revalidation asks: the layout's guard does not run then.
        expect((await send(`${url}.data?_routes=${routeId(route)}`, { cookie })).status, `${who} (.data, this route only)`).toBe(401);
      }
    });

    it("answers a visitor's post 401, as a form page, a data request or JSON", async () => {
      for (const [who, cookie] of visitors()) {
        // A browser's form post without JavaScript: 401 and a page with the login link, never a redirect.
        const page = await send(url, { cookie, method: "POST", accept: "text/html" });
        expect(page.status, `${who} (form page)`).toBe(401);
        expect(await page.text(), who).toContain('href="/admin/login');
        expect((await send(url, { cookie, method: "POST" })).status, `${who} (JSON)`).toBe(401);
        if (isPage(route)) expect((await send(`${url}.data`, { cookie, method: "POST" })).status, `${who} (.data)`).toBe(401);
      }
      // A session still waiting for its code is no session for a console write.
      expect((await send(url, { cookie: pendingCookie, method: "POST", accept: "text/html" })).status).toBe(401);
    });

    it("sends a session still waiting for its TOTP code to the code step", async () => {
      const response = await send(url, { cookie: pendingCookie, accept: "text/html" });
      expect(response.headers.get("location")).toMatch(/^\/admin\/login\/code\?next=/);
      expect((await send(url, { cookie: pendingCookie })).status).toBe(401);
    });

    it("answers a signed-in seller (the walk is not refusing everyone)", async () => {
      const response = await send(url, { cookie: live.cookie, accept: "text/html" });
      // Past the door: the page itself (200), an unknown order or page (404), a query the route refuses
      // (400), or a POST-only resource asked with GET (405: "Reveal login").
      expect([200, 400, 404, 405]).toContain(response.status);
      expect(response.headers.get("x-robots-tag")).toBe("noindex, nofollow");
      expect(response.headers.get("cache-control")).toBe("no-store");
    });
  });
});
