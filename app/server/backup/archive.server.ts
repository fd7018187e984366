/**
 * The backup archive (docs/decisions/031-backup-archive.md): a gzip'd tar, optionally wrapped in
 * secretstream encryption (encryption.server.ts), whose entries are, in this order:
 *
 *   manifest.json          what this is: format, version, schema version, tables, media, source
 *   db/NNN-<table>.jsonl   each table's rows, one JSON object per line, in foreign-key order
 *   db/sequences.json      each sequence's last value
 *   secrets/session-secret the generated session secret, when the shop had no SESSION_SECRET
 *   media/<key>            each media file, byte for byte
 *   checksums.json         sha256 and size of every entry above (and each media file's type): last,
 *                          so an archive without it was cut short
 *
 * Reading checks everything before anyone acts on it: a restore verifies the whole archive first.
 */
import { createHash } from "node:crypto";
import { closeSync, createReadStream, openSync, readSync, statSync } from "node:fs";
import { once } from "node:events";
import { PassThrough, Readable, Transform, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import { z } from "zod";
import type { DatabaseDump } from "./dump.server";
import { decryptStream, encryptStream, looksEncrypted } from "./encryption.server";
import { isBackupKey, type MediaStorage } from "./media-storage.server";
import { BackupRefusal } from "./refusal.server";
import { checkSchemaVersion, type SchemaVersion } from "./schema-version.server";

const ARCHIVE_FORMAT = "trigger-shop-backup";
const ARCHIVE_FORMAT_VERSION = 1;

const manifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  formatVersion: z.number().int(),
  createdAt: z.string(),
  schema: z.object({ tag: z.string(), when: z.number() }),
  source: z.object({ database: z.enum(["pglite", "postgres"]) }),
  tables: z.array(z.object({ name: z.string().regex(/^[a-z_][a-z0-9_]*$/), rows: z.number().int().min(0), entry: z.string() })),
  sequences: z.string(),
  media: z.object({ included: z.boolean(), storage: z.enum(["local", "s3"]).nullable() }),
  sessionSecret: z.boolean(),
});

export type Manifest = z.infer<typeof manifestSchema>;

const checksumsSchema = z.object({
  algorithm: z.literal("sha256"),
  entries: z.array(
    z.object({ name: z.string(), size: z.number().int().min(0), sha256: z.string().regex(/^[0-9a-f]{64}$/), contentType: z.string().optional() }),
  ),
});

export type ChecksumEntry = z.infer<typeof checksumsSchema>["entries"][number];

const MANIFEST = "manifest.json";
const CHECKSUMS = "checksums.json";
const SEQUENCES = "db/sequences.json";
const SESSION_SECRET = "secrets/session-secret";
const MEDIA = "media/";

/** A media key that can be written anywhere safely: no absolute path, no `..`, no odd characters. */
function isSafeMediaKey(key: string): boolean {
  return /^[A-Za-z0-9._\-/]+$/.test(key) && !key.startsWith("/") && key.split("/").every((part) => part !== "" && part !== "." && part !== "..");
}

export interface ArchiveContent {
  createdAt: Date;
  schema: SchemaVersion;
  database: "pglite" | "postgres";
  dump: DatabaseDump;
  media: MediaStorage | null;
  sessionSecret: string | null;
}

/** Counts bytes and hashes them on the way through. */
class Tap extends Transform {
  readonly hash = createHash("sha256");
  size = 0;
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null, data?: Buffer) => void) {
    this.hash.update(chunk);
    this.size += chunk.length;
    done(null, chunk);
  }
}

export interface WrittenArchive {
  sizeBytes: number;
  sha256: string;
  mediaFiles: number;
  rows: number;
}

/**
 * Writes the archive of `content` to `sink` (encrypted with `key` when given) and resolves with
 * the size and sha256 of the bytes written. Rejects, with the sink destroyed, if anything fails.
 */
