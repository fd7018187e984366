import { createReadStream, existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import type { MediaStorage } from "~/server/backup/media-storage.server";

/**
 * A media storage in a local folder, of the shape the shop's storage has (app/server/backup/
 * media-storage.server.ts), for tests: the content type is kept beside each file.
 */
export function localMediaStorage(root: string): MediaStorage {
  const file = (key: string) => path.join(root, ...key.split("/"));
  const types = new Map<string, string>();
  async function* walk(dir: string, prefix: string): AsyncIterable<{ key: string; size: number }> {
    if (!existsSync(dir)) return;
    for (const name of readdirSync(dir).sort()) {
      const full = path.join(dir, name);
      const key = prefix ? `${prefix}/${name}` : name;
      if (statSync(full).isDirectory()) yield* walk(full, key);
      else yield { key, size: statSync(full).size };
    }
  }
  return {
    kind: "local",
    async put(key, body, options) {
      mkdirSync(path.dirname(file(key)), { recursive: true });
      const chunks: Buffer[] = [];
      for await (const chunk of Buffer.isBuffer(body) ? Readable.from([body]) : body) chunks.push(chunk as Buffer);
      writeFileSync(file(key), Buffer.concat(chunks));
      types.set(key, options.contentType);
    },
    async get(key) {
      return existsSync(file(key)) ? createReadStream(file(key)) : null;
    },
    async head(key) {
      return existsSync(file(key)) ? { size: statSync(file(key)).size, contentType: types.get(key) } : null;
    },
    async delete(key) {
      rmSync(file(key), { force: true });
      types.delete(key);
    },
    async *list(prefix = "") {
      for await (const item of walk(root, "")) if (item.key.startsWith(prefix)) yield item;
    },
    url: (key) => `/media/${key}`,
  };
}
