import { execFile } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { promisify } from "node:util";
import { gunzipSync, gzipSync } from "node:zlib";
import pg from "pg";
import * as tar from "tar-stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newOrder, PAYMENT_DETAILS } from "../../../tests/fixtures/orders";
import { TEST_SITE } from "../../../tests/fixtures/site";
import { createFreshPostgres } from "../../../tests/setup/databases";
import { buyerFromDetails } from "~/domain/validation";
import { seedDatabase } from "../catalogue/seed.server";
import { createOrder } from "../orders/orders.server";
import { openDatabase } from "../platform/db.server";
import { backupToFile } from "./backup.server";

// Issue 27: a restore that failed once it had started writing printed drizzle's `Failed query: insert
// into "orders" … params: …` — every buyer's email, name and usernames on one line — and never the
// cause. Now the command names the database's cause and the statement, and nothing of the rows.

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../../..");

const LEAKY = { ...PAYMENT_DETAILS, EMAIL: "zebulon.leak@buyer.test", FNAME: "Zebulon Quarkwright", USERNAME: "zeb#4242", VUUSER: "ZebGameLogin" };
const BUYER_DATA = [LEAKY.EMAIL, LEAKY.FNAME, LEAKY.USERNAME, LEAKY.VUUSER];

interface Entry {
  name: string;
  body: Buffer;
}

async function entriesOf(gzipped: Buffer): Promise<Entry[]> {
  const extract = tar.extract();
  Readable.from([gunzipSync(gzipped)]).pipe(extract as unknown as NodeJS.WritableStream);
  const out: Entry[] = [];
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    out.push({ name: entry.header.name, body: Buffer.concat(chunks) });
  }
  return out;
}

async function gzippedTar(entries: Entry[]): Promise<Buffer> {
  const pack = tar.pack();
  for (const entry of entries) pack.entry({ name: entry.name, size: entry.body.length }, entry.body);
  pack.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of pack) chunks.push(chunk as Buffer);
  return gzipSync(Buffer.concat(chunks));
}

/** The archive with its orders' first row written twice — checksums and manifest made to agree, so the restore starts writing. */
function withDuplicateOrder(entries: Entry[]): Entry[] {
  const ordersEntry = entries.find((e) => /^db\/\d+-orders\.jsonl$/.test(e.name))!;
  const lines = ordersEntry.body.toString("utf8").split("\n").filter(Boolean);
  const orders = Buffer.from([...lines, lines[0]].join("\n") + "\n");
  const manifestEntry = entries.find((e) => e.name === "manifest.json")!;
  const manifest = JSON.parse(manifestEntry.body.toString("utf8")) as { tables: { name: string; rows: number }[] };
  for (const table of manifest.tables) if (table.name === "orders") table.rows += 1;
  const changed = new Map<string, Buffer>([
    [ordersEntry.name, orders],
    ["manifest.json", Buffer.from(JSON.stringify(manifest, null, 1))],
  ]);
  const next = entries.map((e) => ({ name: e.name, body: changed.get(e.name) ?? e.body }));
  const sums = next.find((e) => e.name === "checksums.json")!;
  const checksums = JSON.parse(sums.body.toString("utf8")) as { entries: { name: string; size: number; sha256: string }[] };
  for (const entry of checksums.entries) {
    const body = changed.get(entry.name);
    if (body) Object.assign(entry, { size: body.length, sha256: createHash("sha256").update(body).digest("hex") });
  }
  sums.body = Buffer.from(JSON.stringify(checksums, null, 1));
  return next;
}

/** `npm run restore -- FILE` as a seller runs it: the real script through tsx. */
async function restoreCommand(file: string, env: Record<string, string>) {
  return run(path.join(root, "node_modules/.bin/tsx"), [path.join(root, "scripts/restore.ts"), file], {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: "silent", ...env },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, output: stdout + stderr, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, output: error.stdout + error.stderr, stderr: error.stderr }),
  );
}

function expectNoBuyerData(output: string): void {
  for (const value of BUYER_DATA) expect(output, `the output shows ${value}`).not.toContain(value);
  expect(output).not.toContain("params:");
  expect(output).not.toContain("Failed query");
}

describe("a restore that fails once it writes says the database's cause, and nothing of the buyers", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "ops-restore-errors-"));
  let duplicate: string;
  let good: string;

  beforeAll(async () => {
    const source = await openDatabase({ dataDir: "memory://" });
    try {
      await seedDatabase(source.db);
      for (let i = 0; i < 3; i++) {
        const created = await createOrder(source.db, TEST_SITE, newOrder({ buyer: buyerFromDetails(LEAKY) }), new Date());
        if (!created.ok) throw new Error(created.code);
      }
      good = (
        await backupToFile({ database: source, media: null, sessionSecret: null }, path.join(dir, "good.tar.gz"), {
          key: null,
          trigger: "command",
          now: () => new Date(),
        })
      ).location;
    } finally {
      await source.close();
    }
    duplicate = path.join(dir, "duplicate.tar.gz");
    writeFileSync(duplicate, await gzippedTar(withDuplicateOrder(await entriesOf(readFileSync(good)))));
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("duplicate rows: names the unique constraint, prints no email, name, login nor params, leaves the folder empty", async () => {
    const dataDir = path.join(dir, "target-duplicate");
    const result = await restoreCommand(duplicate, { DATA_DIR: dataDir });
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
    expect(result.stderr).toMatch(/^Restore failed: duplicate key value violates unique constraint "orders_pkey" \(SQLSTATE 23505\) in insert into "orders"/);
    expectNoBuyerData(result.output);
    expect(existsSync(path.join(dataDir, "pglite")) ? readdirSync(path.join(dataDir, "pglite")) : []).toEqual([]);
  }, 180_000);

  const postgresUrl = process.env.TEST_DATABASE_URL;
  it.skipIf(!postgresUrl)(
    "a PostgreSQL role that may not create a schema: says permission denied, and what to grant",
    async () => {
      const fresh = await createFreshPostgres(postgresUrl!);
      const role = `shop_nocreate_${randomBytes(4).toString("hex")}`;
      const admin = new pg.Client({ connectionString: fresh.url });
      await admin.connect();
      try {
        const database = new URL(fresh.url).pathname.slice(1);
        await admin.query(`create role ${role} login password 'restore-test'`);
        await admin.query(`revoke create on database "${database}" from public`);
        await admin.query(`revoke create on schema public from public`);
        await admin.query(`grant connect on database "${database}" to ${role}`);
        const url = new URL(fresh.url);
        url.username = role;
        url.password = "restore-test";
        const result = await restoreCommand(good, { DATABASE_URL: url.toString(), DATA_DIR: path.join(dir, "target-role") });
        expect(result.code).toBe(1);
        expect(result.stderr).toMatch(/^Restore failed: permission denied for (database|schema) \S+ \(SQLSTATE 42501\) in CREATE/);
        expect(result.stderr).toContain("GRANT CREATE ON DATABASE");
        expectNoBuyerData(result.output);
      } finally {
        await admin.end();
        await fresh.drop();
        const cleanup = new pg.Client({ connectionString: postgresUrl });
        await cleanup.connect();
        await cleanup.query(`drop role if exists ${role}`).finally(() => cleanup.end());
      }
    },
    180_000,
  );
});
