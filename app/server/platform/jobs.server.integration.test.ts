import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { rateLimits } from "../../../db/schema";
import { openDatabase, type Database } from "./db.server";
import { jobLock, startJobs } from "./jobs.server";
import { serverJobs } from "../jobs.server";
import { createFreshPostgres, seededDatabase, testDatabases } from "../../../tests/setup/databases";
import { TEST_SITE } from "../../../tests/fixtures/site";

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)("job locks on PostgreSQL, two processes sharing one database", () => {
  let fresh: Awaited<ReturnType<typeof createFreshPostgres>>;
  let first: Database;
  let second: Database;
  beforeAll(async () => {
    fresh = await createFreshPostgres(url!);
    // Two pools stand for two server processes.
    first = await openDatabase({ databaseUrl: fresh.url, dataDir: "unused" });
    second = await openDatabase({ databaseUrl: fresh.url, dataDir: "unused" });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await fresh?.drop();
  });

  it("skips a job another process is running, and runs it once that one is done", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const holder = jobLock(first)("contended", async () => {
      entered();
      await held;
    });
    await inside;
    let ranSecond = false;
    expect(await jobLock(second)("contended", async () => void (ranSecond = true))).toBe(false);
    expect(ranSecond).toBe(false);
    // Another job's lock is independent.
    expect(await jobLock(second)("other", async () => {})).toBe(true);
    release();
    expect(await holder).toBe(true);
    expect(await jobLock(second)("contended", async () => void (ranSecond = true))).toBe(true);
    expect(ranSecond).toBe(true);
  });

  it("releases the lock when the job fails", async () => {
    await expect(jobLock(first)("failing", () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await jobLock(second)("failing", async () => {})).toBe(true);
  });

  it("never runs the job body in two processes at once", async () => {
    let active = 0;
    let maxActive = 0;
    let runs = 0;
    const job = {
      name: "exclusive",
      intervalMs: 5,
      jitter: 0,
      async run(db: Database["db"]) {
        active += 1;
        maxActive = Math.max(maxActive, active);
        // Real work on the database, long enough for the other runner to try meanwhile.
        await db.execute("select pg_sleep(0.03)");
        active -= 1;
        runs += 1;
      },
    };
    const runners = [first, second].map((database) =>
      startJobs({ db: database.db, jobs: [job], lock: jobLock(database), now: () => new Date(), logger: { error: () => {} } }),
    );
    await expect.poll(() => runs, { timeout: 10_000 }).toBeGreaterThanOrEqual(12);
    await Promise.all(runners.map((runner) => runner.stop()));
    expect(maxActive).toBe(1);
  });
});

for (const target of testDatabases()) {
  describe(`the prune-rate-limits job on ${target.name}`, () => {
    const database = seededDatabase(target);

    it("deletes rate-limit windows older than a day and keeps recent ones", async () => {
      const now = Date.now();
      await database.db.insert(rateLimits).values([
        { bucket: "contact", key: "old", windowStart: new Date(now - 25 * 60 * 60_000), count: 3 },
        { bucket: "contact", key: "recent", windowStart: new Date(now - 60 * 60_000), count: 2 },
      ]);
      const runner = startJobs({
        db: database.db,
        jobs: serverJobs({ paypal: null, mail: { email: null, discord: null }, site: TEST_SITE }),
        lock: jobLock({}),
        now: () => new Date(now),
      });
      try {
        await expect.poll(async () => (await database.db.select().from(rateLimits).where(eq(rateLimits.key, "old"))).length).toBe(0);
      } finally {
        await runner.stop();
      }
      const kept = await database.db.select().from(rateLimits).where(eq(rateLimits.key, "recent"));
      expect(kept.map((row) => row.count)).toEqual([2]);
    });
  });
}
