import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { SellerReportAction } from "~/domain/problem-reports";
import { emailOutbox, orderDeliveries, orderEvents, orders, payments, problemReportEntries, problemReports, sellerActions } from "../../../db/schema";
import { BUYER as FIXTURE_BUYER, newOrder, PAYMENT_DETAILS } from "../../../tests/fixtures/orders";
import { seededDatabase, testDatabases } from "../../../tests/setup/databases";
import { fakePayPalConfig, useFakePayPal } from "../../../tests/setup/fake-paypal";
import { applyOrderAction } from "../orders/console-actions.server";
import type { Db } from "../platform/db.server";
import { changeOrderStatus, createOrder, findOrder, type NewOrder } from "../orders/orders.server";
import { createPayPalAdapter, type PayPalAdapter } from "../paypal/adapter.server";
import { handlePayPalWebhook } from "../payments/payments.server";
import { centsToAmountString } from "~/domain/money";
import { buyerSignals } from "../blocklist/signals.server";
import { applyReportAction } from "./report-actions.server";
import { addBuyerMessage, buyerReportsView, openProblemReport, openReportsQueue } from "./reports.server";
import { payThroughPayPal, placeOrder } from "../../../tests/fixtures/paid-order";
import { TEST_SITE } from "../../../tests/fixtures/site";

const fake = useFakePayPal();
const WEBHOOK_ID = "8PT597110X687430LKGECATA";
const alice = { id: null, actor: "seller:alice@shop.test" };
const DAY = 24 * 60 * 60_000;
const BUYER = PAYMENT_DETAILS.EMAIL;

