import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as backInStockRoute from "~/routes/back-in-stock";
import * as stopRoute from "~/routes/back-in-stock.stop";
import { emailOutbox, restockAlerts } from "../../../db/schema";
import { newOrder } from "../../../tests/fixtures/orders";
import { testDatabases } from "../../../tests/setup/databases";
import { routeContext } from "../../../tests/setup/route-context";
import { addBlock } from "../blocklist/blocklist.server";
import { findSellerProduct, updateProduct } from "../catalogue/console-products.server";
import { serverJobs } from "../jobs.server";
import { deliverDueMail } from "../mail/outbox.server";
import { suppressAddress } from "../mail/suppressions.server";
import { changeOrderStatus, createOrder, markOrderPaid } from "../orders/orders.server";
import { restockStopToken } from "./restock-links.server";
import { onProductRestocked } from "./restock.server";
import { remindUnpaidOrders } from "./unpaid.server";

const MINUTE = 60_000;
const SELLER = { id: null, actor: "seller:owner@shop.test" };
/** Seeded "Bunker Room": listed, out of stock. */
const PRODUCT = "8";

/**
 * Back-in-stock alerts and the unpaid-order reminder (issue 30, docs/decisions/045), through the
 * routes the page posts to and the jobs the runner starts, with time moved by the services' clock.
 */
