import type { SQL } from "drizzle-orm";
import type { Db } from "../platform/db.server";

export type Executor = Pick<Db, "execute">;

/** The rows of a raw query: both drivers (PGlite, node-postgres) answer `{ rows }`. */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
