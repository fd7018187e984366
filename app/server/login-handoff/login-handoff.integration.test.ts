import sodium from "libsodium-wrappers";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { LOGIN_RETENTION_MS } from "~/domain/login-handoff";
import { createSellerKey as makeKeyInBrowser, openPrivateKey, sealLogin, type SellerKeyRecord } from "~/lib/login-crypto";
import { revealSealedLogin } from "../../../tests/setup/login-reveal";
import { action as stateAction } from "~/routes/api.orders.login.state";
import { action as submitAction } from "~/routes/api.orders.login";
import { action as withdrawAction } from "~/routes/api.orders.login.withdraw";
import { emailOutbox, orderLoginEvents, orderLogins, orders, sellerKeys } from "../../../db/schema";
import { newOrder } from "../../../tests/fixtures/orders";
import { testDatabases } from "../../../tests/setup/databases";
import { routeContext } from "../../../tests/setup/route-context";
import { actionsOn } from "../../../tests/setup/audit";
import { recordSellerAction } from "../seller-auth/audit.server";
import type { Db } from "../platform/db.server";
import { queueKeyCreatedAlert } from "./seller-key-mail.server";
import { buyerHandoffView, submitLogin, withdrawLogin } from "./buyer.server";
import { createSellerKey } from "./keys.server";
import { listLoginEvents } from "./records.server";
import { deleteExpiredLogins } from "./retention.server";
import { loginKeyForOrder, revealLogin } from "./seller.server";
import { orderAccessKey } from "../orders/links.server";
import { changeOrderStatus, createOrder, markOrderPaid, type NewOrder } from "../orders/orders.server";
import { recordRefund } from "../orders/refunds.server";
import { TEST_SITE } from "../../../tests/fixtures/site";

const PASSPHRASE = "integration passphrase 1";
const PASSWORD = "Hunter2-Integration-Secret!";
const LOGIN = { username: "SamGameLogin", password: PASSWORD };

