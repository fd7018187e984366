import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "../../db/schema";

export type Schema = typeof schema;
/** Both drivers speak the same PostgreSQL dialect; code only sees this common type. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** PostgreSQL's pool, for work that needs a connection of its own (jobs' advisory locks). */
  pool?: pg.Pool;
  close(): Promise<void>;
}

// Two levels up from app/server/ in source and from build/server/ once bundled.
const here = path.dirname(fileURLToPath(import.meta.url));
export const MIGRATIONS_DIR = path.resolve(here, "../../db/migrations");

export interface OpenOptions {
  databaseUrl?: string;
  /** PGlite data folder; "memory://" for a throwaway database. */
  dataDir: string;
}

/** Opens PostgreSQL when a URL is given, else the embedded PGlite database, and migrates it. */
export async function openDatabase({ databaseUrl, dataDir }: OpenOptions): Promise<Database> {
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    // An idle client dropped by the server (restart, failover) must not crash the process;
    // the pool replaces it on the next query.
    pool.on("error", (error) => console.error(`PostgreSQL idle client error: ${error.message}`));
    const db = drizzlePg({ client: pool, schema });
    await migratePg(db, { migrationsFolder: MIGRATIONS_DIR });
    return { db: db as unknown as Db, kind: "postgres", pool, close: () => pool.end() };
  }
  let dir: string | undefined;
  if (dataDir !== "memory://") {
    // PGlite refuses a data dir whose parent folder is missing.
    dir = path.resolve(dataDir, "pglite");
    mkdirSync(path.dirname(dir), { recursive: true });
  }
  const client = dir ? new PGlite(dir) : new PGlite();
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
  return { db: db as unknown as Db, kind: "pglite", close: () => client.close() };
}

let current: Database | undefined;

export function setDatabase(database: Database): void {
  current = database;
}

export function getDb(): Db {
  if (!current) throw new Error("The database is not open yet");
  return current.db;
}
