import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { gunzipSync, gzipSync } from "node:zlib";
import pg from "pg";
import * as tar from "tar-stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newOrder } from "../../../tests/fixtures/orders";
import { createFreshPostgres } from "../../../tests/setup/databases";
import { localMediaStorage } from "../../../tests/setup/local-media";
import { openDatabase } from "../platform/db.server";
import { createOrder } from "../orders/orders.server";
import { seedDatabase } from "../catalogue/seed.server";
import { backupToFile } from "./backup.server";
import { BackupRefusal } from "./refusal.server";
import { restoreBackup } from "./restore.server";
import { TEST_SITE } from "../../../tests/fixtures/site";

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

describe("a restore refuses what it cannot trust, in one line, and changes nothing", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "ops-refusals-"));
  const key = randomBytes(32);
  let plain: Buffer;
  let encrypted: Buffer;
  let good: Entry[];

  beforeAll(async () => {
    const source = await openDatabase({ dataDir: "memory://" });
    try {
      await seedDatabase(source.db);
      const created = await createOrder(source.db, TEST_SITE, newOrder(), new Date());
      if (!created.ok) throw new Error(created.code);
      const media = localMediaStorage(path.join(dir, "media"));
      await media.put("products/2/photo.webp", randomBytes(200_000), { contentType: "image/webp" });
      const shop = { database: source, media, sessionSecret: null };
      plain = readFileSync((await backupToFile(shop, path.join(dir, "good.tar.gz"), { key: null, trigger: "command", now: () => new Date() })).location);
      encrypted = readFileSync((await backupToFile(shop, path.join(dir, "good.tar.gz.enc"), { key, trigger: "command", now: () => new Date() })).location);
    } finally {
      await source.close();
    }
    good = await entriesOf(plain);
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  let n = 0;
  /** Restores `bytes` into a fresh empty data folder and media folder; resolves with the refusal's message and what the target holds after. */
  async function refusal(bytes: Buffer, withKey: Buffer | null = null): Promise<{ message: string; target: string[]; media: string[] }> {
    const file = path.join(dir, `case-${++n}`);
    writeFileSync(file, bytes);
    const dataDir = path.join(dir, `target-${n}`);
    const mediaDir = path.join(dir, `target-${n}-media`);
    const error = await restoreBackup(file, { dataDir, media: localMediaStorage(mediaDir) }, { key: withKey }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error, "the restore should have been refused").toBeInstanceOf(BackupRefusal);
    const message = (error as Error).message;
    expect(message).not.toContain("\n");
    return { message, target: existsSync(dataDir) ? readdirSync(dataDir) : [], media: existsSync(mediaDir) ? readdirSync(mediaDir) : [] };
  }

  it("restores the untouched archives (the cases below differ from them only as said)", async () => {
    for (const [bytes, withKey] of [
      [plain, null],
      [encrypted, key],
    ] as const) {
      const file = path.join(dir, `ok-${++n}`);
      writeFileSync(file, bytes);
      const report = await restoreBackup(
        file,
        { dataDir: path.join(dir, `ok-target-${n}`), media: localMediaStorage(path.join(dir, `ok-media-${n}`)) },
        { key: withKey },
      );
      expect(report.mediaFiles).toBe(1);
    }
  }, 180_000);

  it("refuses an archive cut off halfway, plain or encrypted", async () => {
    const cut = await refusal(plain.subarray(0, Math.floor(plain.length / 2)));
    expect(cut.message).toMatch(/^truncated/);
    expect(cut).toMatchObject({ target: [], media: [] });
    const cutEncrypted = await refusal(encrypted.subarray(0, Math.floor(encrypted.length / 2)), key);
    expect(cutEncrypted.message).toMatch(/^truncated/);
    expect(cutEncrypted).toMatchObject({ target: [], media: [] });
    // Cut exactly between two encrypted chunks: still refused (the final chunk is marked).
    const chunkEnd = 8 + 1 + 8 + 24 + 4 + encrypted.readUInt32BE(8 + 1 + 8 + 24);
    expect((await refusal(encrypted.subarray(0, chunkEnd), key)).message).toMatch(/^truncated/);
  });

  it("refuses an archive with one flipped byte, plain or encrypted", async () => {
    for (const at of [0.3, 0.6, 0.95]) {
      const flipped = Buffer.from(plain);
      flipped[Math.floor(flipped.length * at)] ^= 0x01;
      const result = await refusal(flipped);
      expect(result.message).toMatch(/^(damaged|truncated)/);
      expect(result).toMatchObject({ target: [], media: [] });
      const flippedEncrypted = Buffer.from(encrypted);
      flippedEncrypted[Math.floor(flippedEncrypted.length * at)] ^= 0x01;
      expect((await refusal(flippedEncrypted, key)).message).toMatch(/^damaged/);
    }
  });

  it("refuses an encrypted archive without its key or with another one", async () => {
    expect((await refusal(encrypted, randomBytes(32))).message).toBe("encrypted with another key than BACKUP_KEY");
    expect((await refusal(encrypted, null)).message).toMatch(/^the archive is encrypted: set BACKUP_KEY/);
  });

  it("refuses files that are not ours: text, an empty file, another program's tar.gz", async () => {
    expect((await refusal(Buffer.from("hello, world\n"))).message).toBe("not a Trigger Shop backup");
    expect((await refusal(Buffer.alloc(0))).message).toBe("not a Trigger Shop backup");
    expect((await refusal(gzipSync(Buffer.from("just gzip, no tar")))).message).toBe("not a Trigger Shop backup");
    expect((await refusal(await gzippedTar([{ name: "README.md", body: Buffer.from("# hi") }]))).message).toBe("not a Trigger Shop backup");
    const otherManifest = Buffer.from(JSON.stringify({ format: "someone-elses-backup", formatVersion: 1 }));
    expect((await refusal(await gzippedTar([{ name: "manifest.json", body: otherManifest }, ...good.slice(1)]))).message).toBe("not a Trigger Shop backup");
  });

  it("refuses an unknown format version and a schema newer than this code", async () => {
    const manifest = JSON.parse(good[0].body.toString("utf8")) as Record<string, unknown> & { schema: { tag: string; when: number } };
    const withManifest = (m: unknown) => gzippedTar([{ name: "manifest.json", body: Buffer.from(JSON.stringify(m)) }, ...good.slice(1)]);
    expect((await refusal(await withManifest({ ...manifest, formatVersion: 2 }))).message).toBe(
      "archive format 2 is not supported by this version of the shop (it reads format 1)",
    );
    const future = { ...manifest, schema: { tag: "0099_from_the_future", when: manifest.schema.when + 1_000_000 } };
    expect((await refusal(await withManifest(future))).message).toBe(
      "made by a newer version of the shop (schema 0099_from_the_future): update this copy of the shop first",
    );
    const unknown = { ...manifest, schema: { tag: "0003_elsewhere", when: 12345 } };
    expect((await refusal(await withManifest(unknown))).message).toMatch(/^made at a schema this version of the shop does not know/);
  });

  it("refuses a table whose rows were edited, and an archive missing its checksums", async () => {
    const edited = good.map((e) =>
      e.name.endsWith("-orders.jsonl") ? { ...e, body: Buffer.from(e.body.toString().replace('"total_cents":', '"total_cents":1')) } : e,
    );
    expect((await refusal(await gzippedTar(edited))).message).toMatch(/^damaged: db\/\d+-orders\.jsonl does not match its checksum$/);
    expect((await refusal(await gzippedTar(good.slice(0, -1)))).message).toBe("truncated: the archive ends before its checksums");
    const unsafe = [...good.slice(0, -1), { name: "media/../../escape", body: Buffer.from("x") }, good[good.length - 1]];
    expect((await refusal(await gzippedTar(unsafe))).message).toMatch(/^damaged: unsafe media name/);
  });

  it("refuses a target that is not empty, and leaves it as it was", async () => {
    const file = path.join(dir, "good-again.tar.gz");
    writeFileSync(file, plain);
    const dataDir = path.join(dir, "occupied");
    const occupied = await openDatabase({ dataDir });
    await seedDatabase(occupied.db);
    await createOrder(occupied.db, TEST_SITE, newOrder(), new Date());
    await occupied.close();
    const before = readdirSync(path.join(dataDir, "pglite")).length;
    await expect(restoreBackup(file, { dataDir, media: null }, { key: null })).rejects.toThrow(/^the target is not empty: .*pglite holds a database$/);
    expect(readdirSync(path.join(dataDir, "pglite")).length).toBe(before);
    const reopened = await openDatabase({ dataDir });
    try {
      const { orders } = await import("../../../db/schema");
      expect(await reopened.db.select().from(orders)).toHaveLength(1);
    } finally {
      await reopened.close();
    }

    const media = localMediaStorage(path.join(dir, "occupied-media"));
    await media.put("products/1/photo.webp", Buffer.from("a photo"), { contentType: "image/webp" });
    await expect(restoreBackup(file, { dataDir: path.join(dir, "free"), media }, { key: null })).rejects.toThrow(
      "the target is not empty: the media storage holds files",
    );
    expect(existsSync(path.join(dir, "free", "pglite"))).toBe(false);
  }, 180_000);

  /** A media storage that takes nothing: the restore fails after the rows are in. */
  const failingMedia = (root: string) => ({
    ...localMediaStorage(root),
    put: async () => {
      throw new Error("storage unavailable");
    },
  });

  it("undoes a restore that fails half-way: the data folder is empty again", async () => {
    const file = path.join(dir, "good-undo.tar.gz");
    writeFileSync(file, plain);
    const dataDir = path.join(dir, "undo");
    await expect(restoreBackup(file, { dataDir, media: failingMedia(path.join(dir, "undo-media")) }, { key: null })).rejects.toThrow("storage unavailable");
    expect(existsSync(path.join(dataDir, "pglite"))).toBe(false);
  }, 180_000);

  const postgresUrl = process.env.TEST_DATABASE_URL;
  it.skipIf(!postgresUrl)("refuses a PostgreSQL database that has tables, and undoes a restore that fails half-way", async () => {
    const file = path.join(dir, "good-pg.tar.gz");
    writeFileSync(file, plain);
    const fresh = await createFreshPostgres(postgresUrl!);
    try {
      const occupied = await openDatabase({ databaseUrl: fresh.url, dataDir: "unused" });
      await occupied.close();
      await expect(restoreBackup(file, { databaseUrl: fresh.url, dataDir: path.join(dir, "pg-occupied"), media: null }, { key: null })).rejects.toThrow(
        "the target is not empty: the PostgreSQL database at DATABASE_URL has tables",
      );
    } finally {
      await fresh.drop();
    }
    const empty = await createFreshPostgres(postgresUrl!);
    try {
      await expect(
        restoreBackup(
          file,
          { databaseUrl: empty.url, dataDir: path.join(dir, "pg-undo"), media: failingMedia(path.join(dir, "pg-undo-media")) },
          { key: null },
        ),
      ).rejects.toThrow("storage unavailable");
      const client = new pg.Client({ connectionString: empty.url });
      await client.connect();
      const { rows } = await client.query("select tablename from pg_tables where schemaname not in ('pg_catalog', 'information_schema')");
      await client.end();
      expect(rows).toEqual([]);
    } finally {
      await empty.drop();
    }
  });
});
