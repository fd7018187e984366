/**
 * npm run restore -- FILE: puts a backup archive (npm run backup) into an empty target — the
 * embedded database in DATA_DIR, or the empty PostgreSQL database at DATABASE_URL (the way from the
 * embedded database to PostgreSQL). Refuses, in one line and changing nothing, a damaged, truncated,
 * foreign or too-new archive, one encrypted with another key than BACKUP_KEY, and a target that
 * holds anything (docs/decisions/031-backup-archive.md).
 */
import path from "node:path";
import { claimDataDir } from "../app/server/backup/control-socket.server";
import { BackupRefusal } from "../app/server/backup/refusal.server";
import { restoreBackup } from "../app/server/backup/restore.server";
import { backupKeyOf } from "../app/server/backup/shop.server";
import { parseEnv } from "../app/server/platform/env.server";
import { safeErrorMessage } from "../app/server/platform/safe-error.server";
import { createMediaStorage } from "../app/server/media/media.server";
import { mediaSettings } from "../app/server/media/media-env.server";

async function main(): Promise<void> {
  const file = process.argv.slice(2).find((arg) => !arg.startsWith("--"));
  if (!file) throw new BackupRefusal("name the archive: npm run restore -- FILE");
  // A restore signs nothing: a placeholder keeps parseEnv from writing a secret into the target.
  const env = parseEnv({ ...process.env, SESSION_SECRET: process.env.SESSION_SECRET || "x".repeat(32) });
  // Nothing else may open the embedded database meanwhile (a shop starting on the same folder).
  const claim = env.DATABASE_URL ? null : await claimDataDir(env.DATA_DIR);
  try {
    const target = env.DATABASE_URL ? "the PostgreSQL database at DATABASE_URL" : path.resolve(env.DATA_DIR);
    // Media: the lead wires the shop's MediaStorage here once it lands (as in server/app.ts).
    const report = await restoreBackup(
      path.resolve(file),
      { databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, media: createMediaStorage(mediaSettings(env).storage) },
      { key: backupKeyOf(env), log: (line) => console.log(line) },
    );
    console.log(`Restored into ${target}: ${report.rows} rows, ${report.mediaFiles} media files; schema ${report.schema.tag}, then this version's migrations.`);
    if (report.sessionSecretFile) {
      console.log(
        env.DATABASE_URL
          ? `The shop's session secret is in ${report.sessionSecretFile}: start the shop with SESSION_SECRET="$(cat ${report.sessionSecretFile})" so the order links already mailed keep working.`
          : `The shop's session secret is back in ${report.sessionSecretFile}: the order links already mailed keep working.`,
      );
    }
    console.log("Start the shop as usual (npm start).");
  } finally {
    await claim?.release();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    if (error instanceof BackupRefusal || (error instanceof Error && error.name === "DataDirBusy")) console.error(`Refused: ${error.message}`);
    // The database's own cause, never the rows being written (drizzle prints a query's parameters).
    else console.error(`Restore failed: ${safeErrorMessage(error)}`);
    process.exit(1);
  },
);
