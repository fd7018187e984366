import { afterAll, beforeAll } from "vitest";
import { openDatabase, type Database, type Db } from "~/server/platform/db.server";
import { seedDatabase } from "~/server/catalogue/seed.server";
import { createFreshPostgres } from "./fresh-postgres";

export { createFreshPostgres };

export interface TestDatabase {
  name: "pglite" | "postgres";
  open(): Promise<Database>;
}

/**
 * The databases integration suites run against: an in-memory PGlite always, and PostgreSQL when
 * TEST_DATABASE_URL is set. Each PostgreSQL open gets a fresh database, dropped on close.
 */
export function testDatabases(): TestDatabase[] {
  const list: TestDatabase[] = [{ name: "pglite", open: () => openDatabase({ dataDir: "memory://" }) }];
  const url = process.env.TEST_DATABASE_URL;
  if (url) list.push({ name: "postgres", open: () => openFreshPostgres(url) });
  return list;
}

async function openFreshPostgres(baseUrl: string): Promise<Database> {
  const fresh = await createFreshPostgres(baseUrl);
  const database = await openDatabase({ databaseUrl: fresh.url, dataDir: "unused" });
  return {
    ...database,
    async close() {
      await database.close();
      await fresh.drop();
    },
  };
}

/**
 * Opens and seeds `target` before the suite and closes it after; `.db` is usable inside tests.
 * Call it inside a describe block.
 */
export function seededDatabase(target: TestDatabase): { readonly db: Db } {
  let database: Database | undefined;
  beforeAll(async () => {
    database = await target.open();
    await seedDatabase(database.db);
  });
  afterAll(async () => {
    await database?.close();
  });
  return {
    get db() {
      if (!database) throw new Error("The test database is not open yet");
      return database.db;
    },
  };
}
