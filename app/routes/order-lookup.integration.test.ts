import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailOutbox } from "../../db/schema";
import { newOrder } from "../../tests/fixtures/orders";
import { routeContext } from "../../tests/setup/route-context";
import { testDatabases } from "../../tests/setup/databases";
import { isOrderAccessKey } from "~/server/orders/links.server";
import { LOOKUP_MAILS_PER_ORDER } from "~/server/orders/lookup.server";
import { createOrder } from "~/server/orders/orders.server";
import { RATE_LIMITS } from "~/server/platform/rate-limit.server";
import { action } from "./order-lookup";
import { TEST_SITE } from "../../tests/fixtures/site";

const statusOf = (result: unknown) => (result instanceof Response ? result.status : (result as { init?: { status?: number } }).init?.status);

/** Everything a shopper's browser can observe of an answer: status, redirect target and body. */
async function observable(result: unknown) {
  if (result instanceof Response) return { status: result.status, location: result.headers.get("Location"), body: await result.text() };
  return { status: statusOf(result), location: null, body: JSON.stringify((result as { data?: unknown }).data) };
}

for (const target of testDatabases()) {
  describe(`order lookup (/order) on ${target.name}`, () => {
    const route = routeContext(target);
    const lookup = (fields: Record<string, string>, ip: string, path = "/order") =>
      action(
        route.args(
          new Request(`http://shop.test${path}`, {
            method: "POST",
            headers: { "Content-Type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams(fields),
          }),
          ip,
        ) as Parameters<typeof action>[0],
      );
    const lookupMails = (orderId: string) =>
      route.db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.orderId, orderId), eq(emailOutbox.kind, "order_lookup")));

    async function placeOrder(email: string, lang: "en" | "fr" | "es" = "en") {
      const created = await createOrder(
        route.db,
        TEST_SITE,
        newOrder({ lang, buyer: { email: email, name: "Inès", communityUsername: "ines#1", gameUsername: "InesGame" } }),
        new Date(),
      );
      if (!created.ok) throw new Error(created.code);
      return created.order.id;
    }

    it("answers an unknown order, a wrong email and the right one exactly the same; only the right one is mailed", async () => {
      const id = await placeOrder("Ines@Example.fr", "fr");
      const unknown = await observable(await lookup({ orderId: "ORD200101000000-ZZZZ", email: "ines@example.fr" }, "192.0.2.60", "/fr/order"));
      const wrong = await observable(await lookup({ orderId: id, email: "someone@example.fr" }, "192.0.2.60", "/fr/order"));
      expect(await lookupMails(id)).toEqual([]);
      const right = await observable(await lookup({ orderId: id.toLowerCase(), email: "  INES@example.FR " }, "192.0.2.60", "/fr/order"));
      expect(unknown).toEqual({ status: 303, location: "/fr/order?sent=1", body: "" });
      expect(wrong).toEqual(unknown);
      expect(right).toEqual(unknown);

      const [mail] = await lookupMails(id);
      expect(mail).toMatchObject({ to: "Ines@Example.fr", lang: "fr", subject: `Votre lien vers la commande ${id} — Trigger Shop` });
      const link = new URL(mail.text.match(/https?:\/\/\S+\/order\/\S+/)![0]);
      expect(link.pathname).toBe(`/fr/order/${id}`);
      expect(isOrderAccessKey(TEST_SITE.keys, id, link.searchParams.get("k"))).toBe(true);
    });

    it("mails one order's buyer at most a few times an hour, however often it is asked (same answer)", async () => {
      const id = await placeOrder("often@example.com");
      for (let i = 0; i < LOOKUP_MAILS_PER_ORDER.limit + 2; i++) {
        expect(await observable(await lookup({ orderId: id, email: "often@example.com" }, `192.0.2.${70 + i}`))).toMatchObject({
          status: 303,
          location: "/order?sent=1",
        });
      }
      expect(await lookupMails(id)).toHaveLength(LOOKUP_MAILS_PER_ORDER.limit);
    });

    it("shows badly typed fields back with their codes (422), which says nothing about any order", async () => {
      const result = await lookup({ orderId: "12345", email: "ines@" }, "192.0.2.61");
      expect(statusOf(result)).toBe(422);
      expect(result).toMatchObject({
        data: { errors: { orderId: "order_id_invalid", email: "email_invalid" }, values: { orderId: "12345", email: "ines@" }, formError: null },
      });
    });

    it("answers a filled honeypot like everyone and mails nothing", async () => {
      const id = await placeOrder("bot-target@example.com");
      const result = await observable(await lookup({ orderId: id, email: "bot-target@example.com", website: "https://spam.example" }, "192.0.2.62"));
      expect(result).toEqual({ status: 303, location: "/order?sent=1", body: "" });
      expect(await lookupMails(id)).toEqual([]);
    });

    it(`refuses a client's ${RATE_LIMITS.lookup.limit + 1}th lookup within the window with 429 and Retry-After`, async () => {
      const ip = "192.0.2.63";
      for (let i = 0; i < RATE_LIMITS.lookup.limit; i++) {
        expect(statusOf(await lookup({ orderId: "ORD200101000000-ZZZZ", email: `guess${i}@example.com` }, ip))).toBe(303);
      }
      const refused = await lookup({ orderId: "ORD200101000000-ZZZZ", email: "guess@example.com" }, ip);
      expect(statusOf(refused)).toBe(429);
      expect(refused).toMatchObject({ data: { formError: "rate_limited" } });
      expect(Number(new Headers((refused as { init?: ResponseInit }).init?.headers).get("Retry-After"))).toBeGreaterThan(0);
      // Another client is not affected.
      expect(statusOf(await lookup({ orderId: "ORD200101000000-ZZZZ", email: "guess@example.com" }, "192.0.2.64"))).toBe(303);
    });

    it("refuses a body that is not a form with 400, never a 500", async () => {
      const request = new Request("http://shop.test/order", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
      const result = await action(route.args(request, "192.0.2.65") as Parameters<typeof action>[0]);
      expect(statusOf(result)).toBe(400);
      expect(result).toMatchObject({ data: { formError: "request_invalid" } });
    });
  });
}
