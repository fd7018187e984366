import { cpSync, existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type pg from "pg";
import * as schema from "../../../db/schema";

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

/**
 * A live LISTEN on one channel. `live` is false while the listening connection is down: messages
 * sent meanwhile are lost, so whoever relies on them must not trust what it remembers.
 */
export interface Subscription {
  readonly live: boolean;
  /** Settles once the first LISTEN is in place (or failed: then `live` stays false for now). */
  readonly ready: Promise<void>;
}

/** Called for every message on the channel and after each (re)connection, since messages may have been missed. */
export type ChannelListener = (payload: string | null) => void;

const RECONNECT_MS = 1000;

/**
 * Listens on a PostgreSQL channel over its own connection (a pooled one can't hold a LISTEN),
 * reconnecting after a failure. Channel names are fixed identifiers of this code, never input.
 */
function listenOnPostgres(
  Client: typeof pg.Client,
  databaseUrl: string,
  channel: string,
  listener: ChannelListener,
  closing: Set<() => Promise<void>>,
): Subscription {
  if (!/^[a-z_]+$/.test(channel)) throw new Error(`Invalid channel name: ${channel}`);
  let live = false;
  let stopped = false;
  let client: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const next = new Client({ connectionString: databaseUrl });
    client = next;
    const lost = () => {
      if (client !== next) return;
      live = false;
      client = undefined;
      void next.end().catch(() => {});
      if (!stopped) timer = setTimeout(() => void connect(), RECONNECT_MS).unref();
    };
    next.on("error", (error) => {
      console.error(`PostgreSQL listener error on ${channel}: ${error.message}`);
      lost();
    });
    next.on("end", lost);
    next.on("notification", (message) => {
      if (message.channel === channel) listener(message.payload ?? null);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
      live = true;
      listener(null);
    } catch (error) {
      console.error(`PostgreSQL listener could not start on ${channel}: ${(error as Error).message}`);
      lost();
    }
  };
  closing.add(async () => {
    stopped = true;
    clearTimeout(timer);
    live = false;
    await client?.end().catch(() => {});
  });
  const ready = connect();
  return {
    get live() {
      return live;
    },
    ready,
  };
}

const listeners = new WeakMap<Db, (channel: string, listener: ChannelListener) => Subscription>();

/**
 * Hears NOTIFY messages on `channel` from every process sharing the database. On PGlite there is
 * one process only: nothing arrives from elsewhere, so the subscription is simply live.
 * Returns undefined for a Db not opened by openDatabase.
 */
export function listen(db: Db, channel: string, listener: ChannelListener): Subscription | undefined {
  return listeners.get(db)?.(channel, listener);
}

/**
 * The committed migrations: found by walking up from this module, which sits in app/server/ in
 * source and at a build-dependent depth once bundled (build/server/, or a chunk in build/server/assets/).
 */
function findMigrationsDir(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, "db", "migrations");
    if (existsSync(path.join(candidate, "meta", "_journal.json"))) return candidate;
    if (path.dirname(dir) === dir) throw new Error(`db/migrations not found above ${from}`);
  }
}

export const MIGRATIONS_DIR = findMigrationsDir(path.dirname(fileURLToPath(import.meta.url)));

/**
 * An empty embedded cluster made at build time (`scripts/pglite-template.mjs` → BUILD_DIR/pglite-template):
 * a first start copies it instead of running initdb, whose WebAssembly run peaked at ≈ 770 MB of RSS
 * (docs/decisions/037). Found beside the bundled server (build/server/… → build/pglite-template) or at
 * PGLITE_TEMPLATE_DIR; without one (development, tests from source) a first start runs initdb as before.
 */
function findPgliteTemplate(from: string): string | null {
  const configured = process.env.PGLITE_TEMPLATE_DIR;
  if (configured) return existsSync(path.join(configured, "PG_VERSION")) ? configured : null;
  let dir = from;
  for (let i = 0; i < 3; i++, dir = path.dirname(dir)) {
    const candidate = path.join(dir, "pglite-template");
    if (existsSync(path.join(candidate, "PG_VERSION"))) return candidate;
  }
  return null;
}

const PGLITE_TEMPLATE = findPgliteTemplate(path.dirname(fileURLToPath(import.meta.url)));

/** Copies the template into a new database folder (through a temporary name: a crash leaves no half copy). */
function createFromTemplate(dir: string, template: string): void {
  const partial = `${dir}.partial`;
  rmSync(partial, { recursive: true, force: true });
  cpSync(template, partial, { recursive: true });
  renameSync(partial, dir);
}

export interface OpenOptions {
  databaseUrl?: string;
  /** PGlite data folder; "memory://" for a throwaway database. */
  dataDir: string;
  /**
   * The migrations applied on open: MIGRATIONS_DIR by default; another folder (a restore applies
   * those up to its archive's version first), or null to leave the schema as it is (a backup).
   */
  migrationsFolder?: string | null;
}

/**
 * The embedded database's own settings (written to its postgresql.conf). PostgreSQL's default
 * 128 MB of shared buffers lives in the WebAssembly memory and was most of the process's resident
 * size (≈ 370 MB at rest); a shop's catalogue and orders fit in 16 MB many times over, and reads
 * that miss it come from the operating system's file cache (README, Performance figures).
 */
const PGLITE_CONF = ["shared_buffers = 16MB"];

/** Opens PostgreSQL when a URL is given, else the embedded PGlite database, and migrates it. */
export async function openDatabase({ databaseUrl, dataDir, migrationsFolder = MIGRATIONS_DIR }: OpenOptions): Promise<Database> {
  if (databaseUrl) {
    // The PostgreSQL driver is loaded only for a PostgreSQL database: on the embedded one it would
    // be ≈ 12 MB resident for nothing (docs/decisions/061).
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import("pg"),
      import("drizzle-orm/node-postgres"),
      import("drizzle-orm/node-postgres/migrator"),
    ]);
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    // An idle client dropped by the server (restart, failover) must not crash the process;
    // the pool replaces it on the next query.
    pool.on("error", (error) => console.error(`PostgreSQL idle client error: ${error.message}`));
    const db = drizzlePg({ client: pool, schema });
    if (migrationsFolder) await migratePg(db, { migrationsFolder });
    const closing = new Set<() => Promise<void>>();
    listeners.set(db as unknown as Db, (channel, listener) => listenOnPostgres(pg.Client, databaseUrl, channel, listener, closing));
    const close = async () => {
      await Promise.all([...closing].map((stop) => stop()));
      await pool.end();
    };
    return { db: db as unknown as Db, kind: "postgres", pool, close };
  }
  let dir: string | undefined;
  if (dataDir !== "memory://") {
    // PGlite refuses a data dir whose parent folder is missing.
    dir = path.resolve(dataDir, "pglite");
    mkdirSync(path.dirname(dir), { recursive: true });
    if (PGLITE_TEMPLATE && !existsSync(dir)) createFromTemplate(dir, PGLITE_TEMPLATE);
  }
  const client = new PGlite(dir, { postgresqlconf: PGLITE_CONF });
  const db = drizzlePglite({ client, schema });
  if (migrationsFolder) await migratePglite(db, { migrationsFolder });
  listeners.set(db as unknown as Db, () => ({ live: true, ready: Promise.resolve() }));
  return { db: db as unknown as Db, kind: "pglite", close: () => client.close() };
}
