import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, orders, sellers } from "../../../db/schema";
import { createSeller, setConsolePrefs } from "../seller-auth/sellers.server";
import { newOrder } from "../../../tests/fixtures/orders";
import { seededDatabase, testDatabases } from "../../../tests/setup/databases";
import { useFakeMail } from "../../../tests/setup/fake-mail";
import type { Db } from "../platform/db.server";
import { isOrderAccessKey } from "../orders/links.server";
import { createOrder, changeOrderStatus, markOrderPaid } from "../orders/orders.server";
import { remindUnpaidOrders } from "../reminders/unpaid.server";
import { backoffMs, deliverDueMail, type OutboxSenders } from "./outbox.server";
import { discordSender, smtpSender } from "./senders.server";
import { testSite } from "../../../tests/fixtures/site";

const SELLER = "seller@shop.test";
/** The sellerDiscord flag only: the webhook itself is the fake mail server's, in `senders`. */
const SITE = testSite({ SITE_URL: "http://shop.test", SELLER_EMAIL: SELLER, SELLER_DISCORD_WEBHOOK: "http://127.0.0.1:9/hook" });

async function paidOrder(db: Db, over: Parameters<typeof newOrder>[0] = {}, now = new Date()) {
  const created = await createOrder(db, SITE, newOrder(over), now);
  if (!created.ok) throw new Error(created.code);
  const { id, totalCents } = created.order;
  const paid = await markOrderPaid(
    db,
    SITE,
    { orderId: id, provider: "paypal", reference: `CAP-${id}`, amountCents: totalCents, currency: "USD", actor: "test" },
    now,
  );
  expect(paid).toEqual({ ok: true, alreadyPaid: false });
  return created.order;
}

/** The status link of a mail: its path and key, checked against the order it names. */
function statusLink(text: string): URL {
  const link = text.match(/https?:\/\/\S+\/order\/\S+/)?.[0];
  if (!link) throw new Error(`no status link in:\n${text}`);
  return new URL(link);
}

const rows = (db: Db, orderId: string) => db.select().from(emailOutbox).where(eq(emailOutbox.orderId, orderId));

