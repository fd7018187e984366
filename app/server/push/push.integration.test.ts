import { createECDH, createDecipheriv, createHmac, randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, pushSubscriptions, sellerActions, sellers } from "../../../db/schema";
import { newOrder } from "../../../tests/fixtures/orders";
import { TEST_SITE } from "../../../tests/fixtures/site";
import { seededDatabase, testDatabases } from "../../../tests/setup/databases";
import { routeContext } from "../../../tests/setup/route-context";
import { action as accountAction, loader as accountLoader } from "../../routes/admin/account";
import type { SellerRole } from "~/domain/seller/permissions";
import { deliverDueMail, type OutboxSenders } from "../mail/outbox.server";
import { applyOrderAction } from "../orders/console-actions.server";
import { createOrder } from "../orders/orders.server";
import type { Db } from "../platform/db.server";
import { newVapidKeys } from "../platform/env.server";
import { createSeller, setConsolePrefs } from "../seller-auth/sellers.server";
import { signSessionToken } from "../seller-auth/session-cookie.server";
import { createSession } from "../seller-auth/sessions.server";
import { outboxPush } from "../services.server";
import { pushEarlyLateOrders, pushSender, queueSellerPush, saveSubscription, type VapidKeys } from "./push.server";

// Issue 32: pushes to the sellers' devices through a fake push service (docs/decisions/053). The
// test holds each device's keys, as a browser would, and decrypts what the service received (RFC 8291).

function vapidKeys(): VapidKeys {
  return { subject: "mailto:seller@shop.test", ...newVapidKeys() };
}

/** A browser's side of a subscription: its P-256 key pair and auth secret. */
function device(path: string, base: string) {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    subscription: { endpoint: `${base}${path}`, keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") } },
  };
}

const hmac = (key: Buffer, data: Buffer) => createHmac("sha256", key).update(data).digest();

/** RFC 8291 / RFC 8188 (aes128gcm, one record): the plaintext a browser would read. */
function decrypt(body: Buffer, ua: { ecdh: ReturnType<typeof createECDH>; auth: Buffer }): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20];
  const asPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const secret = ua.ecdh.computeSecret(asPublic);
  const prkKey = hmac(ua.auth, secret);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), ua.ecdh.getPublicKey(), asPublic]);
  const ikm = hmac(prkKey, Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from("Content-Encoding: aes128gcm\0\x01")).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from("Content-Encoding: nonce\0\x01")).subarray(0, 12);
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end > 0 && padded[end] === 0) end--;
  expect(padded[end], "the last record's delimiter").toBe(2);
  return padded.subarray(0, end).toString("utf8");
}

interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** The push service: records each request, answers with the status set for its path (201 otherwise). */
function fakePushService() {
  const received: Received[] = [];
  const answers = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(answers.get(req.url ?? "") ?? 201).end();
    });
  });
  return {
    received,
    answers,
    start: () => new Promise<string>((resolve) => server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

for (const target of testDatabases()) {
  describe(`pushes to the sellers' devices on ${target.name}`, () => {
    const database = seededDatabase(target);
    const service = fakePushService();
    const vapid = vapidKeys();
    let base = "";
    beforeAll(async () => {
      base = await service.start();
    });
    afterAll(() => service.stop());

    /** A process's senders: pushes only (a restart builds new ones). */
    const senders = (db: Db): OutboxSenders => ({ email: null, discord: null, push: outboxPush(pushSender(db, vapid)) });
    const deliver = (db: Db) => deliverDueMail(db, senders(db), { now: new Date(Date.now() + 1000) });
    const to = (path: string) => service.received.filter((r) => r.path === path);

    async function subscribed(db: Db, role: SellerRole, path: string) {
      const created = await createSeller(db, `${role}-${path.slice(1)}@shop.test`, "a long seller password", new Date(), role);
      if (!created.ok) throw new Error("exists");
      const browser = device(path, base);
      await saveSubscription(db, created.seller.id, browser.subscription, "Firefox on Android", new Date());
      return browser;
    }

    it("sends one push per device for a paid order, whose payload decrypts to the order id and a label, and never twice", async () => {
      const db = database.db;
      const owner = await subscribed(db, "owner", "/owner-phone");
      const staff = await subscribed(db, "staff", "/staff-phone");
      const created = await createOrder(db, TEST_SITE, newOrder({ channel: "manual" }), new Date());
      if (!created.ok) throw new Error(created.code);
      const orderId = created.order.id;
      const paid = await applyOrderAction(
        { db, site: TEST_SITE, paypal: null, seller: { id: null, actor: "seller:owner@shop.test" }, now: new Date() },
        orderId,
        { intent: "mark_paid", method: "crypto", reference: "TX-push-1" },
      );
      expect(paid.ok).toBe(true);

      const report = await deliver(db);
      expect(report.sent).toBe(2);
      const [pushed] = to("/owner-phone");
      expect(to("/owner-phone")).toHaveLength(1);
      expect(pushed.headers["content-encoding"]).toBe("aes128gcm");
      expect(String(pushed.headers.authorization)).toContain(`k=${vapid.publicKey}`);
      expect(JSON.parse(decrypt(pushed.body, owner))).toEqual({ orderId, label: "Order paid" });
      // Staff get orders too, with the same few words.
      expect(JSON.parse(decrypt(to("/staff-phone")[0].body, staff))).toEqual({ orderId, label: "Order paid" });

      // A restart (new senders, the same outbox): nothing is sent again.
      expect((await deliver(db)).sent).toBe(0);
      expect(to("/owner-phone")).toHaveLength(1);
      expect(to("/staff-phone")).toHaveLength(1);
    });

    it("sends dispute pushes to owners only", async () => {
      const db = database.db;
      const before = { owner: to("/owner-phone").length, staff: to("/staff-phone").length };
      expect(await db.transaction((tx) => queueSellerPush(tx, "dispute_opened", "ORD-20300101-DISP", new Date()))).toBe(1);
      await deliver(db);
      expect(to("/owner-phone")).toHaveLength(before.owner + 1);
      expect(to("/staff-phone")).toHaveLength(before.staff);
    });

    it("removes a subscription the push service answers 410 for, and retries a 500 later", async () => {
      const db = database.db;
      await subscribed(db, "owner", "/gone-phone");
      await subscribed(db, "owner", "/flaky-phone");
      service.answers.set("/gone-phone", 410);
      service.answers.set("/flaky-phone", 500);
      await db.transaction((tx) => queueSellerPush(tx, "report_opened", "ORD-20300101-GONE", new Date()));
      await deliver(db);
      expect(to("/gone-phone")).toHaveLength(1);
      const endpoints = (await db.select().from(pushSubscriptions)).map((s) => new URL(s.endpoint).pathname);
      expect(endpoints).not.toContain("/gone-phone");
      expect(endpoints).toContain("/flaky-phone");
      const rows = await db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.channel, "push"), eq(emailOutbox.orderId, "ORD-20300101-GONE")));
      expect(rows.map((r) => r.status).sort()).toEqual(["failed", "pending", "sent", "sent"]);
      expect(rows.find((r) => r.status === "pending")?.attempts).toBe(1);
      // The next event no longer counts the removed device.
      expect(await db.transaction((tx) => queueSellerPush(tx, "report_opened", "ORD-20300101-NEXT", new Date()))).toBe(3);
    });

    it("labels each device's push in its account's language (docs/decisions/055)", async () => {
      const db = database.db;
      const created = await createSeller(db, "owner-fr@shop.test", "a long seller password", new Date(), "owner");
      if (!created.ok) throw new Error("exists");
      await setConsolePrefs(db, created.seller.id, { lang: "fr", timeZone: "Europe/Paris" });
      const browser = device("/french-phone", base);
      await saveSubscription(db, created.seller.id, browser.subscription, "Firefox on Android", new Date());
      const [sub] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, browser.subscription.endpoint));

      await queueSellerPush(db, "order_paid", "TS-FR-1", new Date());
      const rows = await db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.orderId, "TS-FR-1"), eq(emailOutbox.channel, "push")));
      const french = rows.find((row) => row.to === `push:${sub.id}`);
      expect(french?.subject).toBe("Commande payée");
      expect(JSON.parse(french!.text)).toEqual({ orderId: "TS-FR-1", label: "Commande payée" });
      // Every other (English) account's devices keep the English label.
      expect(rows.filter((row) => row !== french).map((row) => row.subject)).toEqual(rows.filter((row) => row !== french).map(() => "Order paid"));
    });

    /** An order marked paid `hoursAgo` hours ago, still undelivered. */
    async function paidAgo(db: Db, hoursAgo: number) {
      const paidAt = new Date(Date.now() - hoursAgo * 3_600_000);
      const created = await createOrder(db, TEST_SITE, newOrder({ channel: "manual" }), paidAt);
      if (!created.ok) throw new Error(created.code);
      const seller = { id: null, actor: "seller:owner@shop.test" };
      const paid = await applyOrderAction({ db, site: TEST_SITE, paypal: null, seller, now: paidAt }, created.order.id, {
        intent: "mark_paid",
        method: "crypto",
        reference: `TX-${hoursAgo}h`,
      });
      expect(paid.ok).toBe(true);
      return created.order.id;
    }
    const latePushes = (db: Db, orderId: string) =>
      db
        .select({ to: emailOutbox.to })
        .from(emailOutbox)
        .where(and(eq(emailOutbox.orderId, orderId), eq(emailOutbox.kind, "push_order_late_12h")));

    it("pushes an order past 12 hours once (not one past 24 h: the late-order alert has it), and nothing to a disabled account", async () => {
      const db = database.db;
      const [staffDevice] = await db
        .select({ id: pushSubscriptions.id })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, `${base}/staff-phone`));
      const late = await paidAgo(db, 13);
      const older = await paidAgo(db, 25);
      const queued = await pushEarlyLateOrders(db, new Date());
      expect(queued).toBeGreaterThan(0);
      expect((await latePushes(db, late)).map((r) => r.to)).toContain(`push:${staffDevice.id}`);
      expect(await latePushes(db, late)).toHaveLength(queued);
      expect(await latePushes(db, older)).toHaveLength(0);
      // The next run finds it pushed already.
      expect(await pushEarlyLateOrders(db, new Date())).toBe(0);
      expect(await latePushes(db, late)).toHaveLength(queued);

      // A disabled account's devices are left out.
      await db.update(sellers).set({ disabledAt: new Date() }).where(eq(sellers.email, "staff-staff-phone@shop.test"));
      const whileDisabled = await paidAgo(db, 14);
      expect(await pushEarlyLateOrders(db, new Date())).toBe(queued - 1);
      expect((await latePushes(db, whileDisabled)).map((r) => r.to)).not.toContain(`push:${staffDevice.id}`);
    });
  });

  describe(`turning pushes on and off from the Account page on ${target.name}`, () => {
    const context = routeContext(target);
    const SITE = "http://localhost:3000";
    const browser = device("/account-phone", "https://push.example");

    async function signedIn(role: SellerRole) {
      const created = await createSeller(
        context.db,
        `${role}-account-page-${Math.random().toString(36).slice(2, 8)}@shop.test`,
        "a long seller password",
        new Date(),
        role,
      );
      if (!created.ok) throw new Error("exists");
      const session = await createSession(context.db, { sellerId: created.seller.id, stage: "active" }, new Date());
      return { id: created.seller.id, cookie: `seller_session=${signSessionToken(session.token, context.services.keys.key("session"))}` };
    }
    async function post(cookie: string, body: Record<string, string>) {
      const request = new Request(`${SITE}/admin/account`, {
        method: "POST",
        headers: { cookie, origin: SITE, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(body).toString(),
      });
      const reply = (await accountAction(context.args(request, "203.0.113.60") as never)) as { data: { ok: boolean }; init: ResponseInit | null };
      return { status: reply.init?.status ?? 200, ok: reply.data.ok };
    }
    const devicesOf = (sellerId: number) => context.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.sellerId, sellerId));

    it("saves this device's subscription for the account, refuses one it cannot use, and lets only the account turn it off", async () => {
      const me = await signedIn("staff");
      const other = await signedIn("owner");
      const { endpoint, keys } = browser.subscription;
      expect(await post(me.cookie, { intent: "push_subscribe", endpoint: endpoint.replace("https:", "http:"), ...keys })).toEqual({ status: 422, ok: false });
      expect(await devicesOf(me.id)).toHaveLength(0);

      expect(await post(me.cookie, { intent: "push_subscribe", endpoint, ...keys })).toEqual({ status: 200, ok: true });
      expect((await devicesOf(me.id)).map((d) => d.endpoint)).toEqual([endpoint]);
      const page = new Request(`${SITE}/admin/account`, { headers: { cookie: me.cookie } });
      expect(await accountLoader(context.args(page, "203.0.113.60") as never)).toMatchObject({ pushDevices: 1 });
      const audit = await context.db
        .select()
        .from(sellerActions)
        .where(and(eq(sellerActions.sellerId, me.id), eq(sellerActions.action, "push_subscribed")));
      expect(audit.map((a) => a.detail)).toEqual([{ host: "push.example" }]);

      // Another account cannot turn off a device that is not its own.
      await post(other.cookie, { intent: "push_unsubscribe", endpoint });
      expect(await devicesOf(me.id)).toHaveLength(1);
      expect(await post(me.cookie, { intent: "push_unsubscribe", endpoint })).toEqual({ status: 200, ok: true });
      expect(await devicesOf(me.id)).toHaveLength(0);
    });
  });
}
