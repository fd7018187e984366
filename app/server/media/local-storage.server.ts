/**
 * Media as files under one folder (DATA_DIR/media by default): nothing else to run, fine for one
 * process or several on one machine. A file appears whole or not at all: it is written under
 * `.incoming/`, flushed to disk, then renamed into place (a rename within one file system is atomic).
 */
import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, open, readdir, rename, rm, stat, type FileHandle } from "node:fs/promises";
import path from "node:path";
import { Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { assertMediaKey, assertMediaPrefix, contentTypeOfKey, publicUrlOf, type ByteRange, type MediaObjectInfo, type MediaStorage } from "./storage.server";

const INCOMING = ".incoming";
/** A file still under `.incoming/` after this long was left by a process that stopped mid-write. */
const STALE_INCOMING_MS = 60 * 60 * 1000;

const missing = (error: unknown) => ["ENOENT", "ENOTDIR", "EISDIR"].includes((error as NodeJS.ErrnoException).code ?? "");

export function createLocalStorage(options: { root: string; publicBase: string }): MediaStorage {
  const root = path.resolve(options.root);
  const incoming = path.join(root, INCOMING);

  function fileOf(key: string): string {
    assertMediaKey(key);
    const file = path.join(root, ...key.split("/"));
    // The key pattern already rules out `..` and absolute paths; this keeps it so if it ever changes.
    if (!file.startsWith(root + path.sep)) throw new Error(`Media key outside the media folder: ${key}`);
    return file;
  }

  async function writeTemp(temp: string, body: Buffer | Readable): Promise<number> {
    if (Buffer.isBuffer(body)) {
      const handle = await open(temp, "wx");
      try {
        await handle.writeFile(body);
        await handle.sync();
      } finally {
        await handle.close();
      }
      return body.length;
    }
    let written = 0;
    const count = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        written += chunk.length;
        done(null, chunk);
      },
    });
    await pipeline(body, count, createWriteStream(temp, { flags: "wx" }));
    const handle = await open(temp, "r+");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    return written;
  }

  async function sweepIncoming(): Promise<void> {
    const now = Date.now();
    for (const name of await readdir(incoming).catch(() => [] as string[])) {
      const file = path.join(incoming, name);
      const info = await stat(file).catch(() => null);
      if (info && now - info.mtimeMs > STALE_INCOMING_MS) await rm(file, { force: true, recursive: true });
    }
  }
  void sweepIncoming().catch(() => {});

  async function* walk(dir: string, keyPrefix: string, wanted: string): AsyncGenerator<{ key: string; size: number }> {
    const entries = await readdir(dir, { withFileTypes: true }).catch((error: unknown) => {
      if (missing(error)) return [];
      throw error;
    });
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (entry.name.startsWith(".")) continue; // .incoming, and nothing a key can name
      const key = keyPrefix + entry.name;
      if (entry.isDirectory()) {
        // Only folders that can hold keys starting with `wanted`.
        if (wanted.startsWith(key + "/") || (key + "/").startsWith(wanted)) yield* walk(path.join(dir, entry.name), key + "/", wanted);
      } else if (entry.isFile() && key.startsWith(wanted)) {
        const info = await stat(path.join(dir, entry.name)).catch(() => null);
        if (info) yield { key, size: info.size };
      }
    }
  }

  return {
    kind: "local",
    publicBase: options.publicBase,

    async put(key, body, { size }) {
      const file = fileOf(key);
      await mkdir(incoming, { recursive: true });
      const temp = path.join(incoming, randomUUID());
      try {
        const written = await writeTemp(temp, body);
        if (size !== undefined && written !== size) throw new Error(`Media ${key}: expected ${size} bytes, got ${written}`);
        await mkdir(path.dirname(file), { recursive: true });
        await rename(temp, file);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },

    async get(key, range?: ByteRange) {
      const file = fileOf(key);
      let handle: FileHandle;
      try {
        handle = await open(file, "r");
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
      const info = await handle.stat();
      if (!info.isFile()) {
        await handle.close();
        return null;
      }
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    },

    async head(key): Promise<MediaObjectInfo | null> {
      const file = fileOf(key);
      const info = await stat(file).catch((error: unknown) => {
        if (missing(error)) return null;
        throw error;
      });
      if (!info?.isFile()) return null;
      return {
        size: info.size,
        contentType: contentTypeOfKey(key),
        etag: `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`,
        lastModified: info.mtime,
      };
    },

    async delete(key) {
      await rm(fileOf(key), { force: true });
    },

    list(prefix = "") {
      assertMediaPrefix(prefix);
      return walk(root, "", prefix);
    },

    url(key) {
      return publicUrlOf(options.publicBase, key);
    },
  };
}
