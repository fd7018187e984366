import { describe, expect, it } from "vitest";
import { contactMessages, newsletterSubscribers, reviews } from "../../../db/schema";
import { seededDatabase, testDatabases } from "../../../tests/setup/databases";
import { saveContactMessage } from "./contact.server";
import { readCatalogue } from "../catalogue/cache.server";
import { cachedPublishedReviews, listPublishedReviews } from "../catalogue/reviews.server";
import { actionsOn } from "../../../tests/setup/audit";
import { listContactMessages, listReviews, listSubscribers, PAGE_SIZE, setMessageRead, setReviewStatus, subscribersCsv, inboxCounts } from "./inbox.server";
import { TEST_SITE } from "../../../tests/fixtures/site";

const SELLER = { id: null, actor: "seller:ops@example.com" };

for (const target of testDatabases()) {
  describe(`seller inbox on ${target.name}`, () => {
    const database = seededDatabase(target);

    it("lists contact messages newest first and marks them read or unread", async () => {
      const first = await saveContactMessage(
        database.db,
        TEST_SITE,
        { name: "Ana", email: "ana@example.com", message: "Where is my order?", lang: "es" },
        new Date(),
      );
      const second = await saveContactMessage(database.db, TEST_SITE, { name: "Bo", email: "bo@example.com", message: "Hello", lang: "en" }, new Date());
      let unread = await listContactMessages(database.db, "unread");
      expect(unread.rows.map((m) => m.id)).toEqual([second.id, first.id]);
      expect(unread.unread).toBe(2);

      expect(await setMessageRead(database.db, SELLER, first.id, true, new Date())).toBe(true);
      unread = await listContactMessages(database.db, "unread");
      expect(unread.rows.map((m) => m.id)).toEqual([second.id]);
      expect(unread.unread).toBe(1);
      expect((await listContactMessages(database.db, "read")).rows.map((m) => m.id)).toEqual([first.id]);
      expect((await listContactMessages(database.db, "all")).total).toBe(2);

      expect(await setMessageRead(database.db, SELLER, first.id, false, new Date())).toBe(true);
      expect((await listContactMessages(database.db, "unread")).unread).toBe(2);
      expect(await setMessageRead(database.db, SELLER, 999_999, true, new Date())).toBe(false);
      expect((await actionsOn(database.db, `message:${first.id}`)).map((a) => [a.actor, a.action])).toEqual([
        ["seller:ops@example.com", "message_marked_unread"],
        ["seller:ops@example.com", "message_marked_read"],
      ]);
    });

    it("pages long lists", async () => {
      await database.db.insert(contactMessages).values(
        Array.from({ length: PAGE_SIZE + 3 }, (_, i) => ({
          name: `n${i}`,
          email: `p${i}@example.com`,
          message: "m",
          handled: true,
          createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
        })),
      );
      const second = await listContactMessages(database.db, "read", 2);
      expect(second).toMatchObject({ page: 2, pages: 2, total: PAGE_SIZE + 3 });
      expect(second.rows).toHaveLength(3);
      expect(second.rows.at(-1)?.email).toBe("p0@example.com");
      // Past the last page: the last page.
      expect((await listContactMessages(database.db, "read", 9)).page).toBe(2);
    });

    it("hides and publishes reviews; product pages follow", async () => {
      const [row] = await database.db
        .insert(reviews)
        .values({ productId: "2", name: "Kim", rating: 5, comment: "Great trigger, fast delivery!", fingerprint: "fp-kim", status: "pending" })
        .returning();
      expect(await listPublishedReviews(database.db, "2")).toEqual([]);
      const pending = await listReviews(database.db, "pending");
      expect(pending.rows).toEqual([expect.objectContaining({ id: row.id, productTitle: "VENOM-TRIGGER", status: "pending" })]);
      expect(pending.counts).toEqual({ published: 0, pending: 1, hidden: 0 });
      expect((await inboxCounts(database.db)).pendingReviews).toBe(1);

      // What the product page shows: the reviews remembered with the catalogue follow each change at once.
      const shown = async () => (await cachedPublishedReviews(database.db, await readCatalogue(database.db), "2")).map((r) => r.id);
      expect(await shown()).toEqual([]);
      expect(await setReviewStatus(database.db, SELLER, row.id, "published", new Date())).toBe("pending");
      expect((await listPublishedReviews(database.db, "2")).map((r) => r.id)).toEqual([row.id]);
      expect(await shown()).toEqual([row.id]);
      expect(await setReviewStatus(database.db, SELLER, row.id, "hidden", new Date())).toBe("published");
      expect(await listPublishedReviews(database.db, "2")).toEqual([]);
      expect(await shown()).toEqual([]);
      expect((await listReviews(database.db, "all")).counts).toEqual({ published: 0, pending: 0, hidden: 1 });
      expect((await inboxCounts(database.db)).pendingReviews).toBe(0);
      expect(await setReviewStatus(database.db, SELLER, 999_999, "published", new Date())).toBeUndefined();
      expect((await actionsOn(database.db, `review:${row.id}`)).map((a) => [a.action, a.detail])).toEqual([
        ["review_hidden", { status: ["published", "hidden"] }],
        ["review_published", { status: ["pending", "published"] }],
      ]);
    });

    it("lists subscribers by status and exports them as CSV a spreadsheet cannot run", async () => {
      await database.db.insert(newsletterSubscribers).values([
        { email: "c@example.com", status: "confirmed", confirmedAt: new Date("2026-02-02T10:00:00Z"), createdAt: new Date("2026-02-01T10:00:00Z"), lang: "fr" },
        // A valid address that a spreadsheet would read as a formula.
        { email: "=1+cmd@example.com", status: "confirmed", confirmedAt: new Date("2026-02-03T10:00:00Z"), createdAt: new Date("2026-02-03T09:00:00Z") },
        { email: "p@example.com", status: "pending", createdAt: new Date("2026-02-04T10:00:00Z") },
        { email: "u@example.com", status: "unsubscribed", createdAt: new Date("2026-01-01T10:00:00Z"), unsubscribedAt: new Date("2026-03-01T00:00:00Z") },
      ]);
      const confirmed = await listSubscribers(database.db, "confirmed");
      expect(confirmed.rows.map((s) => s.email)).toEqual(["=1+cmd@example.com", "c@example.com"]);
      expect(confirmed.counts).toEqual({ confirmed: 2, pending: 1, unsubscribed: 1 });

      const { csv, rows } = await subscribersCsv(database.db, "confirmed");
      expect(rows).toBe(2);
      const lines = csv
        .replace(/^\uFEFF/, "")
        .trimEnd()
        .split("\r\n");
      expect(lines).toEqual([
        "email,status,language,subscribed_at,confirmed_at,unsubscribed_at",
        "c@example.com,confirmed,fr,2026-02-01T10:00:00.000Z,2026-02-02T10:00:00.000Z,",
        "'=1+cmd@example.com,confirmed,en,2026-02-03T09:00:00.000Z,2026-02-03T10:00:00.000Z,",
      ]);
      expect((await subscribersCsv(database.db, "all")).rows).toBe(4);
    });
  });
}
