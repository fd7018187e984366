import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { OrderAction } from "~/domain/order-desk";
import { centsToAmountString } from "~/domain/money";
import { emailOutbox, orderEvents, orders, payments, sellerActions } from "../../../db/schema";
import { newOrder } from "../../../tests/fixtures/orders";
import { seededDatabase, testDatabases } from "../../../tests/setup/databases";
import { fakePayPalConfig, useFakePayPal } from "../../../tests/setup/fake-paypal";
import { applyOrderAction } from "./console-actions.server";
import type { Db } from "../platform/db.server";
import { changeOrderStatus, createOrder, findOrder, markOrderPaid, type NewOrder } from "./orders.server";
import { createPayPalAdapter, type PayPalAdapter } from "../paypal/adapter.server";
import { handlePayPalWebhook } from "../payments/payments.server";
import { recordRefund, REFUND_UNAPPLIED, type RefundReceived } from "./refunds.server";
import { payThroughPayPal } from "../../../tests/fixtures/paid-order";
import { TEST_SITE } from "../../../tests/fixtures/site";

const WEBHOOK_ID = "8PT597110X687430LKGECATA";
const fake = useFakePayPal();
const alice = { id: null, actor: "seller:alice@shop.test" };
const bob = { id: null, actor: "seller:bob@shop.test" };

