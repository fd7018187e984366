/**
 * Scheduled backups on the job runner: every BACKUP_INTERVAL_HOURS into a folder (BACKUP_DIR) or
 * the private storage (BACKUP_TO=storage, under backups/; never the public media), keeping the newest BACKUP_KEEP. The job
 * looks often and backs up only when the last scheduled backup (recorded in the database, so every
 * process agrees) is older than the interval: a restart does not make an extra one.
 */
import { readdirSync, rmSync } from "node:fs";
import path from "node:path";
import type { Job } from "../platform/jobs.server";
import { BACKUP_NAME, backupToFolder, backupToStorage, type BackupResult, type BackupSource } from "./backup.server";
import { BACKUP_PREFIX, type PrivateStorage } from "./media-storage.server";
import { lastBackupRun } from "./records.server";

export type BackupDestination = { kind: "folder"; dir: string } | { kind: "storage"; storage: PrivateStorage };

export interface ScheduleOptions {
  intervalMs: number;
  keep: number;
  destination: BackupDestination;
  source: () => BackupSource;
  key: Buffer | null;
  log?: (message: string) => void;
  now: () => Date;
}

/** How often the job checks whether a backup is due. */
const CHECK_MS = 10 * 60_000;

/** Removes all but the newest `keep` backups this shop named (anything else in the place is left alone). */
async function pruneBackups(destination: BackupDestination, keep: number): Promise<string[]> {
  if (destination.kind === "folder") {
    let names: string[];
    try {
      names = readdirSync(destination.dir).filter((name) => BACKUP_NAME.test(name));
    } catch {
      return [];
    }
    const old = names.sort().reverse().slice(keep);
    for (const name of old) rmSync(path.join(destination.dir, name), { force: true });
    return old;
  }
  const keys: string[] = [];
  for await (const item of destination.storage.list(BACKUP_PREFIX)) {
    if (BACKUP_NAME.test(item.key.slice(BACKUP_PREFIX.length))) keys.push(item.key);
  }
  const old = keys.sort().reverse().slice(keep);
  for (const key of old) await destination.storage.delete(key);
  return old;
}

/** Takes a scheduled backup now if one is due; resolves with it, or null when not due. */
export async function runScheduledBackup(options: ScheduleOptions): Promise<BackupResult | null> {
  const { now } = options;
  const source = options.source();
  const last = await lastBackupRun(source.database.db, { trigger: "schedule", status: "ok" });
  // A little slack, so a check landing just before the hour does not wait a whole extra check.
  if (last && now().getTime() - last.finishedAt.getTime() < options.intervalMs - Math.min(CHECK_MS, options.intervalMs) / 2) return null;
  const backupOptions = { key: options.key, trigger: "schedule" as const, now };
  const result =
    options.destination.kind === "folder"
      ? await backupToFolder(source, options.destination.dir, backupOptions)
      : await backupToStorage(source, options.destination.storage, backupOptions);
  const removed = await pruneBackups(options.destination, options.keep);
  options.log?.(`Backup written to ${result.location} (${result.sizeBytes} bytes)${removed.length > 0 ? `; removed ${removed.length} older` : ""}`);
  return result;
}

/** The job checks with the runner's clock (services.now). */
export function scheduledBackupJob(options: Omit<ScheduleOptions, "now">): Job {
  return {
    name: "scheduled-backup",
    intervalMs: Math.min(CHECK_MS, options.intervalMs),
    jitter: 0.1,
    run: async (_db, now) => void (await runScheduledBackup({ ...options, now })),
  };
}
