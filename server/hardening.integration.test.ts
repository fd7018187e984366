import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sellers } from "../db/schema";
import { postBigBody } from "../tests/setup/big-body";
import { rawRequest } from "../tests/setup/raw-http";
import { startShop, type RunningShop } from "../tests/setup/running-shop";
import { totpCode } from "../tests/setup/totp";

// Issue 18 against the real app on a socket: one request must never stop the shop, parallel guesses
// gain nothing, every 429 says when to come back, and the console has its own strict CSP.

const MiB = 1024 * 1024;
const PASSWORD = "hardening walk password";
const FORM = "application/x-www-form-urlencoded";

let shop: RunningShop;
let base: string;
let totpSecret: string;
let totp: typeof import("../app/server/seller-auth/totp.server");

/** A form post as the shop's own pages send it, from the client `ip` (X-Forwarded-For: the proxy is loopback). */
function post(path: string, fields: Record<string, string>, options: { ip: string; accept?: string; cookie?: string }) {
  const headers: Record<string, string> = { origin: base, "content-type": FORM, "x-forwarded-for": options.ip, accept: options.accept ?? "text/html" };
  if (options.cookie) headers.cookie = `seller_session=${options.cookie}`;
  return fetch(`${base}${path}`, { method: "POST", headers, body: new URLSearchParams(fields).toString(), redirect: "manual" });
}

async function logIn(email: string, ip: string): Promise<string> {
  const response = await post("/admin/login", { email, password: PASSWORD }, { ip });
  const cookie = /seller_session=([^;]+)/.exec(response.headers.get("set-cookie") ?? "")?.[1];
  if (!cookie) throw new Error(`login of ${email} failed: ${response.status}`);
  return cookie;
}

beforeAll(async () => {
  shop = await startShop();
  base = `http://127.0.0.1:${shop.port}`;
  const { createSeller } = await shop.load<typeof import("../app/server/seller-auth/sellers.server")>("/app/server/seller-auth/sellers.server.ts");
  totp = await shop.load<typeof import("../app/server/seller-auth/totp.server")>("/app/server/seller-auth/totp.server.ts");
  for (const email of ["body@shop.test", "burst@shop.test", "code@shop.test", "off@shop.test"])
    await createSeller(shop.services.db, email, PASSWORD, new Date());
  totpSecret = totp.newTotpSecret();
  await shop.services.db.update(sellers).set({ totpSecret }).where(eq(sellers.email, "code@shop.test"));
  await shop.services.db.update(sellers).set({ totpSecret }).where(eq(sellers.email, "off@shop.test"));
}, 180_000);

afterAll(async () => {
  await shop?.close();
});

describe("request bodies", () => {
  it("refuses 300 MB chunked bodies with 413 on forms, logins and console JSON, and stays up with flat memory", async () => {
    const cookie = await logIn("body@shop.test", "198.51.100.1");
    const targets: [string, Record<string, string>][] = [
      ["/contact", { "content-type": FORM }],
      ["/order", { "content-type": "multipart/form-data; boundary=x" }],
      ["/admin/login", { "content-type": FORM }],
      ["/admin/orders/ORD-20300101-XXXX/login", { "content-type": "application/json", cookie: `seller_session=${cookie}` }],
    ];
    const rssBefore = process.memoryUsage().rss;
    for (const [path, headers] of targets) {
      const answer = await postBigBody(shop.port, path, { totalBytes: 300 * MiB, headers: { origin: base, ...headers } });
      expect(answer.status, path).toBe(413);
      expect(JSON.parse(answer.body)).toEqual({ ok: false, code: "request_too_large" });
      // Answered long before the client was done: the server read a little past the limit, no more.
      expect(answer.sent, path).toBeLessThan(32 * MiB);
      const health = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(5000) });
      expect(health.status, `after ${path}`).toBe(200);
    }
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(64 * MiB);
  });

  it("refuses an announced body over the route's limit at once, and takes forms within it", async () => {
    const multipart = await postBigBody(shop.port, "/order", {
      totalBytes: 1 * MiB,
      contentLength: true,
      headers: { origin: base, "content-type": "multipart/form-data; boundary=x" },
    });
    expect(multipart.status).toBe(413);
    // JSON endpoints take 32 KiB, whatever their path is spelled like.
    for (const path of ["/api/coupon", "/API/%63oupon"]) {
      const json = await postBigBody(shop.port, path, { totalBytes: 40 * 1024, headers: { origin: base, "content-type": "application/json" } });
      expect(json.status, path).toBe(413);
    }
    // React Router's data requests are bodies like any other.
    expect((await postBigBody(shop.port, "/contact.data", { totalBytes: 2 * MiB, headers: { origin: base, "content-type": FORM } })).status).toBe(413);
    const contact = await post("/contact", { name: "Ana", email: "ana@example.com", message: "Hello", website: "" }, { ip: "198.51.100.2" });
    expect(contact.status).toBe(303);
  });
});

