/**
 * Loads a dump's JSON lines into an empty database built at the dump's schema version: the database
 * itself turns each line back into a row (`json_populate_recordset`), so every value comes back
 * exactly as it was written, on PGlite or PostgreSQL alike.
 */
import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";
import { sql } from "drizzle-orm";
import type { Db } from "../platform/db.server";
import type { SequenceValue } from "./dump.server";
import { queryRows, type Executor } from "./query.server";
import { BackupRefusal } from "./refusal.server";

const INSERT_ROWS = 500;

export interface TableToLoad {
  name: string;
  rows: number;
  /** The staged JSON lines. */
  file: string;
}

async function insertBatch(tx: Executor, table: string, columns: string[], lines: string[]): Promise<void> {
  const list = sql.join(
    columns.map((c) => sql.identifier(c)),
    sql`, `,
  );
  const json = `[${lines.join(",")}]`;
  await tx.execute(
    sql`insert into ${sql.identifier(table)} (${list}) overriding system value select ${list} from json_populate_recordset(null::${sql.identifier(table)}, ${json}::json)`,
  );
}

/** Every table's rows and the sequences' values, in one transaction: all of it or none. */
export async function loadRows(db: Db, tables: readonly TableToLoad[], sequences: readonly SequenceValue[]): Promise<void> {
  await db.transaction(async (tx) => {
    for (const table of tables) {
      // Generated columns are computed again; every other column is restored as it was.
      const columns = (
        await queryRows<{ name: string }>(
          tx,
          sql`select column_name as name from information_schema.columns
              where table_schema = 'public' and table_name = ${table.name} and is_generated = 'NEVER' order by ordinal_position`,
        )
      ).map((c) => c.name);
      if (columns.length === 0) throw new BackupRefusal(`the archive holds table ${table.name}, which its schema version does not have`);
      let batch: string[] = [];
      let loaded = 0;
      const lines = createInterface({ input: createReadStream(table.file), crlfDelay: Infinity });
      for await (const line of lines) {
        if (line === "") continue;
        batch.push(line);
        if (batch.length === INSERT_ROWS) {
          await insertBatch(tx, table.name, columns, batch);
          loaded += batch.length;
          batch = [];
        }
      }
      if (batch.length > 0) await insertBatch(tx, table.name, columns, batch);
      loaded += batch.length;
      if (loaded !== table.rows) throw new BackupRefusal(`damaged: ${table.name} holds ${loaded} rows, the manifest says ${table.rows}`);
    }
    for (const sequence of sequences) {
      if (sequence.lastValue === null) continue;
      await tx.execute(sql`select setval(format('%I.%I', 'public', ${sequence.name}::text)::regclass, ${sequence.lastValue}::bigint, true)`);
    }
  });
}