const post = (path: string, body: unknown) =>
  new Request(`http://shop.test${path}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

/** A stored order, paid at `paidAt` unless `paid` is false. */
async function placeOrder(db: Db, over: Partial<NewOrder> = {}, options: { paid?: boolean; paidAt?: Date } = {}): Promise<string> {
  const created = await createOrder(db, TEST_SITE, newOrder(over), options.paidAt ?? new Date());
  if (!created.ok) throw new Error(created.code);
  if (options.paid !== false) {
    const paid = await markOrderPaid(
      db,
      TEST_SITE,
      {
        orderId: created.order.id,
        provider: "paypal",
        reference: `CAP-${created.order.id}`,
        amountCents: created.order.totalCents,
        currency: "USD",
        actor: "test",
      },
      options.paidAt ?? new Date(),
    );
    if (!paid.ok) throw new Error(paid.code);
  }
  return created.order.id;
}

/** Every base64 value's 32-byte windows: anything in `values` that could be a raw private key. */
function keyCandidates(values: unknown[]): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (const value of values) {
    if (typeof value !== "string" || !/^[A-Za-z0-9+/]+={0,2}$/.test(value)) continue;
    const bytes = Buffer.from(value, "base64");
    for (let i = 0; i + 32 <= bytes.length; i++) out.push(new Uint8Array(bytes.subarray(i, i + 32)));
  }
  return out;
}

for (const target of testDatabases()) {
  describe(`login handoff on ${target.name}`, () => {
    const route = routeContext(target);
    let key: SellerKeyRecord;
    let keyId: number;

    beforeAll(async () => {
      await sodium.ready;
      key = await makeKeyInBrowser(PASSPHRASE);
      const stored = await createSellerKey(route.db, key, "seller:one@e2e.test", new Date());
      if (!stored.ok) throw new Error(stored.code);
      keyId = stored.value.id;
    });

    const submitVia = (orderId: string, body: Record<string, unknown>, ip = "198.51.100.40") =>
      submitAction(route.args(post("/api/orders/login", { orderId, key: orderAccessKey(TEST_SITE.keys, orderId), ...body }), ip));

    it("never sees the password: not in the request, not in any stored row, and nothing stored opens the box", async () => {
      const orderId = await placeOrder(route.db);
      const ciphertext = await sealLogin(LOGIN, key.publicKey);
      const body = JSON.stringify({ orderId, key: orderAccessKey(TEST_SITE.keys, orderId), keyId, ciphertext });
      expect(body).not.toContain(PASSWORD);
      expect(body).not.toContain(LOGIN.username);

      const answer = await submitAction(
        route.args(
          new Request("http://shop.test/api/orders/login", { method: "POST", headers: { "Content-Type": "application/json" }, body }),
          "198.51.100.41",
        ),
      );
      expect(answer.init?.status).toBe(200);
      expect(answer.data).toMatchObject({ ok: true, done: "submitted", handoff: { login: { state: "received" } } });

      // Everything the server holds about logins and keys, and its outgoing mail.
      const logins = await route.db.select().from(orderLogins);
      const keys = await route.db.select().from(sellerKeys);
      const events = await route.db.select().from(orderLoginEvents);
      const outbox = await route.db.select().from(emailOutbox);
      const held = JSON.stringify({ logins, keys, events, outbox, body, reply: answer.data });
      expect(held).not.toContain(PASSWORD);
      expect(held).not.toContain(LOGIN.username);
      expect(held).not.toContain(Buffer.from(PASSWORD).toString("base64").slice(0, 16));

      // No 32-byte string anywhere in those rows or in the request is the private key.
      const stored = logins.find((row) => row.orderId === orderId)!;
      const candidates = keyCandidates([...keys.flatMap((row) => Object.values(row)), ...logins.flatMap((row) => Object.values(row)), ciphertext]);
      expect(candidates.length).toBeGreaterThan(20);
      const opened = candidates.filter((candidate) => {
        try {
          sodium.crypto_box_seal_open(Buffer.from(stored.ciphertext!, "base64"), Buffer.from(key.publicKey, "base64"), candidate);
          return true;
        } catch {
          return false;
        }
      });
      expect(opened).toEqual([]);
      // …while the seller's passphrase does open it, in the browser's code.
      expect(await revealSealedLogin(stored.ciphertext!, key, PASSPHRASE)).toEqual(LOGIN);
    });

    it("a key made from the console commits with its audit row and the seller's alert mail, or not at all", async () => {
      const next = await makeKeyInBrowser("console passphrase 1");
      const made = await createSellerKey(route.db, next, "seller:one@e2e.test", new Date(), async (tx, id) => {
        await recordSellerAction(tx, { id: null, actor: "seller:one@e2e.test" }, "login_key_created", `login-key:${id}`, null, new Date());
        await queueKeyCreatedAlert(tx, TEST_SITE, "seller:one@e2e.test", id, next.publicKey, new Date());
      });
      expect(made.ok).toBe(true);
      if (!made.ok) return;
      const [alert] = await route.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "seller_login_key_created"));
      expect(alert).toMatchObject({ subject: `New login key pair #${made.value.id} created — Trigger Shop` });
      expect(alert!.text).toContain("seller:one@e2e.test");
      expect(await actionsOn(route.db, `login-key:${made.value.id}`)).toHaveLength(1);
      // A failure inside rolls the key back: the previous key stays active.
      const failing = await makeKeyInBrowser("console passphrase 2");
      await expect(
        createSellerKey(route.db, failing, "seller:one@e2e.test", new Date(), async () => {
          throw new Error("audit down");
        }),
      ).rejects.toThrow("audit down");
      expect((await buyerHandoffView(route.db, await placeOrder(route.db), new Date()))?.key?.publicKey).toBe(next.publicKey);
      // Back to the suite's key for the tests that follow.
      const restored = await createSellerKey(route.db, key, "seller:one@e2e.test", new Date());
      if (restored.ok) keyId = restored.value.id;
    });

    it("refuses a key pair whose private key would be stored in clear or with too few iterations", async () => {
      const clear = Buffer.alloc(32, 1).toString("base64");
      expect(await createSellerKey(route.db, { ...key, privateKey: { ...key.privateKey, ciphertext: clear } }, "seller:x", new Date())).toMatchObject({
        ok: false,
        code: "login_key_invalid",
      });
      expect(await createSellerKey(route.db, { ...key, privateKey: { ...key.privateKey, iterations: 100_000 } }, "seller:x", new Date())).toMatchObject({
        ok: false,
        code: "login_key_invalid",
      });
    });

    it("asks nothing before payment, for a gift or for gifting triggers only; a room alone is asked", async () => {
      const unpaid = await placeOrder(route.db, {}, { paid: false });
      const gift = await placeOrder(route.db, { isGift: true, lines: [{ id: "king-kong-ultra-gift", quantity: 1 }] });
      const giftTriggers = await placeOrder(route.db, { lines: [{ id: "king-kong-ultra-gift", quantity: 1 }] });
      const room = await placeOrder(route.db, { lines: [{ id: "6", quantity: 1 }] });
      const ciphertext = await sealLogin(LOGIN, key.publicKey);
      expect((await submitVia(unpaid, { keyId, ciphertext })).data).toMatchObject({ ok: false, code: "login_not_paid" });
      expect((await submitVia(gift, { keyId, ciphertext })).data).toMatchObject({ ok: false, code: "login_not_needed" });
      expect((await submitVia(giftTriggers, { keyId, ciphertext })).data).toMatchObject({ ok: false, code: "login_not_needed" });
      for (const id of [gift, giftTriggers])
        expect(await buyerHandoffView(route.db, id, new Date())).toMatchObject({ stage: "not_needed", key: null, may: { submit: false } });
      expect(await buyerHandoffView(route.db, room, new Date())).toMatchObject({ stage: "open", may: { submit: true } });
      expect(await route.db.select().from(orderLogins).where(eq(orderLogins.orderId, unpaid))).toEqual([]);
    });

    it("answers a wrong or another order's access key like an unknown order, and refuses text that is no sealed box", async () => {
      const orderId = await placeOrder(route.db);
      const other = await placeOrder(route.db);
      const ciphertext = await sealLogin(LOGIN, key.publicKey);
      const wrong = await submitAction(
        route.args(post("/api/orders/login", { orderId, key: orderAccessKey(TEST_SITE.keys, other), keyId, ciphertext }), "198.51.100.42"),
      );
      expect(wrong.init?.status).toBe(404);
      expect(wrong.data).toEqual({ ok: false, code: "order_not_found", vars: {} });
      const state = await stateAction(route.args(post("/api/orders/login/state", { orderId, key: "nope" }), "198.51.100.42"));
      expect(state.init?.status).toBe(404);
      const plain = await submitVia(orderId, { keyId, ciphertext: Buffer.from(JSON.stringify(LOGIN)).toString("base64") });
      expect(plain.init?.status).toBe(422);
      expect(plain.data).toMatchObject({ ok: false, code: "login_ciphertext_invalid" });
      // The refusal never echoes what was sent.
      expect(JSON.stringify(plain.data)).not.toContain(Buffer.from(JSON.stringify(LOGIN)).toString("base64"));
      expect(await route.db.select().from(orderLogins).where(eq(orderLogins.orderId, orderId))).toEqual([]);
    });

    it("replaces the login until the team starts, then keeps it as it is", async () => {
      const orderId = await placeOrder(route.db);
      expect((await submitVia(orderId, { keyId, ciphertext: await sealLogin(LOGIN, key.publicKey) })).data).toMatchObject({ done: "submitted" });
      const second = await sealLogin({ username: "SamGameLogin", password: "corrected password" }, key.publicKey);
      const replaced = await submitVia(orderId, { keyId, ciphertext: second });
      expect(replaced.data).toMatchObject({ ok: true, done: "replaced", handoff: { login: { state: "received", replacedAt: expect.any(String) } } });
      const [row] = await route.db.select().from(orderLogins).where(eq(orderLogins.orderId, orderId));
      expect(await revealSealedLogin(row!.ciphertext!, key, PASSPHRASE)).toEqual({ username: "SamGameLogin", password: "corrected password" });

      expect(await changeOrderStatus(route.db, TEST_SITE, orderId, "in_progress", "seller:one@e2e.test", null, new Date())).toEqual({ ok: true });
      const late = await submitVia(orderId, { keyId, ciphertext: await sealLogin(LOGIN, key.publicKey) });
      expect(late.init?.status).toBe(409);
      expect(late.data).toMatchObject({ ok: false, code: "login_locked" });
      expect(
        (await withdrawAction(route.args(post("/api/orders/login/withdraw", { orderId, key: orderAccessKey(TEST_SITE.keys, orderId) }), "198.51.100.43"))).data,
      ).toMatchObject({
        ok: false,
        code: "login_locked",
      });
      expect((await listLoginEvents(route.db, orderId)).map((e) => e.kind)).toEqual(["submitted", "replaced"]);
    });

    it("accepts a first login even after the team marked the order in progress", async () => {
      const orderId = await placeOrder(route.db);
      await changeOrderStatus(route.db, TEST_SITE, orderId, "in_progress", "seller:one@e2e.test", null, new Date());
      expect((await submitVia(orderId, { keyId, ciphertext: await sealLogin(LOGIN, key.publicKey) })).data).toMatchObject({ ok: true, done: "submitted" });
    });

    it("withdraws: the ciphertext is deleted at once, the page says so, and a login may be given again", async () => {
      const orderId = await placeOrder(route.db);
      await submitVia(orderId, { keyId, ciphertext: await sealLogin(LOGIN, key.publicKey) });
      const withdrawn = await withdrawAction(
        route.args(post("/api/orders/login/withdraw", { orderId, key: orderAccessKey(TEST_SITE.keys, orderId) }), "198.51.100.44"),
      );
      expect(withdrawn.data).toMatchObject({ ok: true, handoff: { login: { state: "deleted", reason: "withdrawn" }, may: { submit: true, withdraw: false } } });
      const [row] = await route.db.select().from(orderLogins).where(eq(orderLogins.orderId, orderId));
      expect(row).toMatchObject({ ciphertext: null, deletedReason: "withdrawn", deletedAt: expect.any(Date) });
      expect(await withdrawLogin(route.db, orderId, new Date())).toMatchObject({ ok: false, code: "login_missing" });
      expect((await submitVia(orderId, { keyId, ciphertext: await sealLogin(LOGIN, key.publicKey) })).data).toMatchObject({ done: "submitted" });
      expect((await listLoginEvents(route.db, orderId)).map((e) => [e.kind, e.actor])).toEqual([
        ["submitted", "buyer"],
        ["withdrawn", "buyer"],
        ["submitted", "buyer"],
      ]);
    });

    it("deletes the login in the transaction that delivers or refunds the order, and records who", async () => {
      const delivered = await placeOrder(route.db);
      const refunded = await placeOrder(route.db);
      for (const id of [delivered, refunded]) await submitLogin(route.db, id, { keyId, ciphertext: await sealLogin(LOGIN, key.publicKey) }, new Date());
      await changeOrderStatus(route.db, TEST_SITE, delivered, "in_progress", "seller:one@e2e.test", null, new Date());
      await changeOrderStatus(route.db, TEST_SITE, delivered, "delivered", "seller:one@e2e.test", null, new Date());
      const [{ totalCents }] = await route.db.select({ totalCents: orders.totalCents }).from(orders).where(eq(orders.id, refunded));
      const refund = {
        orderId: refunded,
        amountCents: totalCents,
        reference: `RF-${refunded}`,
        cause: "console",
        actor: "seller:one@e2e.test",
        note: null,
      } as const;
      expect(await recordRefund(route.db, TEST_SITE, refund, new Date())).toMatchObject({ ok: true, becameRefunded: true });
      for (const [id, reason] of [
        [delivered, "delivered"],
        [refunded, "refunded"],
      ] as const) {
        const [row] = await route.db.select().from(orderLogins).where(eq(orderLogins.orderId, id));
        expect(row).toMatchObject({ ciphertext: null, deletedReason: reason });
        expect((await listLoginEvents(route.db, id)).at(-1)).toMatchObject({ kind: "deleted", actor: "seller:one@e2e.test", reason });
        expect(await buyerHandoffView(route.db, id, new Date())).toMatchObject({
          stage: "closed",
          login: { state: "deleted", reason },
          may: { submit: false },
        });
        expect(await revealLogin(route.db, id, "seller:one@e2e.test", new Date())).toMatchObject({ ok: false, code: "login_missing" });
        expect(await loginKeyForOrder(route.db, id)).toMatchObject({ ok: false, code: "login_missing" });
      }
    });

    it("hands out the encrypted key first, then records the reveal before handing out the sealed box", async () => {
      const orderId = await placeOrder(route.db);
      await submitLogin(route.db, orderId, { keyId, ciphertext: await sealLogin(LOGIN, key.publicKey) }, new Date());
      const locked = await loginKeyForOrder(route.db, orderId);
      expect(locked).toEqual({ ok: true, value: { id: keyId, publicKey: key.publicKey, privateKey: key.privateKey } });
      // Fetching the key marks nothing on the buyer's side: a wrong passphrase stops there.
      await expect(openPrivateKey(locked.ok ? locked.value : key, "wrong passphrase!")).rejects.toThrow();
      expect((await listLoginEvents(route.db, orderId)).map((e) => e.kind)).toEqual(["submitted"]);

      const revealed = await revealLogin(route.db, orderId, "seller:one@e2e.test", new Date());
      expect(revealed).toEqual({ ok: true, value: { orderId, keyId, ciphertext: expect.any(String) } });
      if (!revealed.ok) return;
      expect((await listLoginEvents(route.db, orderId)).map((e) => [e.kind, e.actor])).toEqual([
        ["submitted", "buyer"],
        ["revealed", "seller:one@e2e.test"],
      ]);
      expect(await revealSealedLogin(revealed.value.ciphertext, key, PASSPHRASE)).toEqual(LOGIN);
      // The buyer sees that the team opened it, not who.
      const view = await buyerHandoffView(route.db, orderId, new Date());
      expect(view?.events.map((e) => e.kind)).toEqual(["submitted", "revealed"]);
      expect(JSON.stringify(view)).not.toContain("seller:");
    });

    it("deletes every login 7 days after payment whatever the status; a rotated-out key is destroyed once nothing needs it", async () => {
      const now = new Date();
      const old = await placeOrder(route.db, {}, { paidAt: new Date(now.getTime() - LOGIN_RETENTION_MS - 60_000) });
      const oldInProgress = await placeOrder(route.db, {}, { paidAt: new Date(now.getTime() - LOGIN_RETENTION_MS - 60_000) });
      const fresh = await placeOrder(route.db, {}, { paidAt: new Date(now.getTime() - LOGIN_RETENTION_MS + 60 * 60_000) });
      // Given while still within the window (the 7 days run out after).
      const earlier = new Date(now.getTime() - LOGIN_RETENTION_MS);
      for (const id of [old, oldInProgress, fresh]) {
        expect(await submitLogin(route.db, id, { keyId, ciphertext: await sealLogin(LOGIN, key.publicKey) }, earlier)).toMatchObject({ ok: true });
      }
      await changeOrderStatus(route.db, TEST_SITE, oldInProgress, "in_progress", "seller:one@e2e.test", null, earlier);
      // The buyer's page already says the window closed, and refuses a late login.
      expect(await buyerHandoffView(route.db, old, now)).toMatchObject({ stage: "closed", may: { submit: false, replace: false, withdraw: false } });

      // A rotation: the old key stays while logins sealed to it remain.
      const next = await makeKeyInBrowser("the next passphrase");
      const rotated = await createSellerKey(route.db, next, "seller:one@e2e.test", new Date());
      expect(rotated.ok).toBe(true);
      // Sealed to the retired key: a send from a page opened before the rotation is refused.
      expect(await submitLogin(route.db, fresh, { keyId, ciphertext: await sealLogin(LOGIN, key.publicKey) }, now)).toMatchObject({
        ok: false,
        code: "login_key_changed",
      });

      expect(await deleteExpiredLogins(route.db, now)).toBeGreaterThanOrEqual(2);
      for (const id of [old, oldInProgress]) {
        const [row] = await route.db.select().from(orderLogins).where(eq(orderLogins.orderId, id));
        expect(row).toMatchObject({ ciphertext: null, deletedReason: "expired" });
        expect((await listLoginEvents(route.db, id)).at(-1)).toMatchObject({ kind: "deleted", actor: "system:retention", reason: "expired" });
      }
      const [kept] = await route.db.select().from(orderLogins).where(eq(orderLogins.orderId, fresh));
      expect(kept?.ciphertext).not.toBeNull();
      // The fresh login (sealed to the old key) still opens: the retired key is kept for it.
      const [retired] = await route.db.select().from(sellerKeys).where(eq(sellerKeys.id, keyId));
      expect(retired).toMatchObject({ retiredAt: expect.any(Date), destroyedAt: null, privateKeyCiphertext: key.privateKey.ciphertext });
      const oldKey = await loginKeyForOrder(route.db, fresh);
      const reveal = await revealLogin(route.db, fresh, "seller:one@e2e.test", new Date());
      expect(oldKey.ok && reveal.ok && (await revealSealedLogin(reveal.value.ciphertext, oldKey.value, PASSPHRASE))).toEqual(LOGIN);

      // Once every login sealed to the retired key is gone, its private key is wiped.
      await route.db.execute(sql`update ${orderLogins} set ciphertext = null, deleted_at = now(), deleted_reason = 'delivered' where key_id = ${keyId}`);
      await deleteExpiredLogins(route.db, now);
      const [destroyed] = await route.db.select().from(sellerKeys).where(eq(sellerKeys.id, keyId));
      expect(destroyed).toMatchObject({ privateKeyCiphertext: null, privateKeyIv: null, privateKeySalt: null, destroyedAt: expect.any(Date) });
      // The new key is the one buyers now seal to.
      const orderId = await placeOrder(route.db);
      expect(await buyerHandoffView(route.db, orderId, new Date())).toMatchObject({
        key: { id: rotated.ok ? rotated.value.id : -1, publicKey: next.publicKey },
      });
      keyId = rotated.ok ? rotated.value.id : keyId;
      key = next;
    });

    it("mails a paid permanent order (a room alone included) a link to the login form, and gift or gifting-trigger orders none", async () => {
      const permanent = await placeOrder(route.db, {
        lines: [
          { id: "2", quantity: 1 },
          { id: "6", quantity: 1 },
        ],
      });
      const room = await placeOrder(route.db, { lines: [{ id: "6", quantity: 1 }] });
      const gift = await placeOrder(route.db, { isGift: true, lines: [{ id: "king-kong-ultra-gift", quantity: 1 }] });
      const giftTriggers = await placeOrder(route.db, { lines: [{ id: "king-kong-ultra-gift", quantity: 1 }] });
      const paidMail = async (orderId: string) => {
        const [mail] = await route.db
          .select()
          .from(emailOutbox)
          .where(sql`${emailOutbox.orderId} = ${orderId} and ${emailOutbox.kind} = 'order_paid'`);
        return mail!;
      };
      const mail = await paidMail(permanent);
      expect(mail.text).toContain("Give your game login");
      expect(mail.text).toContain(`/order/${permanent}?k=${orderAccessKey(TEST_SITE.keys, permanent)}#game-login`);
      expect(mail.html).toContain("#game-login");
      expect((await paidMail(room)).text).toContain(`/order/${room}?k=${orderAccessKey(TEST_SITE.keys, room)}#game-login`);
      for (const id of [gift, giftTriggers]) expect((await paidMail(id)).text).not.toContain("#game-login");
      expect((await paidMail(giftTriggers)).text).toContain("Nothing else is needed from you.");
    });

    it("shows the buyer their order's state through the state endpoint", async () => {
      const orderId = await placeOrder(route.db);
      const answer = await stateAction(route.args(post("/api/orders/login/state", { orderId, key: orderAccessKey(TEST_SITE.keys, orderId) }), "198.51.100.45"));
      expect(answer.init?.status).toBe(200);
      expect(answer.data).toMatchObject({ ok: true, handoff: { stage: "open", login: { state: "none" }, key: { id: keyId }, may: { submit: true } } });
      expect(new Headers(answer.init?.headers).get("Cache-Control")).toBe("private, no-store");
      const [order] = await route.db.select({ paidAt: orders.paidAt }).from(orders).where(eq(orders.id, orderId));
      expect((answer.data as { handoff: { deleteBy: string } }).handoff.deleteBy).toBe(new Date(order!.paidAt!.getTime() + LOGIN_RETENTION_MS).toISOString());
    });
  });
}
