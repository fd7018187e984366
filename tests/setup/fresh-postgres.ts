import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * A new, empty database on the PostgreSQL server at `baseUrl`, and how to drop it. Free of Vitest, so
 * integration suites, end-to-end specs (tests/e2e/processes.ts) and the benchmark share it.
 */
export async function createFreshPostgres(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `ts_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