export async function writeArchive(content: ArchiveContent, sink: Writable, key: Buffer | null): Promise<WrittenArchive> {
  // tar-stream is loaded by the first backup, not when the server starts (docs/decisions/061).
  const tar = await import("tar-stream");
  const pack = tar.pack();
  const checksums: ChecksumEntry[] = [];
  let mediaFiles = 0;
  const mtime = content.createdAt;

  async function addEntry(name: string, body: Buffer | Readable, size: number, contentType?: string): Promise<void> {
    const hash = createHash("sha256");
    let written = 0;
    let entryDone: (error?: Error | null) => void = () => {};
    const done = new Promise<void>((resolve, reject) => (entryDone = (error) => (error ? reject(error) : resolve())));
    const entry = pack.entry({ name, size, mtime, mode: 0o600 }, (error) => entryDone(error));
    const chunks: Iterable<Buffer> | AsyncIterable<Buffer> = Buffer.isBuffer(body) ? [body] : (body as AsyncIterable<Buffer>);
    for await (const chunk of chunks) {
      hash.update(chunk);
      written += chunk.length;
      if (!entry.write(chunk)) await once(entry as unknown as NodeJS.EventEmitter, "drain");
    }
    if (written !== size) throw new Error(`${name} changed while it was copied (${written} bytes, expected ${size})`);
    (entry as NodeJS.WritableStream).end();
    await done;
    checksums.push({ name, size, sha256: hash.digest("hex"), ...(contentType ? { contentType } : {}) });
  }

  const fileEntry = async (name: string, file: string) => {
    await addEntry(name, createReadStream(file), statSync(file).size);
  };

  const manifest: Manifest = {
    format: ARCHIVE_FORMAT,
    formatVersion: ARCHIVE_FORMAT_VERSION,
    createdAt: content.createdAt.toISOString(),
    schema: { tag: content.schema.tag, when: content.schema.when },
    source: { database: content.database },
    tables: content.dump.tables.map((t, i) => ({ name: t.name, rows: t.rows, entry: `db/${String(i + 1).padStart(3, "0")}-${t.name}.jsonl` })),
    sequences: SEQUENCES,
    media: { included: content.media !== null, storage: content.media?.kind ?? null },
    sessionSecret: content.sessionSecret !== null,
  };

  const produce = async () => {
    const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 2));
    await addEntry(MANIFEST, manifestBytes, manifestBytes.length);
    for (const [i, table] of content.dump.tables.entries()) await fileEntry(manifest.tables[i].entry, table.file);
    const sequences = Buffer.from(JSON.stringify(content.dump.sequences));
    await addEntry(SEQUENCES, sequences, sequences.length);
    if (content.sessionSecret !== null) await addEntry(SESSION_SECRET, Buffer.from(content.sessionSecret), Buffer.byteLength(content.sessionSecret));
    if (content.media) {
      for await (const item of content.media.list()) {
        if (isBackupKey(item.key)) continue;
        if (!isSafeMediaKey(item.key)) throw new Error(`Media key ${JSON.stringify(item.key)} cannot be archived`);
        const head = await content.media.head(item.key);
        const body = head ? await content.media.get(item.key) : null;
        // Deleted since it was listed: nothing the snapshot can still need (it was listed after it).
        if (!head || !body) continue;
        await addEntry(`${MEDIA}${item.key}`, body, head.size, head.contentType);
        mediaFiles++;
      }
    }
    const sums = Buffer.from(JSON.stringify({ algorithm: "sha256", entries: checksums }, null, 1));
    await addEntry(CHECKSUMS, sums, sums.length);
    pack.finalize();
  };

  const tap = new Tap();
  const stages: (NodeJS.ReadableStream | NodeJS.ReadWriteStream | NodeJS.WritableStream)[] = [Readable.from(pack as AsyncIterable<Buffer>), createGzip()];
  if (key) stages.push(await encryptStream(key));
  stages.push(tap, sink);
  const producing = produce().catch((error: unknown) => {
    pack.destroy(error as Error);
    throw error;
  });
  await Promise.all([producing, runPipeline(stages)]);
  return { sizeBytes: tap.size, sha256: tap.hash.digest("hex"), mediaFiles, rows: content.dump.tables.reduce((sum, t) => sum + t.rows, 0) };
}