describe("429 answers", () => {
  async function expectRetryAfter(response: Response, what: string) {
    expect(response.status, what).toBe(429);
    expect(Number(response.headers.get("retry-after")), `${what}: Retry-After`).toBeGreaterThan(0);
  }

  it("carry Retry-After on every storefront form, as a page and as a data request, and per client", async () => {
    const forms: [string, Record<string, string>, number][] = [
      ["/contact", { name: "Bo", email: "bo@example.com", message: "Hi", website: "" }, 5],
      ["/order", { orderId: "ORD251122140501-AB12", email: "bo@example.com", website: "" }, 10],
      ["/newsletter/subscribe", { email: "bo@example.com", website: "" }, 5],
    ];
    let client = 10;
    for (const [path, fields, limit] of forms) {
      for (const variant of [path, `${path}.data`]) {
        const ip = `198.51.100.${client++}`;
        for (let i = 0; i < limit; i++) expect((await post(variant, fields, { ip })).status, `${variant} #${i + 1}`).not.toBe(429);
        await expectRetryAfter(await post(variant, fields, { ip }), variant);
      }
      // Another client (another X-Forwarded-For from the trusted loopback proxy) is not held back.
      expect((await post(path, fields, { ip: `198.51.100.${client++}` })).status, `${path}, another client`).not.toBe(429);
    }
    const json = (ip: string) =>
      fetch(`${base}/api/newsletter`, {
        method: "POST",
        headers: { origin: base, "content-type": "application/json", "x-forwarded-for": ip },
        body: JSON.stringify({ email: "bo@example.com", website: "" }),
      });
    for (let i = 0; i < 5; i++) await json("198.51.100.60");
    await expectRetryAfter(await json("198.51.100.60"), "/api/newsletter");
  });

  it("at the login: 20 wrong passwords at once get 3 checks and 17 refusals with Retry-After; the right one waits too", async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => post("/admin/login", { email: "burst@shop.test", password: `wrong ${i}` }, { ip: "203.0.113.1" })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(17);
    for (const answer of answers.filter((a) => a.status === 429)) await expectRetryAfter(answer, "login");
    await expectRetryAfter(await post("/admin/login", { email: "burst@shop.test", password: PASSWORD }, { ip: "203.0.113.2" }), "right password, locked");
    await expectRetryAfter(
      await post("/admin/login.data", { email: "burst@shop.test", password: PASSWORD }, { ip: "203.0.113.3", accept: "*/*" }),
      "right password, locked (.data)",
    );
  });

  it("at the code step: 20 wrong codes at once get 3 checks, and the right code is refused while locked", async () => {
    const pending = await logIn("code@shop.test", "203.0.113.10");
    const now = new Date();
    const wrong = totpCode(totpSecret, now) === "000000" ? "111111" : "000000";
    const answers = await Promise.all(Array.from({ length: 20 }, () => post("/admin/login/code", { code: wrong }, { ip: "203.0.113.10", cookie: pending })));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(17);
    for (const answer of answers.filter((a) => a.status === 429)) await expectRetryAfter(answer, "code step");
    await expectRetryAfter(await post("/admin/login/code", { code: totpCode(totpSecret, new Date()) }, { ip: "203.0.113.10", cookie: pending }), "right code");
  });

  it("when turning the authenticator off: wrong codes start a wait, and the page's 429 says how long", async () => {
    const pending = await logIn("off@shop.test", "203.0.113.20");
    const done = await post("/admin/login/code", { code: totpCode(totpSecret, new Date()) }, { ip: "203.0.113.20", cookie: pending });
    expect(done.status).toBe(302);
    const cookie = /seller_session=([^;]+)/.exec(done.headers.get("set-cookie") ?? "")?.[1] ?? "";
    const turnOff = (code: string) => post("/admin/account", { intent: "totp_disable", code }, { ip: "203.0.113.20", cookie });
    const wrong = totpCode(totpSecret, new Date()) === "000000" ? "111111" : "000000";
    expect((await turnOff(wrong)).status).toBe(422);
    expect((await turnOff(wrong)).status).toBe(422);
    const third = await turnOff(wrong);
    expect(third.status).toBe(422);
    expect(Number(third.headers.get("retry-after"))).toBeGreaterThan(0);
    await expectRetryAfter(await turnOff(totpCode(totpSecret, new Date())), "authenticator off");
    expect(await (await fetch(`${base}/admin/account`, { headers: { cookie: `seller_session=${cookie}` } })).text()).toContain("Turn off");
  });
});

describe("origins and headers", () => {
  it("accepts posts from SITE_URL's origin only, not one made up from the Host header", async () => {
    const host = `localhost:${shop.port}`;
    const body = new URLSearchParams({ name: "Cy", email: "cy@example.com", message: "Hi", website: "" }).toString();
    const forged = await rawRequest(
      shop.port,
      [
        "POST /contact HTTP/1.1",
        `Host: ${host}`,
        `Origin: http://${host}`,
        `Content-Type: ${FORM}`,
        `Content-Length: ${body.length}`,
        "Connection: close",
        "",
        body,
      ].join("\r\n"),
    );
    expect(forged.status).toBe(403);
  });

  it("gives console pages their own CSP: nothing from PayPal, no inline styles, never framed", async () => {
    for (const path of ["/admin/login", "/ADMIN/login", "/admin/orders"]) {
      const csp = (await fetch(`${base}${path}`, { redirect: "manual" })).headers.get("content-security-policy") ?? "";
      expect(csp, path).toMatch(/script-src 'self' 'wasm-unsafe-eval' 'nonce-[^']+'/);
      expect(csp, path).toContain("style-src 'self';");
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).not.toMatch(/paypal|unsafe-inline/);
    }
    const shopCsp = (await fetch(`${base}/`)).headers.get("content-security-policy") ?? "";
    expect(shopCsp).toContain("https://www.paypal.com");
  });
});
