import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contactSchema } from "~/domain/validation";
import { contactMessages } from "../../db/schema";
import { seededDatabase, testDatabases } from "../../tests/setup/databases";
import { saveContactMessage } from "./contact.server";

for (const target of testDatabases()) {
  describe(`contact messages on ${target.name}`, () => {
    const database = seededDatabase(target);

    it("stores a validated message with its language, unhandled, for the seller's inbox", async () => {
      const input = contactSchema.parse({
        name: "  Camille  ",
        email: "camille@example.fr",
        message: "Bonjour, où en est ma commande ORD260101120000 ?",
        website: "",
      });
      const before = new Date(Date.now() - 1000);
      const saved = await saveContactMessage(database.db, { ...input, lang: "fr" });

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
      const first = await saveContactMessage(database.db, { name: "Ada", email: "ada@example.com", message: "One", lang: "en", clientKey: "k1" });
      const second = await saveContactMessage(database.db, { name: "Ada", email: "ada@example.com", message: "Two", lang: "es" });
      expect(second.id).toBeGreaterThan(first.id);
      const rows = await database.db.select().from(contactMessages).where(eq(contactMessages.email, "ada@example.com")).orderBy(contactMessages.id);
      expect(rows.map((r) => [r.message, r.lang, r.clientKey])).toEqual([
        ["One", "en", "k1"],
        ["Two", "es", null],
      ]);
    });
  });
}
