/**
 * The schema version of a database is the last drizzle migration applied to it. Migrations are
 * known by their journal time (`when`, drizzle's `created_at`), which survives the renumbering of
 * a migration's file name when branches merge; the tag is kept for people to read.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { MIGRATIONS_DIR } from "../platform/db.server";
import { queryRows, type Executor } from "./query.server";

export interface SchemaVersion {
  /** The migration's file name without .sql, e.g. 0005_backups. */
  tag: string;
  /** Its journal time (milliseconds): the identity drizzle records in __drizzle_migrations. */
  when: number;
  /** Its position in this code's journal, from 0. */
  index: number;
}

interface JournalEntry {
  idx: number;
  version: string;
  when: number;
  tag: string;
  breakpoints: boolean;
}

interface Journal {
  version: string;
  dialect: string;
  entries: JournalEntry[];
}

function readJournal(folder = MIGRATIONS_DIR): Journal {
  return JSON.parse(readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as Journal;
}

/** Every migration this code knows, oldest first. */
function knownMigrations(folder = MIGRATIONS_DIR): SchemaVersion[] {
  return readJournal(folder).entries.map((entry, index) => ({ tag: entry.tag, when: entry.when, index }));
}

/** The newest migration of this code: the version a database has once the shop has started. */
export function currentSchemaVersion(): SchemaVersion {
  const all = knownMigrations();
  return all[all.length - 1];
}

export type VersionCheck = { ok: true; version: SchemaVersion } | { ok: false; reason: "newer" | "unknown" };

/** Whether this code can rebuild a database at the version made at `when`. */
export function checkSchemaVersion(when: number): VersionCheck {
  const all = knownMigrations();
  const version = all.find((m) => m.when === when);
  if (version) return { ok: true, version };
  return { ok: false, reason: when > all[all.length - 1].when ? "newer" : "unknown" };
}

/** The last migration applied to `db` (read inside the caller's snapshot when given a transaction). */
export async function appliedSchemaVersion(db: Executor): Promise<number | null> {
  const [exists] = await queryRows<{ present: boolean }>(db, sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (!exists?.present) return null;
  const [row] = await queryRows<{ created_at: string | number }>(db, sql`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`);
  return row ? Number(row.created_at) : null;
}

/**
 * A folder holding this code's migrations up to and including `version` (a copy of the journal cut
 * there): a restore builds the archive's schema with it, loads the rows, then applies the rest.
 */
export function migrationsUpTo(version: SchemaVersion): { folder: string; remove(): void } {
  const journal = readJournal();
  const folder = mkdtempSync(path.join(tmpdir(), "trigger-shop-migrations-"));
  mkdirSync(path.join(folder, "meta"));
  const entries = journal.entries.slice(0, version.index + 1);
  for (const entry of entries) copyFileSync(path.join(MIGRATIONS_DIR, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  writeFileSync(path.join(folder, "meta", "_journal.json"), JSON.stringify({ ...journal, entries }));
  return {
    folder,
    remove: () => rmSync(folder, { recursive: true, force: true }),
  };
}
