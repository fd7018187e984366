/**
 * npm run backup [-- FILE]: one archive of the shop (docs/decisions/031-backup-archive.md), into
 * FILE or BACKUP_DIR (DATA_DIR/backups) named by its time; encrypted when BACKUP_KEY is set.
 *
 * On PostgreSQL (DATABASE_URL) it reads the database itself, in one snapshot, while the shop serves.
 * On the embedded database only one process may open the data folder: when a shop runs on it, the
 * shop makes the archive and streams it here over DATA_DIR/shop.sock; when none runs, this command
 * holds the folder (a shop cannot start meanwhile) and reads it itself.
 */
import { createHash } from "node:crypto";
import { createWriteStream, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { Transform } from "node:stream";
import { backupFileName, backupToFile, privateFolder, type BackupResult } from "../app/server/backup/backup.server";
import { RESULT_TRAILER } from "../app/server/backup/control-handler.server";
import { claimDataDir, requestBackupFromShop } from "../app/server/backup/control-socket.server";
import { backupDir, backupKeyOf, generatedSessionSecret } from "../app/server/backup/shop.server";
import { openDatabase } from "../app/server/platform/db.server";
import { parseEnv } from "../app/server/platform/env.server";
import { safeErrorMessage } from "../app/server/platform/safe-error.server";
import { createMediaStorage } from "../app/server/media/media.server";
import { mediaSettings } from "../app/server/media/media-env.server";

function describe(result: Pick<BackupResult, "location" | "sizeBytes" | "sha256" | "rows" | "mediaFiles"> & { schema: string; encrypted: boolean }): string {
  const size = result.sizeBytes >= 1024 * 1024 ? `${(result.sizeBytes / 1024 / 1024).toFixed(1)} MB` : `${(result.sizeBytes / 1024).toFixed(1)} KB`;
  return `Backup written: ${result.location} (${size}, ${result.rows} rows, ${result.mediaFiles} media files, schema ${result.schema}${result.encrypted ? ", encrypted" : ""})\nsha256 ${result.sha256}`;
}

async function fromRunningShop(dataDir: string, file: string, key: string | null): Promise<string | null> {
  const response = await requestBackupFromShop(dataDir, { location: file, key });
  if (!response) return null;
  if (response.statusCode !== 200) {
    let text = "";
    for await (const chunk of response) text += String(chunk);
    throw new Error(`The running shop could not make the backup: ${text.trim() || `HTTP ${response.statusCode}`}`);
  }
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const partial = `${file}.partial`;
  const hash = createHash("sha256");
  let size = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  try {
    await pipeline(response, tap, createWriteStream(partial, { mode: 0o600 }));
    const trailer = response.trailers[RESULT_TRAILER];
    if (!response.complete || !trailer) throw new Error("The running shop stopped before the archive was complete");
    const result = JSON.parse(trailer) as { sizeBytes: number; sha256: string; schema: string; rows: number; mediaFiles: number; encrypted: boolean };
    const sha256 = hash.digest("hex");
    if (result.sha256 !== sha256 || result.sizeBytes !== size) throw new Error("The archive received differs from the one the shop sent");
    renameSync(partial, file);
    return describe({ ...result, location: file });
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}

async function main(): Promise<void> {
  // The command signs nothing: a placeholder keeps parseEnv from generating a secret in a wrong DATA_DIR.
  const env = parseEnv({ ...process.env, SESSION_SECRET: process.env.SESSION_SECRET || "x".repeat(32) });
  const key = backupKeyOf(env);
  const requested = process.argv.slice(2).find((arg) => !arg.startsWith("--"));
  const file = path.resolve(requested ?? path.join(backupDir(env), backupFileName(new Date(), key !== null)));
  if (!requested) privateFolder(backupDir(env)); // the default folder is the shop user's alone (0700)
  const sessionSecret = generatedSessionSecret(env.DATA_DIR, process.env.SESSION_SECRET);

  if (!env.DATABASE_URL) {
    if (env.DATA_DIR === "memory://") throw new Error("DATA_DIR is memory://: there is nothing on disk to back up");
    const viaShop = await fromRunningShop(env.DATA_DIR, file, env.BACKUP_KEY ?? null);
    if (viaShop) {
      console.log(`${viaShop}\n(made by the shop running on ${path.resolve(env.DATA_DIR)})`);
      return;
    }
    const pglite = path.resolve(env.DATA_DIR, "pglite");
    if (!existsSync(pglite) || readdirSync(pglite).length === 0)
      throw new Error(`No database in ${path.resolve(env.DATA_DIR)}: set DATA_DIR (or DATABASE_URL) to the shop's`);
  }
  const claim = env.DATABASE_URL ? null : await claimDataDir(env.DATA_DIR);
  try {
    // The schema is left as it is: a backup never migrates the database it copies.
    const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, migrationsFolder: null });
    try {
      // Media: the lead wires the shop's MediaStorage here once it lands (as in server/app.ts).
      const result = await backupToFile({ database, media: createMediaStorage(mediaSettings(env).storage), sessionSecret }, file, {
        key,
        trigger: "command",
        now: () => new Date(),
      });
      console.log(describe({ ...result, schema: result.schema.tag }));
    } finally {
      await database.close();
    }
  } finally {
    await claim?.release();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`Backup failed: ${safeErrorMessage(error)}`);
    process.exit(1);
  },
);
