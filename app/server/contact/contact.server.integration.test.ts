import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contactSchema } from "~/domain/validation";
import { contactMessages, emailOutbox } from "../../../db/schema";
import { seededDatabase, testDatabases } from "../../../tests/setup/databases";
import { useFakeMail } from "../../../tests/setup/fake-mail";
import { saveContactMessage } from "./contact.server";
import { deliverDueMail } from "../mail/outbox.server";
import { smtpSender } from "../mail/senders.server";
import { testSite } from "../../../tests/fixtures/site";

const SELLER = "owner@shop.test";

for (const target of testDatabases()) {
  describe(`contact messages on ${target.name}`, () => {
    const database = seededDatabase(target);
    const fake = useFakeMail();
    const site = testSite({ SELLER_EMAIL: SELLER });

    it("stores a validated message with its language, unhandled, for the seller's inbox", async () => {
      const input = contactSchema.parse({
        name: "  Camille  ",
        email: "camille@example.fr",
        message: "Bonjour, où en est ma commande ORD260101120000 ?",
        website: "",
      });
      const before = new Date(Date.now() - 1000);
      const saved = await saveContactMessage(database.db, site, { ...input, lang: "fr" }, new Date());

      expect(saved.id).toBeGreaterThan(0);
      const [row] = await database.db.select().from(contactMessages).where(eq(contactMessages.id, saved.id));
      expect(row).toMatchObject({
        name: "Camille",
        email: "camille@example.fr",
        message: "Bonjour, où en est ma commande ORD260101120000 ?",
        lang: "fr",
        handled: false,
        clientKey: null,
      });
      expect(row.createdAt.getTime()).toBeGreaterThanOrEqual(before.getTime());
    });

    it("keeps every message, in order, with an optional client key", async () => {
      const first = await saveContactMessage(
        database.db,
        site,
        { name: "Ada", email: "ada@example.com", message: "One", lang: "en", clientKey: "k1" },
        new Date(),
      );
      const second = await saveContactMessage(database.db, site, { name: "Ada", email: "ada@example.com", message: "Two", lang: "es" }, new Date());
      expect(second.id).toBeGreaterThan(first.id);
      const rows = await database.db.select().from(contactMessages).where(eq(contactMessages.email, "ada@example.com")).orderBy(contactMessages.id);
      expect(rows.map((r) => [r.message, r.lang, r.clientKey])).toEqual([
        ["One", "en", "k1"],
        ["Two", "es", null],
      ]);
    });

    it("mails the seller each message, in English, with Reply-To the sender, the message, its language and time, in the message's transaction", async () => {
      const sentAt = new Date("2026-11-22T17:30:00Z");
      const saved = await saveContactMessage(
        database.db,
        site,
        { name: "Lucía\nGómez", email: "lucia@example.es", message: "Hola, ¿cuándo llega mi pedido?\nGracias.", lang: "es" },
        sentAt,
      );
      const [row] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.replyTo, "lucia@example.es"));
      expect(row).toMatchObject({ to: SELLER, kind: "seller_contact", lang: "en", status: "pending", subject: "Contact message from Lucía Gómez (Spanish)" });
      expect(row.createdAt.getTime()).toBe(saved.createdAt.getTime());
      expect(row.text).toContain("> Hola, ¿cuándo llega mi pedido?\n> Gracias.");
      expect(row.text).toContain("Language  Spanish (es)");
      expect(row.text).toContain("Sent  22 November 2026 at 17:30 UTC");
      expect(row.text).toContain(`Message no.  ${saved.id}`);

      await deliverDueMail(database.db, { email: smtpSender(fake().smtpUrl, "Trigger Shop <shop@shop.test>"), discord: null }, { now: new Date(), batch: 500 });
      const mail = fake().mails.find((m) => m.to.includes(SELLER) && m.subject.includes("Lucía"));
      expect(mail?.replyTo).toBe("lucia@example.es");
      expect(mail?.text).toContain("Hola, ¿cuándo llega mi pedido?");
    });
  });
}
