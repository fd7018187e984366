import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { centsToAmountString } from "~/domain/money";
import { orderEvents, orders, paymentEvents, payments } from "../../../db/schema";
import { newOrder } from "../../../tests/fixtures/orders";
import { seededDatabase, testDatabases } from "../../../tests/setup/databases";
import { fakePayPalConfig, useFakePayPal } from "../../../tests/setup/fake-paypal";
import type { Db } from "../platform/db.server";
import { createOrder, findOrder, type NewOrder } from "../orders/orders.server";
import { createPayPalAdapter, type PayPalAdapter } from "../paypal/adapter.server";
import { ATTEMPT, capturePayPalPayment, handlePayPalWebhook, reconcilePayPalOrders, startPayPalPayment, sweepPayments } from "./payments.server";
import { TEST_SITE } from "../../../tests/fixtures/site";

const WEBHOOK_ID = "8PT597110X687430LKGECATA";
const fake = useFakePayPal();
/** The sweep leaves orders touched in the last minute to their browser: look from a little later. */
const later = () => new Date(Date.now() + 5 * 60_000);

for (const target of testDatabases()) {
  describe(`PayPal payments on ${target.name}`, () => {
    const database = seededDatabase(target);
    let paypal: PayPalAdapter;
    beforeAll(() => {
      paypal = createPayPalAdapter(fakePayPalConfig(fake()));
    });

    const db = (): Db => database.db;

    async function place(over: Partial<NewOrder> = {}, at = new Date()) {
      const created = await createOrder(db(), TEST_SITE, newOrder(over), at);
      if (!created.ok) throw new Error(created.code);
      return created.order;
    }

    /** An order the buyer has approved in PayPal's window. */
    async function approved(over: Partial<NewOrder> = {}) {
      const order = await place(over);
      const started = await startPayPalPayment(db(), paypal, order.id, new Date());
      if (!started.ok) throw new Error(started.code);
      fake().approve(started.paypalOrderId, "Robin");
      return { order, paypalOrderId: started.paypalOrderId };
    }

    const status = async (id: string) => (await findOrder(db(), id))?.status;
    const rows = (orderId: string, kind: "attempt" | "capture" | "refund") =>
      db()
        .select()
        .from(payments)
        .where(and(eq(payments.orderId, orderId), eq(payments.kind, kind)));
    const paidEvents = async (orderId: string) =>
      (await db().select().from(orderEvents).where(eq(orderEvents.orderId, orderId))).filter((e) => e.toStatus === "paid");

    /** A delivery as PayPal would sign it; `resource` is a capture or a refund. */
    function delivery(eventType: string, resource: Record<string, unknown>) {
      const rawBody = JSON.stringify({
        id: `WH-${randomUUID()}`,
        event_type: eventType,
        resource_type: "capture",
        create_time: "2026-11-22T14:20:00Z",
        resource,
      });
      return { rawBody, headers: fake().webhookHeaders(rawBody, WEBHOOK_ID) };
    }
    const captureResource = (orderId: string, captureId: string, cents: number, status = "COMPLETED") => ({
      id: captureId,
      status,
      invoice_id: orderId,
      custom_id: orderId,
      amount: { currency_code: "USD", value: centsToAmountString(cents) },
    });
    const deliver = (d: { rawBody: string; headers: Record<string, string> }) =>
      handlePayPalWebhook(db(), TEST_SITE, paypal, WEBHOOK_ID, d.headers, d.rawBody, new Date());

    it("creates the PayPal order from the stored order once, and reuses it", async () => {
      const order = await place({ lines: [{ id: "2", quantity: 3 }] });
      const [first, second] = await Promise.all([
        startPayPalPayment(db(), paypal, order.id, new Date()),
        startPayPalPayment(db(), paypal, order.id, new Date()),
      ]);
      expect(first).toEqual(second);
      if (!first.ok) throw new Error(first.code);
      expect(await startPayPalPayment(db(), paypal, order.id, new Date())).toEqual(first);
      expect(fake().orders.size).toBe(1);
      const sent = fake().orders.get(first.paypalOrderId)!.request.purchase_units[0];
      expect(sent.amount.value).toBe(centsToAmountString(order.totalCents));
      expect(sent.invoice_id).toBe(order.id);
      expect((await findOrder(db(), order.id))?.paypalOrderId).toBe(first.paypalOrderId);
      expect((await rows(order.id, "attempt")).map((r) => [r.status, r.amountCents])).toEqual([[ATTEMPT.created, order.totalCents]]);
    });

    it("refuses to start PayPal for a manual, unknown or cancelled order", async () => {
      const manual = await place({ channel: "manual" });
      expect(await startPayPalPayment(db(), paypal, manual.id, new Date())).toEqual({ ok: false, code: "order_not_payable" });
      expect(await startPayPalPayment(db(), paypal, "ORD000000000000-NONE", new Date())).toEqual({ ok: false, code: "order_not_found" });
      expect(fake().count("create")).toBe(0);
    });

    it("marks an order paid once when two captures race, with the payer's name", async () => {
      const { order, paypalOrderId } = await approved({ isGift: true });
      const results = await Promise.all([
        capturePayPalPayment(db(), TEST_SITE, paypal, order.id, paypalOrderId, "capture", new Date()),
        capturePayPalPayment(db(), TEST_SITE, paypal, order.id, paypalOrderId, "capture", new Date()),
      ]);
      // The order asked to be a gift, but its item is a permanent trigger: the server ignores the wish (ADR 042).
      for (const result of results) expect(result).toEqual({ status: "paid", givenName: "Robin", orderId: order.id, isGift: false, needsLogin: true });
      expect(await status(order.id)).toBe("paid");
      expect(await rows(order.id, "capture")).toHaveLength(1);
      expect(await paidEvents(order.id)).toHaveLength(1);
      // A late repeat (another tab) is answered from our database.
      expect(await capturePayPalPayment(db(), TEST_SITE, paypal, order.id, paypalOrderId, "capture", new Date())).toMatchObject({
        status: "paid",
        orderId: order.id,
      });
    });

    it("refuses a capture for another PayPal order than the one stored", async () => {
      const { order } = await approved();
      const other = await approved();
      expect(await capturePayPalPayment(db(), TEST_SITE, paypal, order.id, other.paypalOrderId, "capture", new Date())).toEqual({
        status: "error",
        code: "request_invalid",
      });
      expect(fake().count("capture")).toBe(0);
      expect(await status(order.id)).toBe("awaiting_payment");
    });

    it("answers declined, then captures the buyer's second try under the next request id", async () => {
      const { order, paypalOrderId } = await approved();
      fake().setCaptureOutcome("declined");
      expect(await capturePayPalPayment(db(), TEST_SITE, paypal, order.id, paypalOrderId, "capture", new Date())).toEqual({ status: "declined" });
      expect(await status(order.id)).toBe("awaiting_payment");
      fake().setCaptureOutcome("completed");
      expect(await capturePayPalPayment(db(), TEST_SITE, paypal, order.id, paypalOrderId, "capture", new Date())).toMatchObject({ status: "paid" });
      const ids = fake()
        .requests.filter((r) => r.route === "capture")
        .map((r) => r.requestId);
      expect(ids).toEqual([`${order.id}-capture-1`, `${order.id}-capture-2`]);
    });

    it("does not retry a declined capture from the sweep: only the buyer can go on", async () => {
      const { order, paypalOrderId } = await approved();
      fake().setCaptureOutcome("declined");
      expect(await capturePayPalPayment(db(), TEST_SITE, paypal, order.id, paypalOrderId, "capture", new Date())).toEqual({ status: "declined" });
      fake().setCaptureOutcome("completed");
      await reconcilePayPalOrders(db(), TEST_SITE, paypal, { now: later() });
      expect(fake().count("capture")).toBe(1);
      expect(await status(order.id)).toBe("awaiting_payment");
    });

    it("settles through the sweep a capture whose answer was lost (the server died)", async () => {
      const { order, paypalOrderId } = await approved();
      // PayPal captures, but every answer to us is lost.
      fake().failNext("capture", 3, { afterWork: true });
      expect(await capturePayPalPayment(db(), TEST_SITE, paypal, order.id, paypalOrderId, "capture", new Date())).toEqual({
        status: "error",
        code: "payment_unavailable",
      });
      expect(await status(order.id)).toBe("awaiting_payment");

      expect(await reconcilePayPalOrders(db(), TEST_SITE, paypal, { now: later() })).toMatchObject({ paid: 1, failed: 0 });
      expect(await status(order.id)).toBe("paid");
      expect((await paidEvents(order.id)).map((e) => e.actor)).toEqual(["sweep"]);
      expect(await rows(order.id, "capture")).toHaveLength(1);
    });

    it("captures through the sweep an order approved by a buyer whose browser died", async () => {
      const { order } = await approved();
      const report = await reconcilePayPalOrders(db(), TEST_SITE, paypal, { now: later() });
      expect(report.paid).toBe(1);
      expect(fake().count("capture")).toBe(1);
      expect(await status(order.id)).toBe("paid");
      // The next sweep has nothing left to do.
      expect(await reconcilePayPalOrders(db(), TEST_SITE, paypal, { now: later() })).toMatchObject({ paid: 0, failed: 0 });
      expect(fake().count("capture")).toBe(1);
    });

    it("captures an approved order before the expiry job can cancel it", async () => {
      const placed = new Date(Date.now() - 25 * 3600_000);
      const old = await place({}, placed);
      const started = await startPayPalPayment(db(), paypal, old.id, new Date());
      if (!started.ok) throw new Error(started.code);
      fake().approve(started.paypalOrderId);
      // Its payment, too, started more than 24 h ago.
      await db().update(orders).set({ updatedAt: placed }).where(eq(orders.id, old.id));
      const abandoned = await place({}, placed);

      await sweepPayments(db(), TEST_SITE, paypal, later());
      expect(await status(old.id)).toBe("paid");
      expect(await status(abandoned.id)).toBe("cancelled");
    });

    it("does not expire an old order whose PayPal payment has just started", async () => {
      const old = await place({}, new Date(Date.now() - 25 * 3600_000));
      expect((await startPayPalPayment(db(), paypal, old.id, new Date())).ok).toBe(true);
      await sweepPayments(db(), TEST_SITE, paypal, new Date());
      expect(await status(old.id)).toBe("awaiting_payment");
    });

    it("answers pending, then a PAYMENT.CAPTURE.COMPLETED webhook makes the order paid", async () => {
      const { order, paypalOrderId } = await approved();
      fake().setCaptureOutcome("pending");
      expect(await capturePayPalPayment(db(), TEST_SITE, paypal, order.id, paypalOrderId, "capture", new Date())).toEqual({ status: "pending" });
      expect(await status(order.id)).toBe("awaiting_payment");
      const captureId = fake().orders.get(paypalOrderId)!.capture!.id;
      expect(await deliver(delivery("PAYMENT.CAPTURE.COMPLETED", captureResource(order.id, captureId, order.totalCents)))).toBe("processed");
      expect(await status(order.id)).toBe("paid");
      expect((await paidEvents(order.id)).map((e) => e.actor)).toEqual(["webhook"]);
    });

    it("applies the same webhook delivery once, even when it arrives twice at once", async () => {
      const order = await place();
      const event = delivery("PAYMENT.CAPTURE.COMPLETED", captureResource(order.id, "5O190127TN364715T", order.totalCents));
      const outcomes = await Promise.all([deliver(event), deliver(event)]);
      expect(outcomes.sort()).toEqual(["duplicate", "processed"]);
      expect(await deliver(event)).toBe("duplicate");
      expect(await status(order.id)).toBe("paid");
      expect(await rows(order.id, "capture")).toHaveLength(1);
      expect(await paidEvents(order.id)).toHaveLength(1);
    });

    it("refuses an unverified webhook and stores nothing", async () => {
      const order = await place();
      const genuine = delivery("PAYMENT.CAPTURE.COMPLETED", captureResource(order.id, "8MC585209K746392H", order.totalCents));
      const forged = { ...genuine, rawBody: genuine.rawBody.replace(order.id, `${order.id} `) };
      expect(await deliver(forged)).toBe("unverified");
      expect(await deliver({ rawBody: genuine.rawBody, headers: {} })).toBe("unverified");
      fake().failNext("verify", 3);
      expect(await deliver(genuine)).toBe("unavailable");
      expect(await db().select().from(paymentEvents).where(eq(paymentEvents.orderId, order.id))).toEqual([]);
      expect(await status(order.id)).toBe("awaiting_payment");
    });

    it("keeps a webhook capture for the wrong amount off the order, for the seller to see", async () => {
      const order = await place();
      expect(await deliver(delivery("PAYMENT.CAPTURE.COMPLETED", captureResource(order.id, "2GG279541U471931P", 1)))).toBe("processed");
      expect(await status(order.id)).toBe("awaiting_payment");
      expect((await rows(order.id, "attempt")).map((r) => r.status)).toEqual([ATTEMPT.mismatch]);
    });

    it("records a denied capture and leaves the order unpaid", async () => {
      const order = await place();
      expect(await deliver(delivery("PAYMENT.CAPTURE.DENIED", captureResource(order.id, "7NW873794T343360M", order.totalCents, "DECLINED")))).toBe("processed");
      expect(await status(order.id)).toBe("awaiting_payment");
      const history = await db().select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
      expect(history.at(-1)).toMatchObject({ actor: "webhook", toStatus: "awaiting_payment", note: expect.stringContaining("denied") });
    });

    it("refunds a paid order on a full refund webhook, found by its capture", async () => {
      const { order, paypalOrderId } = await approved();
      await capturePayPalPayment(db(), TEST_SITE, paypal, order.id, paypalOrderId, "capture", new Date());
      const captureId = fake().orders.get(paypalOrderId)!.capture!.id;
      // A refund names our order only through the capture it links up to.
      const refund = {
        id: "1JU08902781691411",
        status: "COMPLETED",
        amount: { currency_code: "USD", value: centsToAmountString(order.totalCents) },
        links: [{ href: `https://api.paypal.com/v2/payments/captures/${captureId}`, rel: "up", method: "GET" }],
      };
      expect(await deliver(delivery("PAYMENT.CAPTURE.REFUNDED", refund))).toBe("processed");
      expect(await status(order.id)).toBe("refunded");
      expect((await rows(order.id, "refund")).map((r) => [r.providerRef, r.amountCents])).toEqual([["1JU08902781691411", order.totalCents]]);
    });

    it("keeps the order paid after a partial refund", async () => {
      const { order, paypalOrderId } = await approved({ lines: [{ id: "2", quantity: 2 }] });
      await capturePayPalPayment(db(), TEST_SITE, paypal, order.id, paypalOrderId, "capture", new Date());
      const refund = { id: "9WX12345AB6789012", status: "COMPLETED", invoice_id: order.id, amount: { currency_code: "USD", value: "1.00" } };
      expect(await deliver(delivery("PAYMENT.CAPTURE.REFUNDED", refund))).toBe("processed");
      expect(await status(order.id)).toBe("paid");
      expect(await rows(order.id, "refund")).toHaveLength(1);
    });

    it("stores events about orders it does not know, without effect", async () => {
      const event = delivery("PAYMENT.CAPTURE.COMPLETED", captureResource("ORD000000000000-NONE", "3C679366HH908993F", 100));
      expect(await deliver(event)).toBe("processed");
      const [stored] = await db().select().from(paymentEvents).where(eq(paymentEvents.resourceId, "3C679366HH908993F"));
      expect(stored).toMatchObject({ orderId: null, type: "PAYMENT.CAPTURE.COMPLETED" });
      expect(await db().select().from(orders).where(eq(orders.id, "ORD000000000000-NONE"))).toEqual([]);
    });
  });
}