for (const target of testDatabases()) {
  describe(`order notifications through the outbox on ${target.name}`, () => {
    const database = seededDatabase(target);
    const fake = useFakeMail();
    let senders: OutboxSenders;

    beforeAll(() => {
      senders = { email: smtpSender(fake().smtpUrl, "Trigger Shop <orders@shop.test>"), discord: discordSender(fake().discordWebhookUrl) };
    });

    /** Sends everything due by `now`, as the job does. */
    const deliver = (now = new Date()) => deliverDueMail(database.db, senders, { now, batch: 500 });

    it("mails a French buyer the payment confirmation with the order id, the USD charged, the estimate and a working status link", async () => {
      const order = await paidOrder(database.db, {
        lang: "fr",
        currency: "EUR",
        buyer: { email: "marie@example.com", name: "Marie", communityUsername: "marie#1", gameUsername: "MarieGame" },
      });
      await deliver();
      const mail = fake().mails.find((m) => m.to.includes("marie@example.com") && m.subject.includes("Paiement confirmé"));
      expect(mail?.subject).toBe(`Paiement confirmé pour la commande ${order.id} — Trigger Shop`);
      expect(mail?.text).toMatch(/\$54\.99 USD/);
      expect(mail?.text).toContain(`≈ ${"50,59"}\u00a0€`);
      expect(mail?.html).toContain('<html lang="fr">');
      const link = statusLink(mail!.text);
      expect(link.origin).toBe("http://shop.test");
      expect(link.pathname).toBe(`/fr/order/${order.id}`);
      expect(isOrderAccessKey(SITE.keys, order.id, link.searchParams.get("k"))).toBe(true);
      // Another order's id (its last character changed; "X" may already be the last one).
      const otherId = `${order.id.slice(0, -1)}${order.id.endsWith("X") ? "Y" : "X"}`;
      expect(isOrderAccessKey(SITE.keys, otherId, link.searchParams.get("k"))).toBe(false);
    });

    it("writes the seller's alert in the language of the account at the seller address (docs/decisions/055)", async () => {
      const created = await createSeller(database.db, SELLER, "a long seller password", new Date(), "owner");
      if (!created.ok) throw new Error("exists");
      await setConsolePrefs(database.db, created.seller.id, { lang: "es", timeZone: "UTC" });
      try {
        const order = await paidOrder(database.db, {
          buyer: { email: "comprador@example.com", name: "Ana", communityUsername: "ana", gameUsername: "AnaGame" },
        });
        await deliver();
        const alert = fake().mails.find((m) => m.to.includes(SELLER) && m.subject.includes(order.id));
        expect(alert?.subject).toMatch(new RegExp(`^Pedido pagado ${order.id} — \\$\\d+\\.\\d\\d USD$`));
        expect(alert?.text).toContain("Entregar en 12–24 horas desde el pago.");
        expect(alert?.html).toContain('<html lang="es">');
      } finally {
        await database.db.delete(sellers).where(eq(sellers.id, created.seller.id));
      }
    });

    it("alerts the seller by email (reply-to the buyer) and on Discord with the order's fields, without letting buyer text ping anyone", async () => {
      const order = await paidOrder(database.db, {
        isGift: true,
        lines: [{ id: "king-kong-ultra-gift", quantity: 1 }],
        buyer: { email: "gifter@example.com", name: "Gia", communityUsername: "@everyone", gameUsername: "GiaGame" },
      });
      await deliver();
      const alert = fake().mails.find((m) => m.to.includes(SELLER) && m.subject.includes(order.id));
      expect(alert?.subject).toMatch(new RegExp(`^Paid order ${order.id} — \\$\\d+\\.\\d\\d USD — gift$`));
      expect(alert?.replyTo).toBe("gifter@example.com");
      expect(alert?.text).toContain("GiaGame");
      const [message] = fake().discord as { content: string; allowed_mentions: unknown; embeds: { fields: { name: string; value: string }[] }[] }[];
      expect(message.content).toContain(order.id);
      expect(message.allowed_mentions).toEqual({ parse: [] });
      expect(Object.fromEntries(message.embeds[0].fields.map((f) => [f.name, f.value]))).toMatchObject({
        Gift: "yes",
        "Game username": "GiaGame",
        Discord: "@everyone",
      });
    });

    it("keeps the mail pending and the order paid while SMTP fails, and sends it once the server is back", async () => {
      fake().setFailing(true);
      const now = new Date();
      const order = await paidOrder(
        database.db,
        { buyer: { email: "patient@example.com", name: "Pat", communityUsername: "pat#1", gameUsername: "PatGame" } },
        now,
      );
      const report = await deliver(now);
      expect(report.sent).toBe(0);
      const [buyerRow] = (await rows(database.db, order.id)).filter((r) => r.to === "patient@example.com" && r.kind === "order_paid");
      expect(buyerRow).toMatchObject({ status: "pending", attempts: 1 });
      expect(buyerRow.lastError).toMatch(/451|temporarily failing/);
      expect(buyerRow.nextAttemptAt.getTime()).toBe(now.getTime() + backoffMs(1));
      const [stored] = await database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
      expect(stored.status).toBe("paid");

      fake().setFailing(false);
      expect((await deliver(now)).sent).toBe(0); // not due again before its backoff
      await deliver(new Date(buyerRow.nextAttemptAt.getTime() + 1));
      expect(fake().mails.filter((m) => m.to.includes("patient@example.com"))).toHaveLength(1);
      const [after] = (await rows(database.db, order.id)).filter((r) => r.id === buyerRow.id);
      expect(after).toMatchObject({ status: "sent", attempts: 2, lastError: null });
    });

    it("tells a manual buyer at once how to pay with the order id; a PayPal buyer who paid never gets the 'finish your payment' mail", async () => {
      const now = new Date();
      const manual = await createOrder(
        database.db,
        SITE,
        newOrder({ channel: "manual", buyer: { email: "hand@example.com", name: "Hana", communityUsername: "hana#1", gameUsername: "HanaGame" } }),
        now,
      );
      if (!manual.ok) throw new Error(manual.code);
      const paypal = await paidOrder(
        database.db,
        { buyer: { email: "quick@example.com", name: "Quinn", communityUsername: "quinn#1", gameUsername: "QuinnGame" } },
        now,
      );
      await deliver(new Date(now.getTime() + 2 * 60 * 60_000));
      const received = fake().mails.find((m) => m.to.includes("hand@example.com"));
      expect(received?.subject).toBe(`Order ${manual.order.id} received — Trigger Shop`);
      expect(received?.text).toContain(`send us your order ID ${manual.order.id} on Discord or WhatsApp`);
      expect(
        fake()
          .mails.filter((m) => m.to.includes("quick@example.com"))
          .map((m) => m.subject),
      ).toEqual([`Payment confirmed for order ${paypal.id} — Trigger Shop`]);
      expect((await rows(database.db, paypal.id)).find((r) => r.kind === "order_received")).toBeUndefined();
    });

    it("reminds an unpaid PayPal buyer once, through the reminder job, with a link back to the order (docs/decisions/045)", async () => {
      const now = new Date();
      const created = await createOrder(
        database.db,
        SITE,
        newOrder({ buyer: { email: "later@example.com", name: "Lee", communityUsername: "lee#1", gameUsername: "LeeGame" } }),
        now,
      );
      if (!created.ok) throw new Error(created.code);
      // Nothing at order time: a PayPal order is usually paid within a minute.
      await deliver(new Date(now.getTime() + 59 * 60_000));
      expect(fake().mails.filter((m) => m.to.includes("later@example.com"))).toEqual([]);
      const later = new Date(now.getTime() + 61 * 60_000);
      expect(await remindUnpaidOrders(database.db, SITE, 60, later)).toBeGreaterThanOrEqual(1);
      await deliver(later);
      const [mail] = fake().mails.filter((m) => m.to.includes("later@example.com"));
      expect(mail.text).toContain("Finish the payment");
      expect(statusLink(mail.text).pathname).toBe(`/order/${created.order.id}`);
    });

    it("mails the seller's public note when the order is delivered", async () => {
      const order = await paidOrder(database.db, {
        buyer: { email: "done@example.com", name: "Dee", communityUsername: "dee#1", gameUsername: "DeeGame" },
        lang: "es",
      });
      await database.db.update(orders).set({ sellerNote: "Subido a tu inventario." }).where(eq(orders.id, order.id));
      expect(await changeOrderStatus(database.db, SITE, order.id, "in_progress", "seller", null, new Date())).toEqual({ ok: true });
      expect(await changeOrderStatus(database.db, SITE, order.id, "delivered", "seller", null, new Date())).toEqual({ ok: true });
      await deliver();
      const subjects = fake()
        .mails.filter((m) => m.to.includes("done@example.com"))
        .map((m) => m.subject);
      expect(subjects).toEqual([`Pago confirmado del pedido ${order.id} — Trigger Shop`, `Pedido ${order.id} entregado — Trigger Shop`]);
      expect(fake().mails.find((m) => m.subject.startsWith("Pedido"))?.text).toContain("> Subido a tu inventario.");
    });

    it("sends each due row once even when two processes deliver at the same time", async () => {
      const order = await paidOrder(database.db, { buyer: { email: "once@example.com", name: "Olu", communityUsername: "olu#1", gameUsername: "OluGame" } });
      await Promise.all([deliver(), deliver(), deliver()]);
      expect(fake().mails.filter((m) => m.to.includes("once@example.com"))).toHaveLength(1);
      expect(fake().mails.filter((m) => m.to.includes(SELLER) && m.subject.includes(order.id))).toHaveLength(1);
    });
  });
}
