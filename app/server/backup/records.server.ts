/**
 * The record of every backup (backup_runs), shared by every process through the database: the
 * console's dashboard and /metrics read the last good one from here.
 */
import { and, desc, eq } from "drizzle-orm";
import { backupRuns } from "../../../db/schema";
import type { Db } from "../platform/db.server";

export type BackupRun = typeof backupRuns.$inferSelect;
export type NewBackupRun = typeof backupRuns.$inferInsert;

export async function recordBackupRun(db: Db, run: NewBackupRun): Promise<void> {
  await db.insert(backupRuns).values(run);
}

export async function lastBackupRun(db: Db, options: { trigger?: BackupRun["trigger"]; status?: BackupRun["status"] } = {}): Promise<BackupRun | null> {
  const conditions = [
    ...(options.status ? [eq(backupRuns.status, options.status)] : []),
    ...(options.trigger ? [eq(backupRuns.trigger, options.trigger)] : []),
  ];
  const [row] = await db
    .select()
    .from(backupRuns)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(backupRuns.finishedAt), desc(backupRuns.id))
    .limit(1);
  return row ?? null;
}

/** Without a schedule, a backup older than this is still worth a warning. */
const UNSCHEDULED_WARNING_MS = 24 * 60 * 60_000;

export interface BackupStatus {
  /** The last backup that succeeded (scheduled or by command), or null. */
  last: Pick<BackupRun, "finishedAt" | "sizeBytes" | "sha256" | "location" | "trigger" | "encrypted" | "schemaVersion"> | null;
  /** The last attempt, when it failed after the last success. */
  lastFailure: Pick<BackupRun, "finishedAt" | "error" | "trigger"> | null;
  /** The schedule's interval, or null when backups are not scheduled (BACKUP_INTERVAL_HOURS unset). */
  intervalMs: number | null;
  /** No good backup, or the last one is older than twice the interval (a day when unscheduled). */
  stale: boolean;
}

/**
 * What the console's dashboard tile shows: the last good backup, a failure since, and whether it is
 * time to worry (older than twice the interval).
 */
export async function backupStatus(db: Db, intervalMs: number | null, now: Date): Promise<BackupStatus> {
  const last = await lastBackupRun(db, { status: "ok" });
  const latest = await lastBackupRun(db);
  const limit = intervalMs === null ? UNSCHEDULED_WARNING_MS : 2 * intervalMs;
  return {
    last: last
      ? {
          finishedAt: last.finishedAt,
          sizeBytes: last.sizeBytes,
          sha256: last.sha256,
          location: last.location,
          trigger: last.trigger,
          encrypted: last.encrypted,
          schemaVersion: last.schemaVersion,
        }
      : null,
    lastFailure: latest && latest.status === "failed" ? { finishedAt: latest.finishedAt, error: latest.error, trigger: latest.trigger } : null,
    intervalMs,
    stale: !last || now.getTime() - last.finishedAt.getTime() > limit,
  };
}
