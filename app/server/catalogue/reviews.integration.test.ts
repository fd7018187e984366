import { describe, expect, it } from "vitest";
import { hit } from "../platform/rate-limit.server";
import { listPublishedReviews, REVIEW_WAIT_MINUTES, submitReview } from "./reviews.server";
import { seededDatabase, testDatabases } from "../../../tests/setup/databases";

const review = (over: Record<string, unknown> = {}) => ({
  productId: "2",
  name: "Alex",
  rating: 5,
  comment: "Delivered fast and works perfectly on mobile.",
  ...over,
});

for (const target of testDatabases()) {
  describe(`forms on ${target.name}`, () => {
    const database = seededDatabase(target);

    it("rate limits per bucket and key within a window, then resets", async () => {
      const rule = { bucket: "t", limit: 2, windowMs: 60_000 };
      const t0 = new Date("2026-01-01T00:00:10Z");
      expect((await hit(database.db, rule, "a", t0)).allowed).toBe(true);
      expect((await hit(database.db, rule, "a", t0)).allowed).toBe(true);
      const third = await hit(database.db, rule, "a", t0);
      expect(third).toMatchObject({ allowed: false, count: 3, retryAfter: 50 });
      expect((await hit(database.db, rule, "b", t0)).allowed).toBe(true);
      expect((await hit(database.db, rule, "a", new Date("2026-01-01T00:01:00Z"))).allowed).toBe(true);
    });

    it("holds a rate limit under concurrent hits", async () => {
      const rule = { bucket: "race", limit: 5, windowMs: 60_000 };
      const now = new Date();
      const results = await Promise.all(Array.from({ length: 12 }, () => hit(database.db, rule, "x", now)));
      expect(results.filter((r) => r.allowed)).toHaveLength(5);
    });

    it("stores a review, then makes the same client wait, then refuses an identical one", async () => {
      const t0 = new Date("2026-03-01T10:00:00Z");
      const first = await submitReview(database.db, review(), "c2", t0);
      expect(first.ok).toBe(true);
      const soon = await submitReview(database.db, review({ comment: "Another review, long enough to count." }), "c2", new Date(t0.getTime() + 60_000));
      expect(soon).toMatchObject({ ok: false, code: "review_wait", vars: { minutes: REVIEW_WAIT_MINUTES - 1 } });
      const dup = await submitReview(database.db, review({ comment: "  delivered FAST and works perfectly on mobile. " }), "c3", t0);
      expect(dup).toMatchObject({ ok: false, code: "review_duplicate" });
      const listed = await listPublishedReviews(database.db, "2");
      expect(listed.map((r) => r.comment)).toContain("Delivered fast and works perfectly on mobile.");
    });
  });
}