/** What a reader does with each entry, after the manifest was accepted. */
export interface EntryHandlers {
  /** Called first; may throw a BackupRefusal (a newer schema, a target that cannot take it…). */
  manifest?(manifest: Manifest, schema: SchemaVersion): void | Promise<void>;
  /** Table rows, the sequences file and the secret: `body` must be consumed. */
  data?(name: string, body: Readable): Promise<void>;
  /** A media file: `body` must be consumed. */
  media?(key: string, body: Readable): Promise<void>;
}

export interface VerifiedArchive {
  manifest: Manifest;
  schema: SchemaVersion;
  entries: ChecksumEntry[];
  encrypted: boolean;
}

function firstBytes(file: string, count: number): Buffer {
  const fd = openSync(file, "r");
  try {
    const buffer = Buffer.alloc(count);
    const read = readSync(fd, buffer, 0, count, 0);
    return buffer.subarray(0, read);
  } finally {
    closeSync(fd);
  }
}

/** Turns a low-level failure into the one line the person restoring reads. */
function explain(error: unknown, sawManifest: boolean): Error {
  if (error instanceof BackupRefusal) return error;
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: string }).code;
  if (code === "ENOENT") return new BackupRefusal(`no such file: ${(error as { path?: string }).path ?? ""}`.trim());
  // tar's end-of-data before the manifest: too short to be one of ours; zlib's end of file: cut off.
  if (/Unexpected end of data/.test(message))
    return new BackupRefusal(sawManifest ? "truncated: the archive ends before its checksums" : "not a Trigger Shop backup");
  if (/unexpected end of file/i.test(message)) return new BackupRefusal("truncated: the archive ends before its checksums");
  if (
    code?.startsWith("Z_") ||
    /incorrect header check|invalid (block|stored|distance|code)|too many length|incorrect data check|incorrect length check/i.test(message)
  ) {
    return new BackupRefusal("damaged: the compressed data is corrupt");
  }
  if (/Invalid tar header/i.test(message)) return new BackupRefusal(sawManifest ? "damaged: the archive's structure is corrupt" : "not a Trigger Shop backup");
  return error instanceof Error ? error : new Error(message);
}

/**
 * Reads `file` from end to end, checking it is one of ours, at a schema this code knows, and that
 * every entry matches checksums.json (which must come last); the handlers see each entry as it
 * passes, and must not act on anything until this resolves (a later entry may still be bad).
 */
