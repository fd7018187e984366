import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { centsToAmountString } from "~/domain/money";
import { blocklist, disputes, emailOutbox, orderEvents, orders, payments, sellerActions } from "../../../db/schema";
import { refundPosition } from "~/domain/refunds";
import { loadDashboard } from "../analytics/dashboard.server";
import { BUYER, newOrder } from "../../../tests/fixtures/orders";
import { seededDatabase, testDatabases } from "../../../tests/setup/databases";
import { fakePayPalConfig, useFakePayPal } from "../../../tests/setup/fake-paypal";
import { addBlock } from "../blocklist/blocklist.server";
import type { Db } from "../platform/db.server";
import { changeOrderStatus, createOrder, findOrder, type NewOrder } from "../orders/orders.server";
import { createPayPalAdapter, type PayPalAdapter } from "../paypal/adapter.server";
import { handlePayPalWebhook } from "../payments/payments.server";
import { applyDisputeAction } from "./actions.server";
import { alertDisputesDue, DISPUTE_DUE_ALERT, DISPUTE_OPEN_ALERT } from "./disputes.server";
import { evidenceFacts } from "./evidence.server";
import { payThroughPayPal, placeOrder } from "../../../tests/fixtures/paid-order";
import { testSite } from "../../../tests/fixtures/site";
import { createSeller, setConsolePrefs } from "../seller-auth/sellers.server";
import { consoleT } from "~/i18n/console.server";

const WEBHOOK_ID = "DISPUTESWEBHOOK";
const fake = useFakePayPal();
const seller = { id: null, actor: "seller:owner@shop.test" };