for (const target of testDatabases()) {
  describe(`back-in-stock alerts on ${target.name}`, () => {
    const at = new Date("2031-05-04T10:00:00Z");
    const route = routeContext(target, { now: () => at });

    /** The product page's form, posted as a browser without JavaScript would (the fetcher posts the same). */
    async function askToBeTold(email: string, lang: "en" | "fr" | "es", ip: string, website = "") {
      const prefix = lang === "en" ? "" : `/${lang}`;
      const request = new Request(`http://shop.test${prefix}/back-in-stock/${PRODUCT}`, { method: "POST", body: new URLSearchParams({ email, website }) });
      const answer = (await backInStockRoute.action({
        ...route.args(request, ip),
        params: { id: PRODUCT, lang: lang === "en" ? undefined : lang },
      } as never)) as {
        data: { view: { state: string; code?: string } };
        init?: ResponseInit;
      };
      return { view: answer.data.view, status: answer.init?.status ?? 200, retryAfter: new Headers(answer.init?.headers).get("Retry-After") };
    }

    /** The console's in-stock switch: the product form saved with the box ticked or not, then the save's hook. */
    async function setInStock(inStock: boolean) {
      const product = await findSellerProduct(route.db, PRODUCT);
      const saved = await updateProduct(route.db, SELLER, PRODUCT, { ...product!.input, inStock }, at);
      expect(saved.ok).toBe(true);
      return onProductRestocked(route.db, route.services.site, PRODUCT, at);
    }

    const alertMails = () => route.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "restock_alert")).orderBy(emailOutbox.id);
    const waiting = () => route.db.select().from(restockAlerts).where(eq(restockAlerts.productId, PRODUCT));

    it("mails each waiting address once in its language when the product is back, then forgets it; a later restock mails only those who asked since", async () => {
      expect((await askToBeTold("ana@example.com", "es", "192.0.2.10")).view).toEqual({ state: "done", email: "ana@example.com" });
      expect((await askToBeTold("Marc@Example.com", "fr", "192.0.2.11")).view.state).toBe("done");
      expect((await askToBeTold("ed@example.com", "en", "192.0.2.12")).view.state).toBe("done");
      // Asking twice is one wait.
      expect((await askToBeTold("ed@example.com", "en", "192.0.2.12")).view.state).toBe("done");
      expect(await waiting()).toHaveLength(3);

      expect(await setInStock(true)).toEqual({ mailed: 3, skipped: 0 });
      const mails = await alertMails();
      expect(mails.map((m) => [m.to, m.lang])).toEqual([
        ["ana@example.com", "es"],
        ["marc@example.com", "fr"],
        ["ed@example.com", "en"],
      ]);
      expect(mails[0].subject).toBe("Bunker Room vuelve a estar disponible — Trigger Shop");
      expect(mails[1].subject).toBe("Bunker Room est de retour en stock — Trigger Shop");
      expect(mails[2].subject).toBe("Bunker Room is back in stock — Trigger Shop");
      expect(mails[1].text).toContain(`${route.services.site.url}/fr/product/${PRODUCT}`);
      expect(mails[1].text).toContain("$");
      expect(mails[1].headers).toMatchObject({ "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
      expect(mails[1].headers?.["List-Unsubscribe"]).toMatch(/^<http:\/\/.+\/fr\/back-in-stock\/stop\?t=/);
      expect(await waiting()).toEqual([]);

      // Saved again, out and back in: nobody who was told hears of it again.
      expect(await setInStock(true)).toEqual({ mailed: 0, skipped: 0 });
      await setInStock(false);
      expect((await askToBeTold("late@example.com", "fr", "192.0.2.13")).view.state).toBe("done");
      expect(await setInStock(true)).toEqual({ mailed: 1, skipped: 0 });
      expect((await alertMails()).map((m) => m.to)).toEqual(["ana@example.com", "marc@example.com", "ed@example.com", "late@example.com"]);
      // The job's sweep finds nothing left to send.
      await serverJobs(route.services)
        .find((j) => j.name === "restock-alerts")!
        .run(route.db, route.services.now);
      expect(await alertMails()).toHaveLength(4);
      await setInStock(false);
    });

    it("skips (and forgets) a suppressed address; an in-stock product or a filled honeypot stores nothing", async () => {
      await suppressAddress(route.db, "bounced-alert@example.com", "bounce", "550 5.1.1", at);
      await askToBeTold("bounced-alert@example.com", "en", "192.0.2.20");
      await askToBeTold("fine-alert@example.com", "en", "192.0.2.21");
      expect((await askToBeTold("bot@example.com", "en", "192.0.2.22", "http://spam.example")).view.state).toBe("done");
      const before = (await alertMails()).length;
      expect(await setInStock(true)).toEqual({ mailed: 1, skipped: 1 });
      const mails = (await alertMails()).slice(before);
      expect(mails.map((m) => m.to)).toEqual(["fine-alert@example.com"]);
      expect(await waiting()).toEqual([]);
      // In stock: nothing to wait for.
      expect((await askToBeTold("now@example.com", "en", "192.0.2.23")).view).toEqual({ state: "in_stock" });
      expect(await waiting()).toEqual([]);
      await setInStock(false);
    });

    it("a stock count at 0 is out of stock although the box is ticked; raising it mails who waits, and a cancelled order's unit given back is found by the sweep (docs/decisions/049)", async () => {
      const product = await findSellerProduct(route.db, PRODUCT);
      async function saveCount(stock: number | null, inStock = true) {
        const saved = await updateProduct(route.db, SELLER, PRODUCT, { ...product!.input, inStock, stock }, at);
        expect(saved.ok).toBe(true);
        return onProductRestocked(route.db, route.services.site, PRODUCT, at);
      }
      const before = (await alertMails()).length;
      // Sold down to 0 with In stock still ticked: shoppers may wait, and the save mails nobody.
      expect(await saveCount(0)).toEqual({ mailed: 0, skipped: 0 });
      expect((await askToBeTold("count-first@example.com", "en", "192.0.2.61")).view.state).toBe("done");
      expect(await saveCount(1)).toEqual({ mailed: 1, skipped: 0 });
      expect((await alertMails()).slice(before).map((m) => m.to)).toEqual(["count-first@example.com"]);

      // The last unit taken by an order, so a second shopper waits; the order is cancelled unpaid.
      const order = await createOrder(route.db, route.services.site, newOrder({ lines: [{ id: PRODUCT, quantity: 1 }] }), at);
      if (!order.ok) throw new Error(order.code);
      expect((await askToBeTold("count-second@example.com", "fr", "192.0.2.62")).view.state).toBe("done");
      expect(await changeOrderStatus(route.db, route.services.site, order.order.id, "cancelled", "seller", null, at)).toEqual({ ok: true });
      await serverJobs(route.services)
        .find((j) => j.name === "restock-alerts")!
        .run(route.db, route.services.now);
      expect((await alertMails()).slice(before).map((m) => [m.to, m.lang])).toEqual([
        ["count-first@example.com", "en"],
        ["count-second@example.com", "fr"],
      ]);
      expect(await waiting()).toEqual([]);
      await saveCount(null, false);
    });

    it("limits sign-ups per client and per address (429 with Retry-After), and refuses a bad address with a message", async () => {
      for (let i = 0; i < 10; i++) expect((await askToBeTold(`client${i}@example.com`, "en", "192.0.2.30")).status).toBe(200);
      const limited = await askToBeTold("client10@example.com", "en", "192.0.2.30");
      expect(limited).toMatchObject({ status: 429, view: { state: "refused", code: "rate_limited" } });
      expect(Number(limited.retryAfter)).toBeGreaterThan(0);

      for (let i = 0; i < 5; i++) expect((await askToBeTold("same@example.com", "en", `192.0.2.${40 + i}`)).status).toBe(200);
      const perAddress = await askToBeTold("same@example.com", "en", "192.0.2.50");
      expect(perAddress).toMatchObject({ status: 429, view: { code: "rate_limited" } });
      expect(Number(perAddress.retryAfter)).toBeGreaterThan(0);

      expect(await askToBeTold("not-an-address", "en", "192.0.2.51")).toMatchObject({ status: 422, view: { state: "refused", code: "email_invalid" } });
      await route.db.delete(restockAlerts);
    });

    it("stops an address's waiting alerts from its mail's link (page button or one-click POST); a forged link changes nothing", async () => {
      await askToBeTold("stop-me@example.com", "en", "192.0.2.60");
      await askToBeTold("stay@example.com", "en", "192.0.2.61");
      const token = restockStopToken(route.services.keys, "stop-me@example.com");
      const forged = `${token.slice(0, -2)}xx`;
      const post = (t: string) =>
        stopRoute.action(
          route.args(
            new Request(`http://shop.test/back-in-stock/stop?t=${encodeURIComponent(t)}`, {
              method: "POST",
              body: new URLSearchParams({ "List-Unsubscribe": "One-Click" }),
            }),
            "192.0.2.62",
          ) as never,
        ) as unknown as Promise<{ data: { link: { state: string } }; init: ResponseInit }>;
      expect((await post(forged)).data.link.state).toBe("invalid");
      expect(await waiting()).toHaveLength(2);
      expect((await post(token)).data.link).toEqual({ state: "done", email: "stop-me@example.com" });
      expect((await waiting()).map((r) => r.email)).toEqual(["stay@example.com"]);
      await route.db.delete(restockAlerts);
    });
  });

  describe(`the unpaid-order reminder on ${target.name}`, () => {
    let at = new Date("2031-06-01T10:00:00Z");
    const later = (ms: number) => (at = new Date(at.getTime() + ms));
    // UNPAID_REMINDER_MINUTES is 60 in the test environment (its default).
    const route = routeContext(target, { now: () => at });

    async function runReminderJob() {
      const job = serverJobs(route.services).find((j) => j.name === "remind-unpaid-orders");
      if (!job) throw new Error("no reminder job");
      await job.run(route.db, route.services.now);
    }

    async function place(email: string, lang: "en" | "fr" | "es" = "en") {
      const created = await createOrder(
        route.db,
        route.services.site,
        newOrder({ lang, buyer: { email, name: "Robin", communityUsername: "robin#1", gameUsername: `G${email.slice(0, 8)}` } }),
        at,
      );
      if (!created.ok) throw new Error(created.code);
      return created.order;
    }

    const remindersOf = (orderId: string) =>
      route.db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.orderId, orderId), eq(emailOutbox.kind, "order_unpaid_reminder")));

    it("goes once, after the delay, in the order's language, with the status-page link; never twice", async () => {
      const order = await place("slow@example.com", "fr");
      // No mail at all when the order is placed (a PayPal order is usually paid within a minute).
      expect(await route.db.select().from(emailOutbox).where(eq(emailOutbox.orderId, order.id))).toEqual([]);
      later(59 * MINUTE);
      await runReminderJob();
      expect(await remindersOf(order.id)).toEqual([]);
      later(2 * MINUTE);
      await runReminderJob();
      const [mail, ...more] = await remindersOf(order.id);
      expect(more).toEqual([]);
      expect(mail).toMatchObject({ to: "slow@example.com", lang: "fr", subject: `Votre commande ${order.id} attend son paiement — Trigger Shop` });
      expect(mail.text).toContain(`/fr/order/${order.id}?k=`);
      later(30 * MINUTE);
      await runReminderJob();
      await Promise.all([runReminderJob(), remindUnpaidOrders(route.db, route.services.site, 60, at)]);
      expect(await remindersOf(order.id)).toHaveLength(1);
    });

    it("is not written after payment or cancellation, nor for a blocked buyer, nor at 0", async () => {
      const paid = await place("paid-first@example.com");
      const cancelled = await place("cancelled-first@example.com");
      const blocked = await place("blocked-buyer@example.com");
      const off = await place("reminders-off@example.com");
      expect(
        await markOrderPaid(
          route.db,
          route.services.site,
          { orderId: paid.id, provider: "paypal", reference: `CAP-${paid.id}`, amountCents: paid.totalCents, currency: "USD", actor: "test" },
          at,
        ),
      ).toEqual({ ok: true, alreadyPaid: false });
      expect(await changeOrderStatus(route.db, route.services.site, cancelled.id, "cancelled", "seller", null, at)).toEqual({ ok: true });
      expect((await addBlock(route.db, { id: null, actor: "seller:owner@shop.test" }, { kind: "email", value: "blocked-buyer@example.com" }, at)).ok).toBe(
        true,
      );
      later(2 * 60 * MINUTE);
      // Off: nothing, whatever is due.
      expect(await remindUnpaidOrders(route.db, route.services.site, 0, at)).toBe(0);
      expect(serverJobs({ ...route.services, env: { ...route.services.env, UNPAID_REMINDER_MINUTES: 0 } }).map((j) => j.name)).not.toContain(
        "remind-unpaid-orders",
      );
      expect(await remindersOf(off.id)).toEqual([]);

      await runReminderJob();
      for (const order of [paid, cancelled, blocked]) expect(await remindersOf(order.id)).toEqual([]);
      expect(await remindersOf(off.id)).toHaveLength(1);
    });

    it("is dropped by the outbox when the payment lands between the job and the send", async () => {
      const order = await place("just-paid@example.com");
      later(61 * MINUTE);
      await runReminderJob();
      expect(await remindersOf(order.id)).toHaveLength(1);
      await markOrderPaid(
        route.db,
        route.services.site,
        { orderId: order.id, provider: "paypal", reference: `CAP-${order.id}`, amountCents: order.totalCents, currency: "USD", actor: "test" },
        at,
      );
      const sent: string[] = [];
      await deliverDueMail(route.db, { email: async (row) => void sent.push(`${row.kind}:${row.to}`), discord: null }, { now: at, batch: 500 });
      expect(sent).not.toContain("order_unpaid_reminder:just-paid@example.com");
      expect((await remindersOf(order.id))[0].status).toBe("skipped");
    });
  });
}