for (const target of testDatabases()) {
  describe(`problem reports on ${target.name}`, () => {
    const database = seededDatabase(target);
    let paypal: PayPalAdapter;
    beforeAll(() => {
      paypal = createPayPalAdapter(fakePayPalConfig(fake()));
    });
    const db = (): Db => database.db;
    const act = (reportId: number, action: SellerReportAction, now = new Date()) =>
      applyReportAction({ db: db(), site: TEST_SITE, paypal, seller: alice, now }, reportId, action);

    async function paidThroughPayPal(over: Partial<NewOrder> = {}) {
      const order = await placeOrder(db(), over);
      await payThroughPayPal(db(), paypal, fake(), order.id);
      return order;
    }

    async function delivered(over: Partial<NewOrder> = {}) {
      const order = await paidThroughPayPal(over);
      await changeOrderStatus(db(), TEST_SITE, order.id, "in_progress", alice.actor, null, new Date());
      await changeOrderStatus(db(), TEST_SITE, order.id, "delivered", alice.actor, null, new Date(), {
        delivery: { sellerNote: "First note", deliveryNote: "First record" },
      });
      return order;
    }

    const mails = (orderId: string) => db().select().from(emailOutbox).where(eq(emailOutbox.orderId, orderId)).orderBy(emailOutbox.id);
    const audits = (orderId: string) => db().select().from(sellerActions).where(eq(sellerActions.target, orderId)).orderBy(sellerActions.id);
    const entries = (reportId: number) =>
      db().select().from(problemReportEntries).where(eq(problemReportEntries.reportId, reportId)).orderBy(problemReportEntries.id);

    it("opens a report once paid, mails the seller, and takes the buyer's further messages in the same thread", async () => {
      const order = await delivered();
      const opened = await openProblemReport(db(), TEST_SITE, { orderId: order.id, reason: "not_received", message: "Nothing arrived" }, new Date());
      expect(opened).toMatchObject({ ok: true });
      if (!opened.ok) return;
      expect(await openProblemReport(db(), TEST_SITE, { orderId: order.id, reason: "other", message: "again" }, new Date())).toEqual({
        ok: false,
        code: "report_already_open",
      });
      expect(await addBuyerMessage(db(), TEST_SITE, { orderId: order.id, message: "Still nothing" }, new Date())).toEqual({
        ok: true,
        reportId: opened.reportId,
      });
      expect((await entries(opened.reportId)).map((e) => [e.author, e.kind, e.body])).toEqual([
        ["buyer", "message", "Nothing arrived"],
        ["buyer", "message", "Still nothing"],
      ]);
      expect((await mails(order.id)).filter((m) => m.kind === "seller_report_alert").map((m) => m.replyTo)).toEqual([BUYER, BUYER]);
      expect((await openReportsQueue(db())).map((r) => r.id)).toContain(opened.reportId);
    });

    it("refuses what the rules do not offer, whatever the form sent: warranty on a permanent trigger, anything before payment", async () => {
      const permanent = await delivered();
      expect(await openProblemReport(db(), TEST_SITE, { orderId: permanent.id, reason: "warranty", message: "broken" }, new Date())).toEqual({
        ok: false,
        code: "report_reason_unavailable",
      });
      const unpaid = await createOrder(db(), TEST_SITE, newOrder(), new Date());
      if (!unpaid.ok) throw new Error(unpaid.code);
      expect(await openProblemReport(db(), TEST_SITE, { orderId: unpaid.order.id, reason: "other", message: "hi" }, new Date())).toEqual({
        ok: false,
        code: "report_reason_unavailable",
      });
      expect((await buyerReportsView(db(), unpaid.order.id, new Date()))?.reasons).toEqual([]);
      expect(await addBuyerMessage(db(), TEST_SITE, { orderId: permanent.id, message: "hi" }, new Date())).toEqual({ ok: false, code: "report_not_open" });
    });

    it("offers the warranty on a gifting trigger for 30 days after delivery, and refuses it after", async () => {
      const gift = await delivered({ isGift: true, lines: [{ id: "king-kong-ultra-gift", quantity: 1 }] });
      const [row] = await db().select().from(orders).where(eq(orders.id, gift.id));
      const deliveredAt = row.deliveredAt!;
      expect((await buyerReportsView(db(), gift.id, new Date(deliveredAt.getTime() + 29 * DAY)))?.reasons).toContain("warranty");
      const late = new Date(deliveredAt.getTime() + 31 * DAY);
      expect((await buyerReportsView(db(), gift.id, late))?.reasons).not.toContain("warranty");
      expect(await openProblemReport(db(), TEST_SITE, { orderId: gift.id, reason: "warranty", message: "stopped" }, late)).toEqual({
        ok: false,
        code: "report_reason_unavailable",
      });
      expect(
        await openProblemReport(db(), TEST_SITE, { orderId: gift.id, reason: "warranty", message: "stopped" }, new Date(deliveredAt.getTime() + DAY)),
      ).toMatchObject({
        ok: true,
      });
    });

    it("answers and re-delivers: a new delivery row and history row, the first delivery untouched, the buyer mailed in their language", async () => {
      const order = await delivered({ lang: "fr" });
      const opened = await openProblemReport(db(), TEST_SITE, { orderId: order.id, reason: "not_received", message: "Rien reçu" }, new Date());
      if (!opened.ok) throw new Error(opened.code);
      const queued = async () => (await openReportsQueue(db())).find((r) => r.id === opened.reportId);
      expect((await queued())?.waitingSince).toBeInstanceOf(Date);
      expect(await act(opened.reportId, { intent: "answer", message: "We are checking" })).toMatchObject({ ok: true });
      // Answered: still open, now waiting on the buyer (out of the nav's badge count).
      expect((await queued())?.waitingSince).toBeNull();
      expect(
        await act(opened.reportId, { intent: "redeliver", publicNote: "Sent again to SamGame", privateNote: "Gifted at 10:00 to SamGame", close: "on" }),
      ).toMatchObject({
        ok: true,
      });
      const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
      expect(row).toMatchObject({ status: "delivered", sellerNote: "First note", deliveryNote: "First record" });
      expect(await db().select().from(orderDeliveries).where(eq(orderDeliveries.orderId, order.id))).toMatchObject([
        { reportId: opened.reportId, publicNote: "Sent again to SamGame", privateNote: "Gifted at 10:00 to SamGame", actor: alice.actor },
      ]);
      const history = await db().select().from(orderEvents).where(eq(orderEvents.orderId, order.id)).orderBy(orderEvents.id);
      expect(history.at(-1)).toMatchObject({ fromStatus: "delivered", toStatus: "delivered", note: expect.stringContaining("re-delivered") });
      const [report] = await db().select().from(problemReports).where(eq(problemReports.id, opened.reportId));
      expect(report.status).toBe("closed");
      const buyerMails = (await mails(order.id)).filter((m) => m.kind.startsWith("report_"));
      expect(buyerMails.map((m) => [m.kind, m.lang, m.to])).toEqual([
        ["report_message", "fr", BUYER],
        ["report_redelivery", "fr", BUYER],
      ]);
      expect(buyerMails[1].subject).toContain("livrée à nouveau");
      expect((await audits(order.id)).filter((a) => a.action.startsWith("report_")).map((a) => a.action)).toEqual(["report_answered", "report_redelivered"]);
      // Closed: nothing more is taken on it.
      expect(await act(opened.reportId, { intent: "close", reason: "done" })).toMatchObject({ ok: false, status: 409 });
    });

    it("refunds a delivered PayPal order once through the fake PayPal and recordRefund, cause problem_report; the order becomes refunded", async () => {
      const order = await delivered();
      const opened = await openProblemReport(db(), TEST_SITE, { orderId: order.id, reason: "wrong_item", message: "Wrong trigger" }, new Date());
      if (!opened.ok) throw new Error(opened.code);
      const form = { intent: "refund", amount: "", reference: "", reason: "Sorry for the mix-up", requestKey: randomUUID() } as const;
      expect(await act(opened.reportId, form)).toMatchObject({ ok: true, message: expect.stringContaining("the order is refunded") });
      expect(await act(opened.reportId, form)).toMatchObject({ ok: false, status: 409 });
      const refunds = await db()
        .select()
        .from(payments)
        .where(and(eq(payments.orderId, order.id), eq(payments.kind, "refund")));
      expect(refunds.map((r) => [r.amountCents, r.cause, r.provider, r.status])).toEqual([[order.totalCents, "problem_report", "paypal", "COMPLETED"]]);
      const refundCalls = () => fake().requests.filter((r) => r.route === "refund");
      // One refund reached PayPal: the second submit was refused before it (the report is closed).
      expect(refundCalls()).toHaveLength(1);
      expect((await findOrder(db(), order.id))?.status).toBe("refunded");
      expect((await entries(opened.reportId)).at(-1)).toMatchObject({
        author: "seller",
        kind: "refund",
        body: expect.stringContaining("Sorry for the mix-up"),
      });
      expect((await mails(order.id)).filter((m) => m.kind === "order_refunded")).toHaveLength(1);
      expect((await audits(order.id)).filter((a) => a.action === "report_refunded")).toHaveLength(1);
      // PayPal's webhook about the same refund is a repeat: still one refund row, one mail.
      const [refundRow] = refunds;
      const capture = await db()
        .select()
        .from(payments)
        .where(and(eq(payments.orderId, order.id), eq(payments.kind, "capture")));
      const rawBody = JSON.stringify({
        id: `WH-${randomUUID()}`,
        event_type: "PAYMENT.CAPTURE.REFUNDED",
        resource_type: "refund",
        create_time: "2026-11-25T10:00:00Z",
        resource: {
          id: refundRow.providerRef,
          status: "COMPLETED",
          amount: { currency_code: "USD", value: centsToAmountString(order.totalCents) },
          links: [{ href: `https://api.paypal.com/v2/payments/captures/${capture[0].providerRef}`, rel: "up", method: "GET" }],
        },
      });
      expect(await handlePayPalWebhook(db(), TEST_SITE, paypal, WEBHOOK_ID, fake().webhookHeaders(rawBody, WEBHOOK_ID), rawBody, new Date())).toBe("processed");
      expect(
        await db()
          .select()
          .from(payments)
          .where(and(eq(payments.orderId, order.id), eq(payments.kind, "refund"))),
      ).toEqual([refundRow]);
      expect((await mails(order.id)).filter((m) => m.kind === "order_refunded")).toHaveLength(1);
      // The console's own refund has nothing left to refund.
      expect(
        await applyOrderAction({ db: db(), site: TEST_SITE, paypal, seller: alice, now: new Date() }, order.id, {
          intent: "refund",
          amount: "",
          reason: "",
          requestKey: randomUUID(),
        }),
      ).toMatchObject({
        ok: false,
      });
    });

    it("records a refund made by hand with the seller's reference", async () => {
      const created = await createOrder(db(), TEST_SITE, newOrder({ channel: "manual" }), new Date());
      if (!created.ok) throw new Error(created.code);
      const order = created.order;
      await applyOrderAction({ db: db(), site: TEST_SITE, paypal, seller: alice, now: new Date() }, order.id, {
        intent: "mark_paid",
        method: "cash_app",
        reference: `PAY-${order.id}`,
      });
      const opened = await openProblemReport(db(), TEST_SITE, { orderId: order.id, reason: "charged_twice", message: "Twice!" }, new Date());
      if (!opened.ok) throw new Error(opened.code);
      const form = { intent: "refund", amount: "5.00", reference: "", reason: "Second charge", requestKey: randomUUID() } as const;
      expect(await act(opened.reportId, form)).toMatchObject({ ok: false, status: 422 });
      expect(await act(opened.reportId, { ...form, reference: `CASH-BACK-${order.id}` })).toMatchObject({ ok: true });
      const refunds = await db()
        .select()
        .from(payments)
        .where(and(eq(payments.orderId, order.id), eq(payments.kind, "refund")));
      expect(refunds.map((r) => [r.amountCents, r.cause])).toEqual([[500, "problem_report"]]);
      expect((await findOrder(db(), order.id))?.status).toBe("paid");
      expect((await mails(order.id)).filter((m) => m.kind === "order_partially_refunded")).toHaveLength(1);
    });

    it("closes with a reason the buyer reads on the page and by mail, with one audit row", async () => {
      const order = await delivered({ lang: "es" });
      const opened = await openProblemReport(db(), TEST_SITE, { orderId: order.id, reason: "other", message: "¿Hola?" }, new Date());
      if (!opened.ok) throw new Error(opened.code);
      expect(await act(opened.reportId, { intent: "close", reason: "Resuelto por Discord" })).toMatchObject({ ok: true });
      const view = await buyerReportsView(db(), order.id, new Date());
      expect(view?.reports[0]).toMatchObject({
        status: "closed",
        entries: [{ author: "buyer" }, { author: "seller", kind: "closed", body: "Resuelto por Discord" }],
      });
      expect((await mails(order.id)).filter((m) => m.kind === "report_closed").map((m) => m.lang)).toEqual(["es"]);
      expect((await audits(order.id)).filter((a) => a.action === "report_closed")).toHaveLength(1);
      // A new problem may be reported once the last is closed.
      expect(await openProblemReport(db(), TEST_SITE, { orderId: order.id, reason: "other", message: "Otra cosa" }, new Date())).toMatchObject({ ok: true });
    });

    it("the order page's signals name the same buyer's other orders and the problems reported on them", async () => {
      const email = `${randomUUID().slice(0, 8)}@example.com`;
      const first = await paidThroughPayPal({ buyer: { ...FIXTURE_BUYER, email } });
      const opened = await openProblemReport(db(), TEST_SITE, { orderId: first.id, reason: "charged_twice", message: "Two charges on my card" }, new Date());
      expect(opened).toMatchObject({ ok: true });
      const second = await paidThroughPayPal({ buyer: { ...FIXTURE_BUYER, email: email.toUpperCase(), gameUsername: "SomeoneElse" } });
      const [row] = await db().select().from(orders).where(eq(orders.id, second.id));
      const signals = await buyerSignals(db(), row!);
      // Matched by email whatever its case (the fake PayPal's one payer matches too).
      expect(signals.orders.find((o) => o.id === first.id)?.matched).toContain("email");
      expect(signals.reports).toContainEqual(expect.objectContaining({ orderId: first.id, reason: "charged_twice", status: "open" }));
      // Only reports on the orders the card lists (earlier tests' orders share the fake's one payer).
      const listed = new Set(signals.orders.map((o) => o.id));
      expect(signals.reports.every((r) => listed.has(r.orderId))).toBe(true);
    });
  });
}