for (const target of testDatabases()) {
  describe(`PayPal disputes on ${target.name}`, () => {
    const database = seededDatabase(target);
    const db = (): Db => database.db;
    let paypal: PayPalAdapter;
    const site = testSite({ SELLER_EMAIL: "seller@shop.test", SELLER_DISCORD_WEBHOOK: "http://127.0.0.1:9/hook" });
    beforeAll(() => {
      paypal = createPayPalAdapter(fakePayPalConfig(fake()));
    });

    /** An order paid through the fake PayPal (the buyer's PayPal account is the fake's payer). */
    async function paidOrder(over: Partial<NewOrder> = {}) {
      // Each buyer their own: every fake payment has the same payer id, which a test blocks.
      const unique = randomUUID().slice(0, 8);
      const buyer = { ...BUYER, email: `${unique}@example.com`, gameUsername: `G${unique}` };
      const placed = await placeOrder(db(), { buyer, ...over });
      await payThroughPayPal(db(), paypal, fake(), placed.id);
      return (await findOrder(db(), placed.id))!;
    }

    const deliver = (d: { rawBody: string; headers: Record<string, string> }) =>
      handlePayPalWebhook(db(), site, paypal, WEBHOOK_ID, d.headers, d.rawBody, new Date());
    /** PayPal's PAYMENT.CAPTURE.REVERSED for `cents` of the capture (a chargeback takes the money back), signed. */
    function reversalWebhook(captureId: string, cents: number) {
      const rawBody = JSON.stringify({
        id: `WH-${randomUUID()}`,
        event_type: "PAYMENT.CAPTURE.REVERSED",
        resource: {
          id: `REV${randomUUID().slice(0, 8)}`,
          status: "COMPLETED",
          amount: { currency_code: "USD", value: centsToAmountString(cents) },
          links: [{ href: `${fake().url}/v2/payments/captures/${captureId}`, rel: "up" }],
        },
      });
      return { rawBody, headers: fake().webhookHeaders(rawBody, WEBHOOK_ID) };
    }
    const rowsOf = (id: string) => db().select().from(disputes).where(eq(disputes.id, id));
    const refundsOf = (orderId: string) =>
      db()
        .select()
        .from(payments)
        .where(and(eq(payments.orderId, orderId), eq(payments.kind, "refund")));

    it("a dispute webhook creates the dispute once, linked through the capture, and the API read fills its details", async () => {
      const order = await paidOrder();
      const opened = fake().openDispute({ invoiceId: order.id, reason: "MERCHANDISE_OR_SERVICE_NOT_RECEIVED", dueInMs: 9 * 24 * 3_600_000 });
      const created = fake().disputeWebhook(opened.id, "CUSTOMER.DISPUTE.CREATED", WEBHOOK_ID);
      expect(await deliver(created)).toBe("processed");
      expect(await deliver(created)).toBe("duplicate");
      // Another event about the same dispute updates the one row.
      expect(await deliver(fake().disputeWebhook(opened.id, "CUSTOMER.DISPUTE.UPDATED", WEBHOOK_ID))).toBe("processed");

      const rows = await rowsOf(opened.id);
      expect(rows).toHaveLength(1);
      const [row] = rows;
      expect(row).toMatchObject({
        orderId: order.id,
        captureId: opened.captureId,
        reason: "MERCHANDISE_OR_SERVICE_NOT_RECEIVED",
        status: "WAITING_FOR_SELLER_RESPONSE",
        stage: "CHARGEBACK",
        amountCents: order.totalCents,
      });
      // Read from GET /v1/customer/disputes/{id} after each event.
      expect(row.detailsReadAt).not.toBeNull();
      expect(row.sellerResponseDueAt?.toISOString()).toBe(opened.dueDate.toISOString().replace(/\.\d+Z$/, ".000Z"));
      expect(fake().count("dispute")).toBe(2);
      // The seller is alerted once, by mail and Discord.
      const alerts = await db()
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.kind, DISPUTE_OPEN_ALERT), eq(emailOutbox.orderId, order.id)));
      expect(alerts.map((a) => a.channel).sort()).toEqual(["discord", "email"]);
    });

    it("a dispute whose API read fails is kept from the webhook, and read on a later refresh", async () => {
      const order = await paidOrder();
      const opened = fake().openDispute({ invoiceId: order.id });
      fake().failNext("dispute", 5);
      expect(await deliver(fake().disputeWebhook(opened.id, "CUSTOMER.DISPUTE.CREATED", WEBHOOK_ID))).toBe("processed");
      const [row] = await rowsOf(opened.id);
      expect(row.orderId).toBe(order.id);
      expect(row.detailsReadAt).toBeNull();
      expect(await applyDisputeAction({ db: db(), site: site, paypal, seller, now: new Date() }, opened.id, { intent: "refresh" })).toMatchObject({ ok: true });
      expect((await rowsOf(opened.id))[0].detailsReadAt).not.toBeNull();
    });

    it("the evidence packet goes to provide-evidence as the contract's multipart body: input JSON + a PDF", async () => {
      const order = await paidOrder();
      const opened = fake().openDispute({ invoiceId: order.id });
      await deliver(fake().disputeWebhook(opened.id, "CUSTOMER.DISPUTE.CREATED", WEBHOOK_ID));
      const facts = await evidenceFacts(db(), order.id);
      expect(facts).toMatchObject({ orderId: order.id, paypalOrderId: order.paypalOrderId, captureId: opened.captureId, gameUsername: order.gameUsername });

      const notes = `Order ${order.id} delivered to SamGame.`;
      const result = await applyDisputeAction({ db: db(), site: site, paypal, seller, now: new Date() }, opened.id, { intent: "send_evidence", notes });
      expect(result).toMatchObject({ ok: true });
      const sent = fake().requests.find((r) => r.route === "provide-evidence")!;
      expect(sent.parts?.map((p) => [p.name, p.contentType])).toEqual([
        ["input", "application/json"],
        ["evidence-file", "application/pdf"],
      ]);
      const pdf = sent.parts![1];
      expect(sent.parts![0].json).toEqual({ evidences: [{ evidence_type: "PROOF_OF_FULFILLMENT", notes, documents: [{ name: pdf.filename }] }] });
      expect(fake().disputes.get(opened.id)!.status).toBe("UNDER_REVIEW");
      const [row] = await rowsOf(opened.id);
      expect(row).toMatchObject({ evidenceText: notes, status: "UNDER_REVIEW" });
      expect(row.evidenceSentAt).not.toBeNull();
      const audit = await db()
        .select()
        .from(sellerActions)
        .where(eq(sellerActions.target, `dispute:${opened.id}`));
      expect(audit.map((a) => a.action)).toEqual(["dispute_evidence"]);
      // A second send is refused by PayPal (the dispute is under review) and recorded as nothing.
      expect(await applyDisputeAction({ db: db(), site: site, paypal, seller, now: new Date() }, opened.id, { intent: "send_evidence", notes })).toMatchObject({
        ok: false,
        status: 409,
      });
    });

    it("the fake refuses evidence the contract does not allow (a text file, an unknown part)", async () => {
      const order = await paidOrder();
      const opened = fake().openDispute({ invoiceId: order.id });
      const text = { name: "evidence.txt", type: "text/plain", content: new Uint8Array(new TextEncoder().encode("hello").buffer as ArrayBuffer) };
      const result = await paypal.provideEvidence(opened.id, "notes", text);
      expect(result).toMatchObject({ kind: "error", status: 400 });
      const violations = fake().takeViolations();
      expect(violations.some((v) => v.message.includes("not PDF/JPEG/GIF/PNG"))).toBe(true);
      expect(fake().disputes.get(opened.id)!.evidences).toEqual([]);
    });

    it("a dispute resolved against the seller refunds the order once, whatever PayPal repeats", async () => {
      const order = await paidOrder();
      const opened = fake().openDispute({ invoiceId: order.id });
      await deliver(fake().disputeWebhook(opened.id, "CUSTOMER.DISPUTE.CREATED", WEBHOOK_ID));
      fake().resolveDispute(opened.id, "RESOLVED_BUYER_FAVOUR");
      const resolved = fake().disputeWebhook(opened.id, "CUSTOMER.DISPUTE.RESOLVED", WEBHOOK_ID);
      expect(await deliver(resolved)).toBe("processed");
      expect(await deliver(resolved)).toBe("duplicate");
      expect(await deliver(fake().disputeWebhook(opened.id, "CUSTOMER.DISPUTE.RESOLVED", WEBHOOK_ID))).toBe("processed");
      await applyDisputeAction({ db: db(), site: site, paypal, seller, now: new Date() }, opened.id, { intent: "refresh" });
      // PayPal's own reversal of the same money is a repeat, not a second refund.
      expect(await deliver(reversalWebhook(opened.captureId, order.totalCents))).toBe("processed");

      const refunds = await refundsOf(order.id);
      expect(refunds).toHaveLength(1);
      expect(refunds[0]).toMatchObject({ cause: "dispute", amountCents: order.totalCents, providerRef: `dispute-${opened.id}`, status: "COMPLETED" });
      expect((await findOrder(db(), order.id))?.status).toBe("refunded");
      expect((await rowsOf(opened.id))[0]).toMatchObject({ status: "RESOLVED", outcome: "RESOLVED_BUYER_FAVOUR", refundedCents: order.totalCents });
    });

    it("a chargeback reversed at opening and then won records a reinstatement and puts the order back where it was", async () => {
      const order = await paidOrder();
      await changeOrderStatus(db(), site, order.id, "in_progress", "seller:owner@shop.test", null, new Date());
      await changeOrderStatus(db(), site, order.id, "delivered", "seller:owner@shop.test", null, new Date());
      const opened = fake().openDispute({ invoiceId: order.id, stage: "CHARGEBACK" });
      await deliver(fake().disputeWebhook(opened.id, "CUSTOMER.DISPUTE.CREATED", WEBHOOK_ID));
      // PayPal takes the money back when the chargeback opens.
      expect(await deliver(reversalWebhook(opened.captureId, order.totalCents))).toBe("processed");
      expect((await findOrder(db(), order.id))?.status).toBe("refunded");

      const reversedDay = (await loadDashboard(db(), new Date())).sales.day;
      // The seller wins: PayPal gives the money back.
      fake().resolveDispute(opened.id, "RESOLVED_SELLER_FAVOUR");
      const resolved = fake().disputeWebhook(opened.id, "CUSTOMER.DISPUTE.RESOLVED", WEBHOOK_ID);
      expect(await deliver(resolved)).toBe("processed");
      expect(await deliver(fake().disputeWebhook(opened.id, "CUSTOMER.DISPUTE.RESOLVED", WEBHOOK_ID))).toBe("processed");
      await applyDisputeAction({ db: db(), site: site, paypal, seller, now: new Date() }, opened.id, { intent: "refresh" });

      const money = await db().select().from(payments).where(eq(payments.orderId, order.id));
      const reinstated = money.filter((p) => p.kind === "reinstatement");
      expect(reinstated).toHaveLength(1);
      expect(reinstated[0]).toMatchObject({ amountCents: order.totalCents, providerRef: `dispute-won-${opened.id}`, status: "COMPLETED" });
      expect(refundPosition(money)).toMatchObject({ capturedCents: order.totalCents, refundedCents: 0, fullyRefunded: false });
      const back = await findOrder(db(), order.id);
      expect(back?.status).toBe("delivered");
      const history = await db().select().from(orderEvents).where(eq(orderEvents.orderId, order.id)).orderBy(orderEvents.id);
      expect(history.at(-1)).toMatchObject({ fromStatus: "refunded", toStatus: "delivered", actor: "webhook" });
      // The dashboard's sales count the order's money again.
      const wonDay = (await loadDashboard(db(), new Date())).sales.day;
      expect(wonDay.refundedCents).toBe(reversedDay.refundedCents - order.totalCents);
      expect(wonDay.revenueCents).toBe(reversedDay.revenueCents + order.totalCents);
    });

    it("a won dispute whose money was never taken (an inquiry) records nothing", async () => {
      const order = await paidOrder();
      const opened = fake().openDispute({ invoiceId: order.id, stage: "INQUIRY" });
      await deliver(fake().disputeWebhook(opened.id, "CUSTOMER.DISPUTE.CREATED", WEBHOOK_ID));
      fake().resolveDispute(opened.id, "RESOLVED_SELLER_FAVOUR");
      expect(await deliver(fake().disputeWebhook(opened.id, "CUSTOMER.DISPUTE.RESOLVED", WEBHOOK_ID))).toBe("processed");
      const money = await db().select().from(payments).where(eq(payments.orderId, order.id));
      expect(money.filter((p) => p.kind !== "capture" && p.kind !== "attempt")).toEqual([]);
      expect((await findOrder(db(), order.id))?.status).toBe("paid");
    });

    it("accepting the claim resolves the dispute at PayPal and records the refund once", async () => {
      const order = await paidOrder();
      const opened = fake().openDispute({ invoiceId: order.id });
      await deliver(fake().disputeWebhook(opened.id, "CUSTOMER.DISPUTE.CREATED", WEBHOOK_ID));
      expect(
        await applyDisputeAction({ db: db(), site: site, paypal, seller, now: new Date() }, opened.id, { intent: "accept_claim", note: "Sorry, refunding." }),
      ).toMatchObject({
        ok: true,
      });
      const accepted = fake().requests.find((r) => r.route === "accept-claim")!;
      expect(accepted.parts?.[0].json).toEqual({ note: "Sorry, refunding.", accept_claim_type: "REFUND" });
      await deliver(fake().disputeWebhook(opened.id, "CUSTOMER.DISPUTE.RESOLVED", WEBHOOK_ID));
      expect(await refundsOf(order.id)).toHaveLength(1);
      // Then the seller blocks the buyer from the lost dispute.
      expect(await applyDisputeAction({ db: db(), site: site, paypal, seller, now: new Date() }, opened.id, { intent: "block_buyer" })).toMatchObject({
        ok: true,
      });
      const blocked = await db()
        .select()
        .from(blocklist)
        .where(eq(blocklist.source, `dispute:${opened.id}`));
      expect(blocked.map((b) => b.kind).sort()).toEqual(["email", "game_username", "payer_id"]);
    });

    it("messages go to send-message during an inquiry only", async () => {
      const order = await paidOrder();
      const inquiry = fake().openDispute({ invoiceId: order.id, stage: "INQUIRY" });
      await deliver(fake().disputeWebhook(inquiry.id, "CUSTOMER.DISPUTE.CREATED", WEBHOOK_ID));
      expect(
        await applyDisputeAction({ db: db(), site: site, paypal, seller, now: new Date() }, inquiry.id, {
          intent: "send_message",
          message: "Delivered at 14:02 to SamGame.",
        }),
      ).toMatchObject({
        ok: true,
      });
      expect(
        fake()
          .disputes.get(inquiry.id)!
          .messages.map((m) => m.content),
      ).toEqual(["Delivered at 14:02 to SamGame."]);
    });

    it("alerts the seller once when an answer is due within two days", async () => {
      const order = await paidOrder();
      const opened = fake().openDispute({ invoiceId: order.id, dueInMs: 30 * 3_600_000 });
      await deliver(fake().disputeWebhook(opened.id, "CUSTOMER.DISPUTE.CREATED", WEBHOOK_ID));
      await alertDisputesDue(db(), site, new Date());
      await alertDisputesDue(db(), site, new Date());
      const due = await db()
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.kind, DISPUTE_DUE_ALERT), eq(emailOutbox.orderId, order.id)));
      expect(due.map((a) => a.channel).sort()).toEqual(["discord", "email"]);
    });

    it("a blocked email, game username or PayPal payer cannot order, and nothing reaches PayPal", async () => {
      const before = fake().requests.length;
      const tryOrder = (email: string, game: string) =>
        createOrder(db(), site, newOrder({ buyer: { ...BUYER, email: email, gameUsername: game } }), new Date());
      await addBlock(db(), seller, { kind: "email", value: "  Blocked@Example.com " }, new Date());
      expect(await tryOrder("blocked@example.com", "FreshGame")).toEqual({ ok: false, code: "order_refused", vars: {} });
      await addBlock(db(), seller, { kind: "game_username", value: "BadGame" }, new Date());
      expect(await tryOrder("new@example.com", "badgame")).toEqual({ ok: false, code: "order_refused", vars: {} });
      await addBlock(db(), seller, { kind: "client", value: "client-hash-1" }, new Date());
      expect(
        await createOrder(db(), site, newOrder({ buyer: { ...BUYER, email: "c@example.com", gameUsername: "CGame" }, clientKey: "client-hash-1" }), new Date()),
      ).toMatchObject({
        ok: false,
      });
      expect(fake().requests.length).toBe(before);

      // A payer id is known from a payment: blocking it blocks the emails and game usernames it paid for.
      const paid = await paidOrder({ buyer: { ...BUYER, email: "payer@example.com", gameUsername: "PayerGame" } });
      expect(paid.payerId).toBe("QYR5Z8XDVJNXQ");
      await addBlock(db(), seller, { kind: "payer_id", value: paid.payerId! }, new Date());
      expect(await tryOrder("payer@example.com", "OtherGame")).toEqual({ ok: false, code: "order_refused", vars: {} });
      expect(await tryOrder("other@example.com", "PayerGame")).toEqual({ ok: false, code: "order_refused", vars: {} });
      expect((await tryOrder("someone-else@example.com", "SomeoneGame")).ok).toBe(true);
      const unchanged = await db().select().from(orders).where(eq(orders.email, "blocked@example.com"));
      expect(unchanged).toEqual([]);
    });

    // Last in this file: it makes the seller address a French account (docs/decisions/055).
    it("mails the dispute alert in the seller account's language and replies in the acting seller's; Discord stays English", async () => {
      const alertsOf = async (orderId: string) =>
        db()
          .select()
          .from(emailOutbox)
          .where(and(eq(emailOutbox.kind, DISPUTE_OPEN_ALERT), eq(emailOutbox.orderId, orderId)));
      const openOn = async (orderId: string) => {
        const opened = fake().openDispute({ invoiceId: orderId, reason: "MERCHANDISE_OR_SERVICE_NOT_RECEIVED", dueInMs: 9 * 24 * 3_600_000 });
        await deliver(fake().disputeWebhook(opened.id, "CUSTOMER.DISPUTE.CREATED", WEBHOOK_ID));
        return opened.id;
      };
      // No account at the seller address yet: English, word for word.
      const before = await paidOrder();
      await openOn(before.id);
      const english = (await alertsOf(before.id)).find((a) => a.channel === "email")!;
      expect(english).toMatchObject({ lang: "en", subject: `A PayPal dispute was opened — ${before.id}` });
      expect(english.text).toContain("Answer due");
      expect(english.text).toContain("Open the dispute");

      const created = await createSeller(db(), "seller@shop.test", "a long seller password", new Date(), "owner");
      if (!created.ok) throw new Error("the seller exists already");
      await setConsolePrefs(db(), created.seller.id, { lang: "fr", timeZone: "Europe/Paris" });
      const order = await paidOrder();
      const disputeId = await openOn(order.id);
      const alerts = await alertsOf(order.id);
      const mail = alerts.find((a) => a.channel === "email")!;
      expect(mail).toMatchObject({ lang: "fr", subject: `Un litige PayPal a été ouvert — ${order.id}` });
      expect(mail.text).toContain("Réponse attendue avant");
      expect(mail.text).toContain("Non reçu");
      expect(mail.text).toContain("Ouvrir le litige");
      expect(mail.text).not.toContain("Answer due");
      const discord = alerts.find((a) => a.channel === "discord")!;
      expect(JSON.stringify(discord)).toContain("A PayPal dispute was opened");

      // The console's reply follows the acting seller's language, not the alert address's.
      fake().failNext("send-message", 1, { status: 422 });
      const answer = await applyDisputeAction({ db: db(), site, paypal, seller, now: new Date(), t: consoleT("fr") }, disputeId, {
        intent: "send_message",
        message: "Livré à 14 h 02.",
      });
      expect(answer).toMatchObject({ ok: false, message: expect.stringMatching(/^PayPal a refusé le message : /) });
      expect(
        await applyDisputeAction({ db: db(), site, paypal, seller, now: new Date(), t: consoleT("fr") }, "NO-SUCH-DISPUTE", { intent: "refresh" }),
      ).toEqual({
        ok: false,
        status: 404,
        message: "Ce litige n'existe pas.",
      });
      expect(await applyDisputeAction({ db: db(), site, paypal, seller, now: new Date() }, "NO-SUCH-DISPUTE", { intent: "refresh" })).toEqual({
        ok: false,
        status: 404,
        message: "No such dispute.",
      });
    });
  });
}
