/**
 * Backups as the running shop provides them: the data folder's socket for `npm run backup` on the
 * embedded database, the scheduled job, and the status the console shows.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Database, Db } from "../platform/db.server";
import type { Env } from "../platform/env.server";
import type { Job } from "../platform/jobs.server";
import type { BackupSource } from "./backup.server";
import { backupControlHandler } from "./control-handler.server";
import { claimDataDir, type DataDirClaim } from "./control-socket.server";
import { parseBackupKey } from "../platform/backup-key.server";
import { BACKUP_PREFIX, type MediaStorage, type PrivateStorage } from "./media-storage.server";
import { backupStatus, type BackupStatus } from "./records.server";
import { scheduledBackupJob, type BackupDestination } from "./schedule.server";

export const backupKeyOf = (env: Pick<Env, "BACKUP_KEY">): Buffer | null => (env.BACKUP_KEY ? parseBackupKey(env.BACKUP_KEY) : null);

const backupIntervalMs = (env: Pick<Env, "BACKUP_INTERVAL_HOURS">): number | null =>
  env.BACKUP_INTERVAL_HOURS === undefined ? null : Math.round(env.BACKUP_INTERVAL_HOURS * 3_600_000);

export const backupDir = (env: Pick<Env, "BACKUP_DIR" | "DATA_DIR">): string => path.resolve(env.BACKUP_DIR ?? path.join(env.DATA_DIR, "backups"));

/**
 * The session secret when it is the one generated in the data folder (SESSION_SECRET unset, or set
 * to that same value): a restored shop needs it, or every order link already mailed stops working.
 */
export function generatedSessionSecret(dataDir: string, configured: string | undefined): string | null {
  const file = path.join(dataDir, "session-secret");
  if (dataDir === "memory://" || !existsSync(file)) return null;
  const stored = readFileSync(file, "utf8").trim();
  return !configured || configured === stored ? stored : null;
}

/** Takes the embedded database's folder for this process (null on PostgreSQL or in memory, which need no claim). */
export function claimEmbeddedDataDir(env: Pick<Env, "DATABASE_URL" | "DATA_DIR">): Promise<DataDirClaim> | null {
  return env.DATABASE_URL || env.DATA_DIR === "memory://" ? null : claimDataDir(env.DATA_DIR);
}

export interface ShopBackups {
  source(): BackupSource;
  /** For the embedded database's socket (`npm run backup` while the shop runs). */
  controlHandler: ReturnType<typeof backupControlHandler>;
  /** The scheduled backup, when BACKUP_INTERVAL_HOURS is set. */
  jobs: Job[];
}

export function shopBackups(
  env: Env,
  database: Database,
  storages: { media: MediaStorage | null; privateFiles: PrivateStorage },
  now: () => Date,
  log?: (message: string) => void,
): ShopBackups {
  const { media } = storages;
  const key = backupKeyOf(env);
  const source = (): BackupSource => ({ database, media, sessionSecret: generatedSessionSecret(env.DATA_DIR, env.SESSION_SECRET) });
  const intervalMs = backupIntervalMs(env);
  let destination: BackupDestination;
  if (env.BACKUP_TO === "storage") {
    destination = { kind: "storage", storage: storages.privateFiles };
  } else {
    destination = { kind: "folder", dir: backupDir(env) };
  }
  return {
    source,
    controlHandler: backupControlHandler(source, key, now),
    jobs: intervalMs === null ? [] : [scheduledBackupJob({ intervalMs, keep: env.BACKUP_KEEP, destination, source, key, log })],
  };
}

/**
 * For the console's dashboard: the last good backup (time, size, checksum, where), a failure since,
 * and whether it is older than twice BACKUP_INTERVAL_HOURS (a day when backups are not scheduled).
 */
export function shopBackupStatus(db: Db, env: Pick<Env, "BACKUP_INTERVAL_HOURS">, now: Date): Promise<BackupStatus> {
  return backupStatus(db, backupIntervalMs(env), now);
}

/**
 * Scheduled backups used to be written to the public media storage under backups/ (where GET /media
 * could serve them); moves any left there into the private storage, once, at start.
 */
export async function movePublicBackups(media: MediaStorage, privateFiles: PrivateStorage): Promise<string[]> {
  const moved: string[] = [];
  for await (const item of media.list(BACKUP_PREFIX)) {
    const body = await media.get(item.key);
    if (!body) continue;
    await privateFiles.put(item.key, body, { contentType: "application/octet-stream", size: item.size });
    await media.delete(item.key);
    moved.push(item.key);
  }
  return moved;
}
