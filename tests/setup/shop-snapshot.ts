import { is, sql } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import * as schema from "../../db/schema";
import { inForeignKeyOrder, listTables } from "~/server/backup/dump.server";
import type { MediaStorage } from "~/server/backup/media-storage.server";
import { queryRows } from "~/server/backup/query.server";
import type { Db } from "~/server/platform/db.server";

/** Every table db/schema.ts declares, by its SQL name. */
export function schemaTableNames(): string[] {
  return (Object.values(schema) as unknown[])
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => getTableConfig(table).name)
    .sort();
}

export interface ShopSnapshot {
  /** Each table's rows as the database prints them (UTC), in key order. */
  tables: Record<string, string[]>;
  /** Each table's rows as the app reads them through Drizzle (Dates, numbers, jsonb values). */
  typed: Record<string, unknown[]>;
  sequences: Record<string, string | null>;
}

/** Everything in the database, to compare a shop before a backup and after its restore. */
export async function snapshotShop(db: Db): Promise<ShopSnapshot> {
  const tables: Record<string, string[]> = {};
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local time zone 'UTC'`);
    for (const table of inForeignKeyOrder(await listTables(tx))) {
      const order =
        table.primaryKey.length > 0
          ? sql` order by ${sql.join(
              table.primaryKey.map((c) => sql.identifier(c)),
              sql`, `,
            )}`
          : sql``;
      tables[table.name] = (await queryRows<{ j: string }>(tx, sql`select row_to_json(t)::text as j from ${sql.identifier(table.name)} t${order}`)).map(
        (r) => r.j,
      );
    }
  });
  const typed: Record<string, unknown[]> = {};
  for (const value of Object.values(schema) as unknown[]) {
    if (!is(value, PgTable)) continue;
    const rows = (await db.select().from(value)) as unknown[];
    typed[getTableConfig(value).name] = rows.map((row) => JSON.stringify(row)).sort();
  }
  const sequences = Object.fromEntries(
    (
      await queryRows<{ name: string; value: string | null }>(
        db,
        sql`select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public'`,
      )
    ).map((s) => [s.name, s.value]),
  );
  return { tables, typed, sequences };
}

/** Every media file's bytes and type, by key (backups/ left out): compared byte for byte. */
export async function snapshotMedia(storage: MediaStorage): Promise<Record<string, { bytes: Buffer; contentType?: string }>> {
  const out: Record<string, { bytes: Buffer; contentType?: string }> = {};
  for await (const item of storage.list()) {
    if (item.key.startsWith("backups/")) continue;
    const chunks: Buffer[] = [];
    for await (const chunk of (await storage.get(item.key))!) chunks.push(chunk as Buffer);
    out[item.key] = { bytes: Buffer.concat(chunks), contentType: (await storage.head(item.key))?.contentType };
  }
  return out;
}