for (const target of testDatabases()) {
  describe(`the one refund path on ${target.name}`, () => {
    const database = seededDatabase(target);
    let paypal: PayPalAdapter;
    beforeAll(() => {
      paypal = createPayPalAdapter(fakePayPalConfig(fake()));
    });
    const db = (): Db => database.db;

    const act = (seller: typeof alice, orderId: string, action: OrderAction) =>
      applyOrderAction({ db: db(), site: TEST_SITE, paypal, seller, now: new Date() }, orderId, action);
    const refundForm = (amount = "", extra: Partial<Extract<OrderAction, { intent: "refund" }>> = {}) =>
      ({ intent: "refund", amount, reason: "", requestKey: randomUUID(), ...extra }) as const;

    async function place(over: Partial<NewOrder> = {}) {
      const created = await createOrder(db(), TEST_SITE, newOrder(over), new Date());
      if (!created.ok) throw new Error(created.code);
      return created.order;
    }

    /** Paid through the fake PayPal as the buyer's browser would; returns the order and PayPal's capture id. */
    async function paidThroughPayPal(over: Partial<NewOrder> = {}) {
      const order = await place(over);
      const { captureId } = await payThroughPayPal(db(), paypal, fake(), order.id);
      return { order, captureId };
    }

    /** A manual order the seller marked paid by hand. */
    async function paidByHand(method: "card" | "crypto" | "cash_app" = "cash_app") {
      const order = await place({ channel: "manual" });
      expect(await act(alice, order.id, { intent: "mark_paid", method, reference: `PAY-${order.id}` })).toMatchObject({ ok: true });
      return order;
    }

    /** PayPal's webhook about a refund of `captureId` (the refund names the capture in its "up" link), signed as PayPal would. */
    function refundWebhook(
      eventType: "PAYMENT.CAPTURE.REFUNDED" | "PAYMENT.CAPTURE.REVERSED",
      refund: { id: string; cents: number; captureId: string; status?: string },
    ) {
      const rawBody = JSON.stringify({
        id: `WH-${randomUUID()}`,
        event_type: eventType,
        resource_type: "refund",
        create_time: "2026-11-25T10:00:00Z",
        resource: {
          id: refund.id,
          status: refund.status ?? "COMPLETED",
          amount: { currency_code: "USD", value: centsToAmountString(refund.cents) },
          links: [{ href: `https://api.paypal.com/v2/payments/captures/${refund.captureId}`, rel: "up", method: "GET" }],
        },
      });
      return { rawBody, headers: fake().webhookHeaders(rawBody, WEBHOOK_ID) };
    }
    const deliver = (d: { rawBody: string; headers: Record<string, string> }) =>
      handlePayPalWebhook(db(), TEST_SITE, paypal, WEBHOOK_ID, d.headers, d.rawBody, new Date());

    const refundRows = (orderId: string) =>
      db()
        .select()
        .from(payments)
        .where(and(eq(payments.orderId, orderId), eq(payments.kind, "refund")))
        .orderBy(payments.id);
    const mails = async (orderId: string) =>
      (await db().select().from(emailOutbox).where(eq(emailOutbox.orderId, orderId)).orderBy(emailOutbox.id)).filter((m) => m.kind.includes("refund"));
    const history = (orderId: string) => db().select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(orderEvents.id);
    const status = async (orderId: string) => (await findOrder(db(), orderId))?.status;
    const refundedBy = (orderId: string, amountCents: number, reference: string, over: Partial<RefundReceived> = {}): RefundReceived => ({
      orderId,
      amountCents,
      reference,
      cause: "console",
      actor: alice.actor,
      note: null,
      ...over,
    });

    it("records a console refund through PayPal once when its own webhook follows", async () => {
      const { order, captureId } = await paidThroughPayPal();
      expect(await act(alice, order.id, refundForm(""))).toMatchObject({ ok: true, message: expect.stringContaining("the order is refunded") });
      const [recorded] = await refundRows(order.id);
      expect(recorded).toMatchObject({ provider: "paypal", status: "COMPLETED", amountCents: order.totalCents, cause: "console" });

      expect(await deliver(refundWebhook("PAYMENT.CAPTURE.REFUNDED", { id: recorded.providerRef, cents: order.totalCents, captureId }))).toBe("processed");
      expect(await refundRows(order.id)).toEqual([recorded]);
      expect(await status(order.id)).toBe("refunded");
      expect((await mails(order.id)).map((m) => m.kind)).toEqual(["order_refunded"]);
      expect((await history(order.id)).filter((e) => e.toStatus === "refunded").map((e) => e.actor)).toEqual([alice.actor]);
      expect(await db().select().from(payments).where(eq(payments.status, REFUND_UNAPPLIED))).toEqual([]);
    });

    it("records a refund webhook once, delivered again or as a second event about the same refund", async () => {
      const { order, captureId } = await paidThroughPayPal({ lines: [{ id: "2", quantity: 2 }] });
      const event = refundWebhook("PAYMENT.CAPTURE.REFUNDED", { id: "5RF12345AB6789012", cents: 1500, captureId });
      expect(await Promise.all([deliver(event), deliver(event)]).then((o) => o.sort())).toEqual(["duplicate", "processed"]);
      // PayPal may also tell about one refund in two events (two ids): the refund id is the key.
      expect(await deliver(refundWebhook("PAYMENT.CAPTURE.REFUNDED", { id: "5RF12345AB6789012", cents: 1500, captureId }))).toBe("processed");
      expect((await refundRows(order.id)).map((r) => [r.providerRef, r.amountCents, r.cause])).toEqual([["5RF12345AB6789012", 1500, "webhook"]]);
      expect(await status(order.id)).toBe("paid");
      expect((await mails(order.id)).map((m) => m.kind)).toEqual(["order_partially_refunded"]);
    });

    it("makes one refund when two sellers refund the whole PayPal payment at once; the other is refused", async () => {
      const { order } = await paidThroughPayPal();
      const results = await Promise.all([act(alice, order.id, refundForm("")), act(bob, order.id, refundForm(""))]);
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.find((r) => !r.ok)).toMatchObject({ ok: false, status: 409 });
      // However the two forms interleave (each has its own request id), PayPal refunded once.
      expect(fake().count("refund")).toBeGreaterThanOrEqual(1);
      const capture = [...fake().orders.values()].find((o) => o.request.purchase_units[0].invoice_id === order.id)!.capture!;
      expect(capture).toMatchObject({ status: "REFUNDED", refundedCents: order.totalCents });
      expect((await refundRows(order.id)).map((r) => r.amountCents)).toEqual([order.totalCents]);
      expect(await status(order.id)).toBe("refunded");
      expect((await mails(order.id)).map((m) => m.kind)).toEqual(["order_refunded"]);
    });

    it("never records more than was paid when two sellers record refunds made by hand at once", async () => {
      const order = await paidByHand();
      const results = await Promise.all([
        act(alice, order.id, refundForm("", { reference: "CASH-BACK-A" })),
        act(bob, order.id, refundForm("", { reference: "CASH-BACK-B" })),
      ]);
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.find((r) => !r.ok)).toMatchObject({ ok: false, status: 409, message: expect.stringMatching(/left to refund|only paid or in-progress/) });
      expect((await refundRows(order.id)).map((r) => r.amountCents)).toEqual([order.totalCents]);

      // The same reference recorded twice at once is one refund too.
      const other = await paidByHand();
      const same = refundForm("5.00", { reference: "CASH-BACK-C" });
      const twice = await Promise.all([act(alice, other.id, same), act(bob, other.id, same)]);
      expect(twice.every((r) => r.ok)).toBe(true);
      expect(twice.map((r) => r.message).filter((m) => m.includes("already recorded"))).toHaveLength(1);
      expect((await refundRows(other.id)).map((r) => [r.providerRef, r.amountCents])).toEqual([["CASH-BACK-C", 500]]);
    });

    it("refunds part, then the rest: the order becomes refunded and the buyer gets a mail for each", async () => {
      const { order, captureId } = await paidThroughPayPal();
      expect(await act(alice, order.id, refundForm("10.00"))).toMatchObject({ ok: true, message: expect.stringContaining("is left") });
      expect(await status(order.id)).toBe("paid");
      // The rest was refunded in PayPal's own dashboard: its webhook completes the refund on the same rule.
      const rest = order.totalCents - 1000;
      expect(await deliver(refundWebhook("PAYMENT.CAPTURE.REFUNDED", { id: "7RF00000AB0000001", cents: rest, captureId }))).toBe("processed");
      expect(await status(order.id)).toBe("refunded");
      const sent = await mails(order.id);
      expect(sent.map((m) => m.kind)).toEqual(["order_partially_refunded", "order_refunded"]);
      expect(sent[0].text).toContain("10.00");
      expect(sent[1].text).toContain(centsToAmountString(order.totalCents));
      expect((await history(order.id)).slice(-2).map((e) => [e.fromStatus, e.toStatus, e.actor])).toEqual([
        ["paid", "paid", alice.actor],
        ["paid", "refunded", "webhook"],
      ]);
      // Nothing is left: any further refund is refused, by the console and by the path itself.
      expect(await act(alice, order.id, refundForm("1.00"))).toMatchObject({ ok: false, status: 409 });
      expect(await recordRefund(db(), TEST_SITE, refundedBy(order.id, 1, "ONE-MORE-CENT"), new Date())).toMatchObject({ ok: false, code: "refund_exceeds" });
    });

    it("makes a pending refund count against what is left, and the order refunded only when PayPal completes it", async () => {
      const { order, captureId } = await paidThroughPayPal();
      const pending = await recordRefund(
        db(),
        TEST_SITE,
        refundedBy(order.id, order.totalCents, "9PENDING0000000R1", { status: "PENDING", provider: "paypal" }),
        new Date(),
      );
      expect(pending).toMatchObject({ ok: true, recorded: "new", becameRefunded: false, position: { refundableCents: 0, pendingCents: order.totalCents } });
      expect(await status(order.id)).toBe("paid");
      expect(await mails(order.id)).toEqual([]);
      expect(await recordRefund(db(), TEST_SITE, refundedBy(order.id, 100, "SOMETHING-ELSE"), new Date())).toMatchObject({ ok: false, code: "refund_exceeds" });

      expect(await deliver(refundWebhook("PAYMENT.CAPTURE.REFUNDED", { id: "9PENDING0000000R1", cents: order.totalCents, captureId }))).toBe("processed");
      expect(await status(order.id)).toBe("refunded");
      expect((await refundRows(order.id)).map((r) => [r.status, r.cause])).toEqual([["COMPLETED", "console"]]);
      expect((await mails(order.id)).map((m) => m.kind)).toEqual(["order_refunded"]);
    });

    it("commits the refund row, the state, the history and the mail together: a failure after the row insert leaves none", async () => {
      const { order } = await paidThroughPayPal();
      const before = await history(order.id);
      // The mail's insert fails (a full disk, a lost connection) after the refund row and the state change are written.
      await db().execute(
        sql.raw(`create or replace function fail_mail() returns trigger language plpgsql as $$ begin raise exception 'outbox unavailable'; end $$`),
      );
      await db().execute(
        sql.raw(`create trigger fail_refund_mail before insert on email_outbox for each row when (new.order_id = '${order.id}') execute function fail_mail()`),
      );
      try {
        await expect(recordRefund(db(), TEST_SITE, refundedBy(order.id, order.totalCents, "CRASH-REFUND-1"), new Date())).rejects.toThrow();
      } finally {
        await db().execute(sql.raw(`drop trigger fail_refund_mail on email_outbox`));
      }
      expect(await refundRows(order.id)).toEqual([]);
      expect(await status(order.id)).toBe("paid");
      expect(await history(order.id)).toEqual(before);

      // The seller's audit row is part of the same transaction: when it fails, nothing is refunded either.
      const failingAudit = async () => {
        throw new Error("audit table unavailable");
      };
      await expect(recordRefund(db(), TEST_SITE, refundedBy(order.id, 1000, "CRASH-REFUND-2"), new Date(), { within: failingAudit })).rejects.toThrow("audit");
      expect(await refundRows(order.id)).toEqual([]);
      expect(await mails(order.id)).toEqual([]);
      expect(await db().select().from(sellerActions).where(eq(sellerActions.target, order.id))).toEqual([]);

      // With the failure gone, the same refund goes through whole.
      expect(await recordRefund(db(), TEST_SITE, refundedBy(order.id, order.totalCents, "CRASH-REFUND-1"), new Date())).toMatchObject({
        ok: true,
        becameRefunded: true,
      });
      expect(await status(order.id)).toBe("refunded");
    });

    it("refuses a payment reference already used on another order under any method, whatever its case", async () => {
      const first = await place({ channel: "manual" });
      expect(await act(alice, first.id, { intent: "mark_paid", method: "crypto", reference: "0xABC123" })).toMatchObject({ ok: true });
      const second = await place({ channel: "manual" });
      expect(await act(alice, second.id, { intent: "mark_paid", method: "money_transfer", reference: "0xabc123" })).toEqual({
        ok: false,
        status: 409,
        message: `Reference 0xabc123 already paid order ${first.id} (Crypto): a reference pays one order, whatever the method.`,
      });
      expect(await status(second.id)).toBe("manual_pending");
      // Nor can a PayPal capture id pay a second order by hand.
      const { captureId } = await paidThroughPayPal();
      expect(await act(alice, second.id, { intent: "mark_paid", method: "paypal", reference: captureId })).toMatchObject({ ok: false, status: 409 });
      const direct = await markOrderPaid(
        db(),
        TEST_SITE,
        {
          orderId: second.id,
          provider: "card",
          reference: "0XABC123",
          amountCents: second.totalCents,
          currency: "USD",
          actor: "test",
        },
        new Date(),
      );
      expect(direct).toMatchObject({ ok: false, code: "payment_reference_used", vars: { order: first.id, provider: "crypto" } });
      expect(await db().select().from(payments).where(eq(payments.orderId, second.id))).toEqual([]);

      // A refund reference, too, belongs to one order.
      const refunded = await paidByHand();
      expect(await act(alice, refunded.id, refundForm("1.00", { reference: "BACK-1" }))).toMatchObject({ ok: true });
      const another = await paidByHand();
      expect(await act(alice, another.id, refundForm("1.00", { reference: "back-1" }))).toEqual({
        ok: false,
        status: 409,
        message: `Refund reference back-1 is already recorded on order ${refunded.id}.`,
      });
    });

    it("records a chargeback on a delivered order and mails the buyer; the order becomes refunded (delivered → refunded, ADR 034)", async () => {
      const { order, captureId } = await paidThroughPayPal();
      await changeOrderStatus(db(), TEST_SITE, order.id, "in_progress", alice.actor, null, new Date());
      await changeOrderStatus(db(), TEST_SITE, order.id, "delivered", alice.actor, null, new Date());
      expect(await deliver(refundWebhook("PAYMENT.CAPTURE.REVERSED", { id: "3RV00000AB0000001", cents: order.totalCents, captureId }))).toBe("processed");
      expect((await refundRows(order.id)).map((r) => [r.amountCents, r.cause])).toEqual([[order.totalCents, "reversal"]]);
      expect(await status(order.id)).toBe("refunded");
      expect((await mails(order.id)).map((m) => m.kind)).toEqual(["order_refunded"]);
      expect((await history(order.id)).at(-1)).toMatchObject({
        fromStatus: "delivered",
        toStatus: "refunded",
        actor: "webhook",
        note: expect.stringContaining("(reversal)"),
      });
    });

    it("keeps money PayPal sent back that the order cannot take, for the seller to see", async () => {
      const { order, captureId } = await paidThroughPayPal();
      expect(await act(alice, order.id, refundForm(""))).toMatchObject({ ok: true });
      // A second refund PayPal reports for an order already refunded in full: our records leave nothing for it.
      expect(await deliver(refundWebhook("PAYMENT.CAPTURE.REFUNDED", { id: "8XTRA000AB0000001", cents: 500, captureId }))).toBe("processed");
      expect((await refundRows(order.id)).map((r) => r.amountCents)).toEqual([order.totalCents]);
      const kept = await db()
        .select()
        .from(payments)
        .where(and(eq(payments.orderId, order.id), eq(payments.status, REFUND_UNAPPLIED)));
      expect(kept.map((r) => [r.kind, r.providerRef, r.amountCents, (r.raw as { refused: string }).refused])).toEqual([
        ["attempt", "8XTRA000AB0000001", 500, "refund_exceeds"],
      ]);
      expect((await mails(order.id)).map((m) => m.kind)).toEqual(["order_refunded"]);
    });

    it("refuses a refund for an unknown order, an order nothing was paid for, without a reference or not in USD", async () => {
      expect(await recordRefund(db(), TEST_SITE, refundedBy("ORD000000000000-NONE", 100, "NOPE-1"), new Date())).toMatchObject({
        ok: false,
        code: "order_not_found",
      });
      const unpaid = await place();
      expect(await recordRefund(db(), TEST_SITE, refundedBy(unpaid.id, 100, "NOPE-2"), new Date())).toMatchObject({ ok: false, code: "refund_no_payment" });
      const { order } = await paidThroughPayPal();
      expect(await recordRefund(db(), TEST_SITE, refundedBy(order.id, 100, "  "), new Date())).toMatchObject({ ok: false, code: "refund_reference_missing" });
      expect(await recordRefund(db(), TEST_SITE, refundedBy(order.id, 100, "EURO-1", { currency: "EUR" }), new Date())).toMatchObject({
        ok: false,
        code: "refund_currency",
      });
      expect(await refundRows(order.id)).toEqual([]);
      expect(await db().select().from(orders).where(eq(orders.id, unpaid.id))).toMatchObject([{ status: "awaiting_payment" }]);
    });
  });
}
