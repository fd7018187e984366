import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { OrderAction } from "~/domain/order-desk";
import { emailOutbox, orderEvents, orders, payments, sellerActions } from "../../../db/schema";
import { newOrder } from "../../../tests/fixtures/orders";
import { seededDatabase, testDatabases } from "../../../tests/setup/databases";
import { fakePayPalConfig, useFakePayPal } from "../../../tests/setup/fake-paypal";
import type { Db } from "../platform/db.server";
import { createOrder, findOrder, type NewOrder } from "./orders.server";
import { createPayPalAdapter, type PayPalAdapter } from "../paypal/adapter.server";
import { applyOrderAction } from "./console-actions.server";
import { exportOrdersCsv, listOrderQueue, orderDetail } from "./desk.server";
import { payThroughPayPal } from "../../../tests/fixtures/paid-order";
import { TEST_SITE } from "../../../tests/fixtures/site";
import { consoleT } from "~/i18n/console.server";

const fake = useFakePayPal();
const seller = { id: null, actor: "seller:desk@shop.test" };

for (const target of testDatabases()) {
  describe(`the seller's order actions on ${target.name}`, () => {
    const database = seededDatabase(target);
    let paypal: PayPalAdapter;
    beforeAll(() => {
      paypal = createPayPalAdapter(fakePayPalConfig(fake()));
    });
    const db = (): Db => database.db;
    const act = (orderId: string, action: OrderAction, now = new Date()) =>
      applyOrderAction({ db: db(), site: TEST_SITE, paypal, seller, now }, orderId, action);
    const refund = (amount = "", extra: Partial<Extract<OrderAction, { intent: "refund" }>> = {}) =>
      ({ intent: "refund", amount, reason: "", requestKey: randomUUID(), ...extra }) as const;

    async function place(over: Partial<NewOrder> = {}) {
      const created = await createOrder(db(), TEST_SITE, newOrder(over), new Date());
      if (!created.ok) throw new Error(created.code);
      return created.order;
    }

    /** An order paid through the fake PayPal, as the buyer's browser would. */
    async function paidThroughPayPal(over: Partial<NewOrder> = {}) {
      const order = await place(over);
      await payThroughPayPal(db(), paypal, fake(), order.id);
      return order;
    }

    const status = async (id: string) => (await findOrder(db(), id))?.status;
    const mails = async (id: string) => (await db().select({ kind: emailOutbox.kind }).from(emailOutbox).where(eq(emailOutbox.orderId, id))).map((m) => m.kind);
    const audit = async (id: string) => (await db().select().from(sellerActions).where(eq(sellerActions.target, id))).map((a) => [a.actor, a.action]);

    it("moves a paid order to in progress, then delivered with both notes, mailing the buyer and auditing each step", async () => {
      const order = await paidThroughPayPal();
      expect(await act(order.id, { intent: "start" })).toMatchObject({ ok: true });
      const delivered = await act(order.id, { intent: "deliver", publicNote: "Enjoy the trigger!", privateNote: "Uploaded to SamGame at 14:02 via login" });
      expect(delivered).toMatchObject({ ok: true });
      const stored = await findOrder(db(), order.id);
      expect(stored).toMatchObject({ status: "delivered", sellerNote: "Enjoy the trigger!", deliveryNote: "Uploaded to SamGame at 14:02 via login" });
      expect(stored?.deliveredAt).toBeInstanceOf(Date);
      const [mail] = await db()
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.orderId, order.id), eq(emailOutbox.kind, "order_delivered")));
      expect(mail.text).toContain("Enjoy the trigger!");
      expect(mail.text).not.toContain("Uploaded to SamGame");
      expect(await audit(order.id)).toEqual([
        [seller.actor, "order_in_progress"],
        [seller.actor, "order_delivered"],
      ]);
      const history = await db().select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
      expect(history.map((e) => [e.toStatus, e.actor])).toEqual([
        ["awaiting_payment", "shopper"],
        ["paid", "capture"],
        ["in_progress", seller.actor],
        ["delivered", seller.actor],
      ]);
    });

    it("replies in the acting seller's language (docs/decisions/055), English word for word by default", async () => {
      const order = await paidThroughPayPal();
      const asFrench = (action: OrderAction) =>
        applyOrderAction({ db: db(), site: TEST_SITE, paypal, seller, now: new Date(), t: consoleT("fr") }, order.id, action);
      expect(await asFrench({ intent: "deliver", publicNote: "", privateNote: "trop tôt" })).toEqual({
        ok: false,
        status: 409,
        message: "Une commande ne peut pas passer de « Payée » à « Livrée ».",
      });
      expect(await asFrench({ intent: "start" })).toEqual({ ok: true, message: "Commande marquée en cours." });
      expect(await asFrench(refund("12,50"))).toEqual({
        ok: false,
        status: 422,
        message: "Saisissez un montant en dollars, par exemple 12.50, ou laissez vide pour le montant total.",
      });
      expect(await act(order.id, { intent: "deliver", publicNote: "", privateNote: "Uploaded to SamGame" })).toEqual({
        ok: true,
        message: "Delivered: the buyer's status page shows it and their email is on its way.",
      });
      expect(await act(order.id, refund("9999"))).toEqual({
        ok: false,
        status: 422,
        message: expect.stringMatching(/^At most \d+\.\d\d USD is left to refund\.$/),
      });
    });

    it("refuses moves the state table does not allow, and records nothing for them", async () => {
      const order = await paidThroughPayPal();
      expect(await act(order.id, { intent: "deliver", publicNote: "", privateNote: "too early" })).toEqual({
        ok: false,
        status: 409,
        message: "An order cannot go from Paid to Delivered.",
      });
      expect(await act(order.id, { intent: "cancel", reason: "" })).toMatchObject({ ok: false, status: 409 });
      expect(await act(order.id, { intent: "mark_paid", method: "card", reference: "X1" })).toMatchObject({ ok: false, status: 409 });
      expect(await act("ORD000000000000-NONE", { intent: "start" })).toMatchObject({ ok: false, status: 404 });
      expect(await status(order.id)).toBe("paid");
      expect(await audit(order.id)).toEqual([]);
    });

    it("marks a manual order paid through markOrderPaid, with the method and reference as its payment row", async () => {
      const order = await place({ channel: "manual" });
      expect(await act(order.id, { intent: "mark_paid", method: "crypto", reference: "0xabc123" })).toMatchObject({ ok: true });
      expect(await status(order.id)).toBe("paid");
      const rows = await db().select().from(payments).where(eq(payments.orderId, order.id));
      expect(rows).toEqual([expect.objectContaining({ kind: "capture", provider: "crypto", providerRef: "0xabc123", amountCents: order.totalCents })]);
      expect(await mails(order.id)).toContain("order_paid");
      expect(await audit(order.id)).toEqual([[seller.actor, "order_marked_paid"]]);
      // The same reference cannot pay a second order.
      const other = await place({ channel: "manual" });
      expect(await act(other.id, { intent: "mark_paid", method: "crypto", reference: "0xabc123" })).toMatchObject({ ok: false, status: 409 });
      expect(await status(other.id)).toBe("manual_pending");
    });

    it("cancels an unpaid order and mails the buyer", async () => {
      const order = await place({ channel: "manual" });
      expect(await act(order.id, { intent: "cancel", reason: "buyer changed their mind" })).toMatchObject({ ok: true });
      expect(await status(order.id)).toBe("cancelled");
      expect(await mails(order.id)).toContain("order_cancelled");
    });

    it("refunds part through PayPal with the form's request id, then the rest, and the order becomes refunded", async () => {
      const order = await paidThroughPayPal();
      const key = randomUUID();
      const partial = refund("10.00", { requestKey: key });
      expect(await act(order.id, partial)).toMatchObject({ ok: true });
      // The same form submitted again is the same refund at PayPal: nothing more goes back.
      expect(await act(order.id, partial)).toMatchObject({ ok: true, message: expect.stringContaining("already recorded") });
      const sent = fake().requests.filter((r) => r.route === "refund");
      expect(sent.map((r) => [r.requestId, r.body])).toEqual([
        [`${order.id}-refund-${key}`, { amount: { currency_code: "USD", value: "10.00" } }],
        [`${order.id}-refund-${key}`, { amount: { currency_code: "USD", value: "10.00" } }],
      ]);
      let detail = await orderDetail(db(), order.id);
      expect(detail?.refundedCents).toBe(1000);
      expect(detail?.order.status).toBe("paid");
      expect((await mails(order.id)).filter((m) => m === "order_partially_refunded")).toHaveLength(1);

      expect(await act(order.id, refund("999.00"))).toMatchObject({ ok: false, status: 422 });
      expect(await act(order.id, refund(""))).toMatchObject({ ok: true });
      detail = await orderDetail(db(), order.id);
      expect(detail?.order.status).toBe("refunded");
      expect(detail?.refundedCents).toBe(order.totalCents);
      expect(detail?.payments.filter((p) => p.kind === "refund").map((p) => [p.provider, p.status, p.amountCents])).toEqual([
        ["paypal", "COMPLETED", 1000],
        ["paypal", "COMPLETED", order.totalCents - 1000],
      ]);
      expect(await mails(order.id)).toContain("order_refunded");
      expect((await audit(order.id)).map(([, a]) => a)).toEqual(["order_partially_refunded", "order_refunded"]);
      // Refunded is final.
      expect(await act(order.id, refund(""))).toMatchObject({ ok: false, status: 409 });
    });

    it("keeps the order and says why when PayPal refuses the refund", async () => {
      const order = await paidThroughPayPal();
      fake().failNext("refund", 3, { status: 500 });
      const result = await act(order.id, refund(""));
      // PayPal's 5xx after the retries may hide a refund it made: the seller is told to check, not "nothing happened".
      expect(result).toMatchObject({ ok: false, status: 502, message: expect.stringContaining("the refund may have been made") });
      expect(await status(order.id)).toBe("paid");
      expect((await audit(order.id)).map(([, a]) => a)).toEqual(["refund_failed"]);
    });

    it("records a refund made outside PayPal for an order paid by hand", async () => {
      const order = await place({ channel: "manual" });
      await act(order.id, { intent: "mark_paid", method: "cash_app", reference: "CASH-1" });
      expect(await act(order.id, refund(""))).toMatchObject({ ok: false, status: 422 });
      expect(await act(order.id, refund("", { reference: "CASH-REFUND-1" }))).toMatchObject({ ok: true });
      expect(await status(order.id)).toBe("refunded");
      expect(fake().count("refund")).toBe(0);
    });

    it("lists the paid queue oldest payment first and finds orders by id, email, game or Discord name", async () => {
      const first = await paidThroughPayPal({ buyer: { email: "first@queue.test", name: "Fi", communityUsername: "fi_discord", gameUsername: "FiGame" } });
      const second = await paidThroughPayPal({ buyer: { email: "second@queue.test", name: "Se", communityUsername: "se_discord", gameUsername: "SeGame" } });
      await db()
        .update(orders)
        .set({ paidAt: new Date("2020-01-01T00:00:00Z") })
        .where(eq(orders.id, second.id));
      const queue = await listOrderQueue(db(), { status: "paid", q: "", page: 1 });
      const ids = queue.rows.map((r) => r.id);
      expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
      for (const q of [first.id, first.id.slice(0, 12).toLowerCase(), "FIRST@queue", "figame", "fi_disc"]) {
        expect(
          (await listOrderQueue(db(), { status: "all", q, page: 1 })).rows.map((r) => r.id),
          q,
        ).toContain(first.id);
      }
      expect((await listOrderQueue(db(), { status: "all", q: "%", page: 1 })).rows).toEqual([]);
      expect((await listOrderQueue(db(), { status: "delivered", q: "figame", page: 1 })).rows).toEqual([]);
    });

    it("exports a date range as CSV with formulas neutralised", async () => {
      const order = await place({ buyer: { email: "csv@shop.test", name: '=HYPERLINK("http://evil")', communityUsername: "a,b", gameUsername: "CsvGame" } });
      const today = new Date().toISOString().slice(0, 10);
      const csv = await exportOrdersCsv(db(), today, today);
      const line = csv.split("\r\n").find((l) => l.startsWith(order.id));
      expect(line).toContain(`"'=HYPERLINK(""http://evil"")"`);
      expect(line).toContain('"a,b"');
      expect(csv.split("\r\n")[0]).toMatch(/^order_id,created_at,status/);
      expect(await exportOrdersCsv(db(), "2001-01-01", "2001-01-02")).not.toContain("ORD");
    });
  });
}
