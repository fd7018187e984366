/**
 * Restoring an archive into an empty target: a data folder for the embedded database (DATA_DIR) or
 * an empty PostgreSQL database (DATABASE_URL), plus the media storage. Nothing is touched until the
 * whole archive has been read and checked; a failure after that removes what the restore made, so
 * the target is empty again.
 */
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { MIGRATIONS_DIR, openDatabase, type Database } from "../platform/db.server";
import { ARCHIVE_ENTRIES, readArchive, type Manifest } from "./archive.server";
import type { SequenceValue } from "./dump.server";
import { loadRows } from "./load.server";
import { isBackupKey, type MediaStorage } from "./media-storage.server";
import { BackupRefusal } from "./refusal.server";
import { migrationsUpTo, type SchemaVersion } from "./schema-version.server";

export interface RestoreTarget {
  /** PostgreSQL; unset = the embedded database in dataDir. */
  databaseUrl?: string;
  dataDir: string;
  media: MediaStorage | null;
}

export interface RestoreReport {
  manifest: Manifest;
  schema: SchemaVersion;
  rows: number;
  mediaFiles: number;
  /** Where the generated session secret was written, when the archive had one. */
  sessionSecretFile: string | null;
}

const pgliteDir = (dataDir: string) => path.resolve(dataDir, "pglite");

/** A PostgreSQL connection, the driver loaded on first use (the server starts without it; docs/decisions/061). */
async function postgresClient(connectionString: string) {
  const { default: pg } = await import("pg");
  return new pg.Client({ connectionString });
}

async function postgresTables(databaseUrl: string): Promise<number> {
  const client = await postgresClient(databaseUrl);
  try {
    await client.connect();
  } catch (error) {
    throw new BackupRefusal(`cannot reach the PostgreSQL database at DATABASE_URL: ${(error as Error).message}`);
  }
  try {
    const { rows } = await client.query<{ count: string }>(
      "select count(*)::text as count from pg_tables where schemaname not in ('pg_catalog', 'information_schema')",
    );
    return Number(rows[0]?.count ?? 0);
  } finally {
    await client.end();
  }
}

/** Refuses a target that holds anything: a restore never merges into, nor overwrites, a shop. */
async function assertEmptyTarget(target: RestoreTarget): Promise<void> {
  if (target.databaseUrl) {
    if ((await postgresTables(target.databaseUrl)) > 0) throw new BackupRefusal("the target is not empty: the PostgreSQL database at DATABASE_URL has tables");
  } else {
    if (target.dataDir === "memory://") throw new BackupRefusal("restore needs a DATA_DIR folder");
    const dir = pgliteDir(target.dataDir);
    if (existsSync(dir) && readdirSync(dir).length > 0) throw new BackupRefusal(`the target is not empty: ${dir} holds a database`);
  }
  if (target.media) {
    for await (const item of target.media.list()) {
      if (!isBackupKey(item.key)) throw new BackupRefusal("the target is not empty: the media storage holds files");
    }
  }
}

/** Drops whatever a failed restore made, so the target is as empty as it was found. */
async function undo(target: RestoreTarget, mediaWritten: string[]): Promise<void> {
  if (target.databaseUrl) {
    const client = await postgresClient(target.databaseUrl);
    await client.connect();
    try {
      await client.query("drop schema if exists drizzle cascade");
      const { rows } = await client.query<{ name: string }>("select tablename as name from pg_tables where schemaname = 'public'");
      for (const { name } of rows) await client.query(`drop table if exists public.${client.escapeIdentifier(name)} cascade`);
    } finally {
      await client.end();
    }
  } else {
    rmSync(pgliteDir(target.dataDir), { recursive: true, force: true });
  }
  for (const key of mediaWritten) await target.media?.delete(key).catch(() => {});
}

/** Applies the migrations in `folder` that `database` has not had yet. */
async function migrate(database: Database, folder: string): Promise<void> {
  if (database.kind === "postgres") {
    const { migrate: migratePg } = await import("drizzle-orm/node-postgres/migrator");
    await migratePg(database.db as unknown as Parameters<typeof migratePg>[0], { migrationsFolder: folder });
  } else await migratePglite(database.db as unknown as Parameters<typeof migratePglite>[0], { migrationsFolder: folder });
}

