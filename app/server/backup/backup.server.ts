/**
 * Taking a backup: one snapshot of the database staged to a temporary folder, then the archive
 * (archive.server.ts) written to a file, the media storage or any stream, and recorded in
 * backup_runs. Safe while the shop serves: the snapshot is a read-only transaction.
 */
import { chmodSync, createWriteStream, mkdirSync, mkdtempSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PassThrough, type Writable } from "node:stream";
import type { Database } from "../platform/db.server";
import { writeArchive, type WrittenArchive } from "./archive.server";
import { dumpDatabase } from "./dump.server";
import { BACKUP_PREFIX, type MediaStorage, type PrivateStorage } from "./media-storage.server";
import { recordBackupRun } from "./records.server";
import { checkSchemaVersion, type SchemaVersion } from "./schema-version.server";
import { safeErrorMessage } from "../platform/safe-error.server";

export interface BackupSource {
  database: Database;
  /** The shop's media storage; null when the shop has none configured (no media in the archive). */
  media: MediaStorage | null;
  /** The generated session secret (DATA_DIR/session-secret) when SESSION_SECRET is not set. */
  sessionSecret: string | null;
}

export interface BackupOptions {
  /** Encrypts the archive (BACKUP_KEY). */
  key: Buffer | null;
  trigger: "schedule" | "command";
  /** The clock the run's start and end (and a folder backup's name) are read from. */
  now: () => Date;
}

export interface BackupResult extends WrittenArchive {
  location: string;
  schema: SchemaVersion;
  encrypted: boolean;
  createdAt: Date;
  /** How long the database snapshot was held. */
  snapshotMs: number;
}

/** `trigger-shop-backup-20261125T101500Z.tar.gz`, `.tar.gz.enc` when encrypted: names sort by time. */
export function backupFileName(at: Date, encrypted: boolean): string {
  const stamp = at
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replace(/[-:]/g, "");
  return `trigger-shop-backup-${stamp}.tar.gz${encrypted ? ".enc" : ""}`;
}

export const BACKUP_NAME = /^trigger-shop-backup-\d{8}T\d{6}Z\.tar\.gz(\.enc)?$/;

/** Writes one archive of `source` into `sink`; on failure the sink is destroyed. */
async function writeBackup(source: BackupSource, sink: Writable, location: string, options: BackupOptions, startedAt: Date): Promise<BackupResult> {
  const staging = mkdtempSync(path.join(tmpdir(), "trigger-shop-backup-"));
  try {
    const dump = await dumpDatabase(source.database.db, staging);
    const check = checkSchemaVersion(dump.schemaWhen);
    if (!check.ok) throw new Error("The database's schema is newer than this code: back it up with the version of the shop that runs it");
    const written = await writeArchive(
      { createdAt: startedAt, schema: check.version, database: source.database.kind, dump, media: source.media, sessionSecret: source.sessionSecret },
      sink,
      options.key,
    );
    return { ...written, location, schema: check.version, encrypted: options.key !== null, createdAt: startedAt, snapshotMs: dump.snapshotMs };
  } catch (error) {
    sink.destroy();
    throw error;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Runs one backup and records how it went in backup_runs (a failure too, with its message). */
async function recorded(
  source: BackupSource,
  location: string,
  options: BackupOptions,
  run: (startedAt: Date) => Promise<BackupResult>,
): Promise<BackupResult> {
  const { now } = options;
  const startedAt = now();
  try {
    const result = await run(startedAt);
    await recordBackupRun(source.database.db, {
      status: "ok",
      trigger: options.trigger,
      startedAt,
      finishedAt: now(),
      location,
      sizeBytes: result.sizeBytes,
      sha256: result.sha256,
      encrypted: result.encrypted,
      schemaVersion: result.schema.tag,
    });
    return result;
  } catch (error) {
    await recordBackupRun(source.database.db, {
      status: "failed",
      trigger: options.trigger,
      startedAt,
      finishedAt: now(),
      location,
      encrypted: options.key !== null,
      error: safeErrorMessage(error).slice(0, 500),
    }).catch(() => {});
    throw error;
  }
}

/** A backup into any stream (the running shop answering `npm run backup` over its socket); `location` is where the caller puts it. */
export function backupToStream(source: BackupSource, sink: Writable, location: string, options: BackupOptions): Promise<BackupResult> {
  return recorded(source, location, options, (startedAt) => writeBackup(source, sink, location, options, startedAt));
}

/** A backup into `file` (written beside it as `.partial`, renamed once complete: a half-written file never looks like a backup). */
export function backupToFile(source: BackupSource, file: string, options: BackupOptions): Promise<BackupResult> {
  const target = path.resolve(file);
  return recorded(source, target, options, async (startedAt) => {
    // Folders made here are the shop user's alone (0700), like the archives in them (0600).
    mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
    const partial = `${target}.partial`;
    try {
      const result = await writeBackup(source, createWriteStream(partial, { mode: 0o600 }), target, options, startedAt);
      renameSync(partial, target);
      return result;
    } catch (error) {
      rmSync(partial, { force: true });
      throw error;
    }
  });
}

/**
 * A folder of backups (BACKUP_DIR, default DATA_DIR/backups): made 0700, and tightened to 0700 when it
 * exists more open (shops before issue 27 made it 0755) — only the shop's own user may list it.
 */
export function privateFolder(folder: string): void {
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  chmodSync(folder, 0o700);
}

/** A backup into a folder, named by its time. */
export function backupToFolder(source: BackupSource, folder: string, options: BackupOptions): Promise<BackupResult> {
  privateFolder(folder);
  const at = options.now();
  return backupToFile(source, path.join(folder, backupFileName(at, options.key !== null)), options);
}

/** A backup uploaded to the private storage under backups/ (docs/decisions/039). */
export function backupToStorage(source: BackupSource, storage: PrivateStorage, options: BackupOptions): Promise<BackupResult> {
  const at = options.now();
  const key = `${BACKUP_PREFIX}${backupFileName(at, options.key !== null)}`;
  return recorded(source, `storage:${key}`, options, async (startedAt) => {
    const body = new PassThrough();
    const uploading = storage.put(key, body, { contentType: "application/octet-stream" });
    try {
      const [result] = await Promise.all([writeBackup(source, body, `storage:${key}`, options, startedAt), uploading]);
      return result;
    } catch (error) {
      body.destroy();
      await uploading.catch(() => {});
      await storage.delete(key).catch(() => {});
      throw error;
    }
  });
}
