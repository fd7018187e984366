import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { newsletterSubscribers } from "../../../db/schema";
import { seededDatabase, testDatabases } from "../../../tests/setup/databases";
import { isSuppressed, liftSuppression, listSuppressions, suppressAddress, suppressedSql } from "./suppressions.server";

const at = new Date("2026-11-27T10:00:00Z");

for (const target of testDatabases()) {
  describe(`mail suppressions on ${target.name}`, () => {
    const database = seededDatabase(target);

    it("suppresses an address whatever its case, keeps the first reason, and lifts it on the seller's word", async () => {
      const { db } = database;
      await suppressAddress(db, "Someone@Example.com ", "bounce", "550 5.1.1 no such mailbox", at);
      await suppressAddress(db, "someone@example.com", "complaint", null, new Date(at.getTime() + 1000));
      expect(await isSuppressed(db, "SOMEONE@example.com")).toBe(true);
      expect(await listSuppressions(db)).toEqual([{ email: "someone@example.com", reason: "bounce", detail: "550 5.1.1 no such mailbox", createdAt: at }]);
      expect(await liftSuppression(db, "someone@example.com")).toBe(true);
      expect(await isSuppressed(db, "someone@example.com")).toBe(false);
    });

    it("gives recipient queries a filter that leaves suppressed addresses out", async () => {
      const { db } = database;
      await db.insert(newsletterSubscribers).values([
        { email: "kept@example.com", status: "confirmed" },
        { email: "Gone@Example.com", status: "confirmed" },
      ]);
      await suppressAddress(db, "gone@example.com", "complaint", null, at);
      const rows = await db
        .select({ email: newsletterSubscribers.email })
        .from(newsletterSubscribers)
        .where(sql`not ${suppressedSql(newsletterSubscribers.email)}`);
      expect(rows.map((row) => row.email)).toEqual(["kept@example.com"]);
    });
  });
}
