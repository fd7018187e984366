import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contactMessages, emailOutbox } from "../../db/schema";
import { routeContext } from "../../tests/setup/route-context";
import { testDatabases } from "../../tests/setup/databases";
import { action } from "./contact";

const url = "http://shop.test/fr/contact";
const filled = { name: "Camille", email: "camille@example.fr", message: "Bonjour, une question sur ma commande." };
const urlencoded = (fields: Record<string, string>) =>
  new Request(url, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields) });

/** The status of what the action returned: a redirect Response or React Router's data(). */
const statusOf = (result: unknown) => (result instanceof Response ? result.status : (result as { init?: { status?: number } }).init?.status);

for (const target of testDatabases()) {
  describe(`contact form action on ${target.name}`, () => {
    const route = routeContext(target);
    const send = (request: Request, ip = "192.0.2.1") => action(route.args(request, ip));
    const stored = (email: string) => route.db.select().from(contactMessages).where(eq(contactMessages.email, email));
    const sellerMails = (replyTo: string) => route.db.select().from(emailOutbox).where(eq(emailOutbox.replyTo, replyTo));

    it("stores a valid message and sends the shopper to the thank-you page of their language", async () => {
      const result = await send(urlencoded({ ...filled, website: "" }));
      expect(result).toBeInstanceOf(Response);
      expect(statusOf(result)).toBe(303);
      expect((result as Response).headers.get("Location")).toBe("/fr/thank-you");
      expect(await stored(filled.email)).toEqual([expect.objectContaining({ name: "Camille", lang: "fr", clientKey: expect.any(String) })]);
      expect(await sellerMails(filled.email)).toEqual([expect.objectContaining({ kind: "seller_contact", subject: "Contact message from Camille (French)" })]);
    });

    it("answers invalid fields with 422, their codes and the values typed", async () => {
      const result = await send(urlencoded({ name: "Lucía", email: "lucia@", message: "" }));
      expect(statusOf(result)).toBe(422);
      expect(result).toMatchObject({
        data: { errors: { email: "email_invalid", message: "message_required" }, values: { name: "Lucía", email: "lucia@", message: "" }, formError: null },
      });
    });

    it("answers a filled honeypot like a success and stores nothing", async () => {
      const result = await send(urlencoded({ ...filled, email: "bot@example.com", website: "https://spam.example" }));
      expect(statusOf(result)).toBe(303);
      expect(await stored("bot@example.com")).toEqual([]);
      expect(await sellerMails("bot@example.com")).toEqual([]);
    });

    it("answers 429 with Retry-After after five messages from one client in an hour", async () => {
      for (let i = 0; i < 5; i++) expect(statusOf(await send(urlencoded({ ...filled, email: `many${i}@example.com` }), "192.0.2.9"))).toBe(303);
      const sixth = await send(urlencoded(filled), "192.0.2.9");
      expect(statusOf(sixth)).toBe(429);
      expect(sixth).toMatchObject({ data: { formError: "rate_limited" } });
      expect(Number(new Headers((sixth as { init?: ResponseInit }).init?.headers).get("Retry-After"))).toBeGreaterThan(0);
    });

    describe("refuses a body that is not a form with 400, never a 500", () => {
      const cases: [string, () => Request][] = [
        ["JSON", () => new Request(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(filled) })],
        ["plain text", () => new Request(url, { method: "POST", headers: { "Content-Type": "text/plain" }, body: "name=Camille" })],
        // Bytes, so Request adds no content type of its own.
        ["no content type", () => new Request(url, { method: "POST", body: new TextEncoder().encode(new URLSearchParams(filled).toString()) })],
        [
          "a broken multipart boundary",
          () =>
            new Request(url, {
              method: "POST",
              headers: { "Content-Type": "multipart/form-data; boundary=expected" },
              body: '--other\r\nContent-Disposition: form-data; name="name"\r\n\r\nCamille\r\n--other--',
            }),
        ],
      ];
      for (const [what, request] of cases) {
        it(what, async () => {
          const result = await send(request(), "192.0.2.20");
          expect(statusOf(result)).toBe(400);
          expect(result).toMatchObject({ data: { formError: "request_invalid", errors: {} } });
        });
      }
    });
  });
}