export async function readArchive(file: string, key: Buffer | null, handlers: EntryHandlers = {}): Promise<VerifiedArchive> {
  let head: Buffer;
  try {
    head = firstBytes(file, 8);
  } catch (error) {
    throw explain(error, false);
  }
  const encrypted = looksEncrypted(head);
  const gzip = head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b;
  if (!encrypted && !gzip) throw new BackupRefusal("not a Trigger Shop backup");

  const source = createReadStream(file);
  const stages: (NodeJS.ReadableStream | NodeJS.ReadWriteStream)[] = [source];
  if (encrypted) stages.push(await decryptStream(key));
  const gunzip = createGunzip();
  stages.push(gunzip);
  const tar = await import("tar-stream");
  const extract = tar.extract();
  const plain = new PassThrough();
  stages.push(plain);
  const feeding = runPipeline(stages).catch((error: unknown) => {
    extract.destroy(error as Error);
    throw error;
  });
  plain.pipe(extract as unknown as NodeJS.WritableStream);

  let manifest: Manifest | null = null;
  let schema: SchemaVersion | null = null;
  let checksums: ChecksumEntry[] | null = null;
  const seen: ChecksumEntry[] = [];
  const reading = (async () => {
    for await (const entry of extract) {
      const name = entry.header.name;
      if (checksums) throw new BackupRefusal("damaged: entries follow the checksums");
      if (entry.header.type !== "file") throw new BackupRefusal(manifest ? `damaged: unexpected entry ${name}` : "not a Trigger Shop backup");
      const hash = createHash("sha256");
      let size = 0;
      const counted = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          size += chunk.length;
          done(null, chunk);
        },
      });
      const body = (entry as unknown as Readable).pipe(counted);
      if (!manifest) {
        if (name !== MANIFEST) throw new BackupRefusal("not a Trigger Shop backup");
        const text = await readAll(body);
        let raw: unknown;
        try {
          raw = JSON.parse(text);
        } catch {
          throw new BackupRefusal("not a Trigger Shop backup");
        }
        if ((raw as { format?: unknown })?.format !== ARCHIVE_FORMAT) throw new BackupRefusal("not a Trigger Shop backup");
        const version = (raw as { formatVersion?: unknown }).formatVersion;
        if (version !== ARCHIVE_FORMAT_VERSION)
          throw new BackupRefusal(`archive format ${String(version)} is not supported by this version of the shop (it reads format ${ARCHIVE_FORMAT_VERSION})`);
        const parsed = manifestSchema.safeParse(raw);
        if (!parsed.success) throw new BackupRefusal("damaged: the manifest is malformed");
        manifest = parsed.data;
        const check = checkSchemaVersion(manifest.schema.when);
        if (!check.ok) {
          throw new BackupRefusal(
            check.reason === "newer"
              ? `made by a newer version of the shop (schema ${manifest.schema.tag}): update this copy of the shop first`
              : `made at a schema this version of the shop does not know (${manifest.schema.tag})`,
          );
        }
        schema = check.version;
        await handlers.manifest?.(manifest, schema);
      } else if (name === CHECKSUMS) {
        const text = await readAll(body);
        let parsed: z.infer<typeof checksumsSchema>;
        try {
          parsed = checksumsSchema.parse(JSON.parse(text));
        } catch {
          throw new BackupRefusal("damaged: the checksums are malformed");
        }
        checksums = parsed.entries;
        continue;
      } else if (name.startsWith(MEDIA)) {
        const mediaKey = name.slice(MEDIA.length);
        if (!isSafeMediaKey(mediaKey)) throw new BackupRefusal(`damaged: unsafe media name ${JSON.stringify(mediaKey)}`);
        if (handlers.media) await handlers.media(mediaKey, body);
        else body.resume();
      } else {
        const expected = name === SEQUENCES || name === SESSION_SECRET || manifest.tables.some((t) => t.entry === name);
        if (!expected) throw new BackupRefusal(`damaged: unexpected entry ${name}`);
        if (handlers.data) await handlers.data(name, body);
        else body.resume();
      }
      if (!body.readableEnded) await once(body, "end");
      seen.push({ name, size, sha256: hash.digest("hex") });
    }
  })();
  try {
    await Promise.all([reading, feeding]);
  } catch (error) {
    source.destroy();
    extract.destroy();
    throw explain(error, manifest !== null);
  }
  if (!manifest || !schema) throw new BackupRefusal("not a Trigger Shop backup");
  if (!checksums) throw new BackupRefusal("truncated: the archive ends before its checksums");
  const listed = checksums as ChecksumEntry[];
  if (listed.length !== seen.length) throw new BackupRefusal("damaged: the entries do not match the checksums");
  for (const [i, entry] of seen.entries()) {
    const expected = listed[i];
    if (expected.name !== entry.name || expected.size !== entry.size || expected.sha256 !== entry.sha256) {
      throw new BackupRefusal(`damaged: ${entry.name} does not match its checksum`);
    }
  }
  const m = manifest as Manifest;
  for (const table of m.tables) if (!seen.some((e) => e.name === table.entry)) throw new BackupRefusal(`damaged: ${table.entry} is missing`);
  if (!seen.some((e) => e.name === SEQUENCES)) throw new BackupRefusal(`damaged: ${SEQUENCES} is missing`);
  if (m.sessionSecret && !seen.some((e) => e.name === SESSION_SECRET)) throw new BackupRefusal(`damaged: ${SESSION_SECRET} is missing`);
  return { manifest: m, schema, entries: listed, encrypted };
}

/** stream.pipeline over a list built at run time. */
function runPipeline(stages: readonly (NodeJS.ReadableStream | NodeJS.ReadWriteStream | NodeJS.WritableStream)[]): Promise<void> {
  return (pipeline as unknown as (...streams: unknown[]) => Promise<void>)(...stages);
}

async function readAll(body: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export const ARCHIVE_ENTRIES = { MANIFEST, CHECKSUMS, SEQUENCES, SESSION_SECRET, MEDIA } as const;
