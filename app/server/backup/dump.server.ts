/**
 * A logical dump of the shop's database: every table of the `public` schema as JSON lines (one
 * `row_to_json` per row, exactly as the database writes it: microseconds, jsonb, bigint and all),
 * in foreign-key order, plus the sequences' values and the schema version, all read in one
 * snapshot. Rows never go through JavaScript values, so nothing is rounded on the way; the same
 * lines load into PGlite or PostgreSQL (load.server.ts).
 */
import { closeSync, openSync, writeSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Db } from "../platform/db.server";
import { queryRows, type Executor } from "./query.server";
import { appliedSchemaVersion } from "./schema-version.server";

export interface TableInfo {
  name: string;
  /** Primary-key columns in key order (the dump's row order); empty when the table has none. */
  primaryKey: string[];
  /** Tables this one references (other than itself). */
  references: string[];
}

export interface DumpedTable {
  name: string;
  rows: number;
  /** The staging file holding the rows, one JSON object per line. */
  file: string;
}

export interface SequenceValue {
  name: string;
  /** bigint as text; null while the sequence was never used. */
  lastValue: string | null;
}

export interface DatabaseDump {
  /** The journal time of the last applied migration. */
  schemaWhen: number;
  tables: DumpedTable[];
  sequences: SequenceValue[];
  /** How long the snapshot was held (on PGlite every other query waits meanwhile). */
  snapshotMs: number;
}

class DumpError extends Error {
  override name = "DumpError";
}

/** The `public` schema's tables with their keys and references, from the catalogue (never a hand-kept list). */
export async function listTables(db: Executor): Promise<TableInfo[]> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
  );
  const keys = await queryRows<{ table: string; column: string }>(
    db,
    sql`
    select c.relname as "table", a.attname as "column"
    from pg_index i
    join pg_class c on c.oid = i.indrelid
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attnum = any(i.indkey)
    where i.indisprimary and n.nspname = 'public'
    order by c.relname, array_position(i.indkey::int2[], a.attnum)`,
  );
  const refs = await queryRows<{ child: string; parent: string }>(
    db,
    sql`
    select cl.relname as child, pl.relname as parent
    from pg_constraint k
    join pg_class cl on cl.oid = k.conrelid
    join pg_class pl on pl.oid = k.confrelid
    join pg_namespace n on n.oid = cl.relnamespace
    where k.contype = 'f' and n.nspname = 'public'`,
  );
  return tables.map(({ name }) => {
    const selfReference = refs.some((r) => r.child === name && r.parent === name);
    // Rows load in key order; a table pointing at itself would need its parents first.
    if (selfReference) throw new DumpError(`Table ${name} references itself: the backup cannot order its rows yet`);
    return {
      name,
      primaryKey: keys.filter((k) => k.table === name).map((k) => k.column),
      references: [...new Set(refs.filter((r) => r.child === name).map((r) => r.parent))],
    };
  });
}

/** Tables ordered so that every table comes after those it references (alphabetical among equals). */
export function inForeignKeyOrder(tables: readonly TableInfo[]): TableInfo[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const done = new Set<string>();
  const ordered: TableInfo[] = [];
  const visiting = new Set<string>();
  const visit = (table: TableInfo) => {
    if (done.has(table.name)) return;
    if (visiting.has(table.name)) throw new DumpError(`Tables reference each other in a cycle through ${table.name}: no load order exists`);
    visiting.add(table.name);
    for (const parent of [...table.references].sort()) {
      const referenced = byName.get(parent);
      if (referenced) visit(referenced);
    }
    visiting.delete(table.name);
    done.add(table.name);
    ordered.push(table);
  };
  for (const table of [...tables].sort((a, b) => a.name.localeCompare(b.name))) visit(table);
  return ordered;
}

const FETCH_ROWS = 1000;

/**
 * Dumps every table into `stagingDir` inside one read-only REPEATABLE READ transaction (one
 * snapshot: an order and its items are both in or both out). Sequences are not transactional;
 * their values, read in the same transaction, are at least those of every row it sees.
 */
export async function dumpDatabase(db: Db, stagingDir: string): Promise<DatabaseDump> {
  const startedAt = performance.now();
  return db.transaction(
    async (tx) => {
      // Timestamps in one zone whatever the server's setting: the archive's bytes depend on the data only.
      await tx.execute(sql`set local time zone 'UTC'`);
      const schemaWhen = await appliedSchemaVersion(tx);
      if (schemaWhen === null) throw new DumpError("The database has no schema yet: nothing to back up");
      const tables = inForeignKeyOrder(await listTables(tx));
      const dumped: DumpedTable[] = [];
      for (const [i, table] of tables.entries()) {
        const file = path.join(stagingDir, `${String(i + 1).padStart(3, "0")}-${table.name}.jsonl`);
        dumped.push({ name: table.name, rows: await dumpTable(tx, table, file), file });
      }
      const sequences = await queryRows<{ name: string; last_value: string | null }>(
        tx,
        sql`select sequencename as name, last_value::text as last_value from pg_sequences where schemaname = 'public' order by sequencename`,
      );
      return {
        schemaWhen,
        tables: dumped,
        sequences: sequences.map((s) => ({ name: s.name, lastValue: s.last_value })),
        snapshotMs: performance.now() - startedAt,
      };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

/** One table through a cursor, written as it is read (synchronously: on PGlite every other query waits for this transaction). */
async function dumpTable(tx: Executor, table: TableInfo, file: string): Promise<number> {
  const order =
    table.primaryKey.length > 0
      ? sql` order by ${sql.join(
          table.primaryKey.map((c) => sql.identifier(c)),
          sql`, `,
        )}`
      : sql``;
  await tx.execute(sql`declare backup_rows no scroll cursor for select row_to_json(t)::text as j from ${sql.identifier(table.name)} t${order}`);
  const fd = openSync(file, "w");
  let rows = 0;
  try {
    for (;;) {
      const batch = await queryRows<{ j: string }>(tx, sql.raw(`fetch forward ${FETCH_ROWS} from backup_rows`));
      if (batch.length === 0) break;
      writeSync(fd, batch.map((r) => r.j).join("\n") + "\n");
      rows += batch.length;
      if (batch.length < FETCH_ROWS) break;
    }
  } finally {
    closeSync(fd);
  }
  await tx.execute(sql`close backup_rows`);
  return rows;
}