export interface RestoreOptions {
  key: Buffer | null;
  /** Progress lines for the person restoring. */
  log?: (line: string) => void;
}

export async function restoreBackup(file: string, target: RestoreTarget, { key, log = () => {} }: RestoreOptions): Promise<RestoreReport> {
  await assertEmptyTarget(target);
  const staging = mkdtempSync(path.join(tmpdir(), "trigger-shop-restore-"));
  try {
    // Pass 1: the whole archive is read and checked; the rows are staged, the media only hashed.
    const staged = new Map<string, string>();
    const verified = await readArchive(file, key, {
      data: async (name, body) => {
        const to = path.join(staging, name.replace(/\//g, "__"));
        await pipeline(body, createWriteStream(to));
        staged.set(name, to);
      },
    });
    const { manifest, schema } = verified;
    const mediaEntries = verified.entries.filter((e) => e.name.startsWith(ARCHIVE_ENTRIES.MEDIA));
    if (mediaEntries.length > 0 && !target.media)
      throw new BackupRefusal(`the archive holds ${mediaEntries.length} media files and this shop has no media storage configured`);
    log(
      `Archive of ${manifest.createdAt} (${manifest.source.database}, schema ${schema.tag}): ${manifest.tables.length} tables, ${mediaEntries.length} media files.`,
    );
    // Checked again: the target may have changed while the archive was read.
    await assertEmptyTarget(target);

    const written: string[] = [];
    try {
      const upTo = migrationsUpTo(schema);
      try {
        const database = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir, migrationsFolder: upTo.folder });
        try {
          const sequences = JSON.parse(readFileSync(staged.get(ARCHIVE_ENTRIES.SEQUENCES)!, "utf8")) as SequenceValue[];
          await loadRows(
            database.db,
            manifest.tables.map((t) => ({ name: t.name, rows: t.rows, file: staged.get(t.entry)! })),
            sequences,
          );
          log("Rows loaded; applying this version's later migrations…");
          await migrate(database, MIGRATIONS_DIR);
        } finally {
          await database.close();
        }
      } finally {
        upTo.remove();
      }

      if (mediaEntries.length > 0 && target.media) {
        log(`Copying ${mediaEntries.length} media files…`);
        const types = new Map(mediaEntries.map((e) => [e.name.slice(ARCHIVE_ENTRIES.MEDIA.length), e]));
        const media = target.media;
        // Pass 2: the media, checked again against the checksums as they are written.
        await readArchive(file, key, {
          media: async (mediaKey, body) => {
            const entry = types.get(mediaKey);
            written.push(mediaKey);
            await media.put(mediaKey, body, { contentType: entry?.contentType ?? "application/octet-stream", size: entry?.size });
          },
        });
      }
    } catch (error) {
      await undo(target, written);
      throw error;
    }

    let sessionSecretFile: string | null = null;
    const secret = staged.get(ARCHIVE_ENTRIES.SESSION_SECRET);
    if (secret) {
      // Embedded: the restored shop reads it from its folder. PostgreSQL: it waits there for SESSION_SECRET,
      // beside (never over) a secret the folder may already hold for another shop.
      const folder = path.resolve(target.dataDir === "memory://" ? "." : target.dataDir);
      const value = readFileSync(secret, "utf8");
      sessionSecretFile = path.join(folder, "session-secret");
      if (target.databaseUrl && existsSync(sessionSecretFile) && readFileSync(sessionSecretFile, "utf8").trim() !== value.trim()) {
        sessionSecretFile = path.join(folder, "session-secret.restored");
      }
      mkdirSync(folder, { recursive: true });
      writeFileSync(sessionSecretFile, value, { mode: 0o600 });
    }
    return { manifest, schema, rows: manifest.tables.reduce((sum, t) => sum + t.rows, 0), mediaFiles: mediaEntries.length, sessionSecretFile };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
