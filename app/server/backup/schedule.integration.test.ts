import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { localMediaStorage } from "../../../tests/setup/local-media";
import { seededDatabase, testDatabases } from "../../../tests/setup/databases";
import type { Database } from "../platform/db.server";
import { readArchive } from "./archive.server";
import { backupStatus, recordBackupRun } from "./records.server";
import { runScheduledBackup, type ScheduleOptions } from "./schedule.server";

const HOUR = 3_600_000;

for (const target of testDatabases()) {
  describe(`scheduled backups on ${target.name}`, () => {
    const database = seededDatabase(target);
    const dir = mkdtempSync(path.join(tmpdir(), "ops-schedule-"));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const shop = () => ({ database: { db: database.db, kind: target.name, close: async () => {} } as Database, media: null, sessionSecret: null });

    it("backs up when due, not again until the interval has passed, keeping the newest few; the status follows", async () => {
      const folder = path.join(dir, "folder");
      let now = new Date("2026-11-25T10:00:00Z");
      const options: ScheduleOptions = { intervalMs: 6 * HOUR, keep: 2, destination: { kind: "folder", dir: folder }, source: shop, key: null, now: () => now };
      expect(await backupStatus(database.db, 6 * HOUR, now)).toMatchObject({ last: null, stale: true });

      const first = await runScheduledBackup(options);
      // The folder is the shop user's alone, like its files (issue 27).
      expect(statSync(folder).mode & 0o777).toBe(0o700);
      expect(statSync(first!.location).mode & 0o777).toBe(0o600);
      expect(first?.location).toBe(path.join(folder, "trigger-shop-backup-20261125T100000Z.tar.gz"));
      await readArchive(first!.location, null);
      // Restarted an hour later: nothing is due yet.
      now = new Date(now.getTime() + HOUR);
      expect(await runScheduledBackup(options)).toBeNull();
      expect(await backupStatus(database.db, 6 * HOUR, now)).toMatchObject({
        last: { location: first!.location, sizeBytes: first!.sizeBytes, sha256: first!.sha256, trigger: "schedule", encrypted: false },
        lastFailure: null,
        stale: false,
      });

      writeFileSync(path.join(folder, "notes.txt"), "the seller's own file");
      for (const hours of [6, 12, 18]) {
        now = new Date(Date.parse("2026-11-25T10:00:00Z") + hours * HOUR);
        expect(await runScheduledBackup(options)).not.toBeNull();
      }
      expect(readdirSync(folder).sort()).toEqual(["notes.txt", "trigger-shop-backup-20261125T220000Z.tar.gz", "trigger-shop-backup-20261126T040000Z.tar.gz"]);

      // Twice the interval without a good backup: time to worry; a failure since is shown.
      now = new Date(Date.parse("2026-11-26T04:00:00Z") + 12 * HOUR + 1000);
      await recordBackupRun(database.db, { status: "failed", trigger: "schedule", startedAt: now, finishedAt: now, location: folder, error: "disk full" });
      const status = await backupStatus(database.db, 6 * HOUR, now);
      expect(status).toMatchObject({
        stale: true,
        lastFailure: { error: "disk full" },
        last: { location: path.join(folder, "trigger-shop-backup-20261126T040000Z.tar.gz") },
      });
      // Unscheduled: a day is the limit.
      expect((await backupStatus(database.db, null, new Date(Date.parse("2026-11-26T04:00:00Z") + 23 * HOUR))).stale).toBe(false);
      expect((await backupStatus(database.db, null, new Date(Date.parse("2026-11-26T04:00:00Z") + 25 * HOUR))).stale).toBe(true);
    });

    it("tightens a backup folder an older shop made 0755 to 0700 at the next backup", async () => {
      const folder = path.join(dir, "old-default");
      mkdirSync(folder, { mode: 0o755 });
      const now = new Date("2026-12-25T10:00:00Z"); // due: the last backup above is a month older
      await runScheduledBackup({ intervalMs: HOUR, keep: 1, destination: { kind: "folder", dir: folder }, source: shop, key: null, now: () => now });
      expect(statSync(folder).mode & 0o777).toBe(0o700);
    });

    it("puts backups in the media storage under backups/, pruning only those", async () => {
      const storage = localMediaStorage(path.join(dir, "storage"));
      await storage.put("products/2/photo.webp", Buffer.from("a photo"), { contentType: "image/webp" });
      let now = new Date("2027-01-01T00:00:00Z");
      const options: ScheduleOptions = { intervalMs: HOUR, keep: 1, destination: { kind: "storage", storage }, source: shop, key: null, now: () => now };
      await runScheduledBackup(options);
      now = new Date(now.getTime() + HOUR);
      const second = await runScheduledBackup(options);
      expect(second?.location).toBe("storage:backups/trigger-shop-backup-20270101T010000Z.tar.gz");
      const keys: string[] = [];
      for await (const item of storage.list()) keys.push(item.key);
      expect(keys.sort()).toEqual(["backups/trigger-shop-backup-20270101T010000Z.tar.gz", "products/2/photo.webp"]);
      const stored = await storage.head("backups/trigger-shop-backup-20270101T010000Z.tar.gz");
      expect(stored?.size).toBe(second?.sizeBytes);
    });
  });
}
