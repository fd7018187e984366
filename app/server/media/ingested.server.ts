import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { open } from "node:fs/promises";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { MediaDescription } from "~/domain/media";
import type { MediaStorage } from "./storage.server";

/** A file on disk to ingest: an upload's temporary file, a generated poster frame, a seeded file. */
export interface MediaSource {
  path: string;
  /** The name shown in messages (an upload's sanitised file name); never used for storage. */
  name: string;
  bytes: number;
}

/**
 * What an ingest stored: the description, and the keys it created (not those it found already
 * stored: names are content hashes, so the same bytes may belong to another product too).
 * `discard()` deletes exactly those, for a caller whose own save failed afterwards.
 */
export interface Ingested<T extends MediaDescription> {
  media: T;
  created: readonly string[];
  discard(): Promise<void>;
}

/** Collects the keys one ingest writes, to undo them all if a later step fails. */
export class StoredKeys {
  readonly created: string[] = [];
  constructor(private readonly storage: MediaStorage) {}

  /** Puts `body` under `key` unless that key (same name, so same content) is already stored. */
  async putOnce(key: string, body: Buffer | (() => Readable), options: { contentType: string; size: number }): Promise<void> {
    if (await this.storage.head(key)) return;
    await this.storage.put(key, Buffer.isBuffer(body) ? body : body(), options);
    this.created.push(key);
  }

  adopt(other: { created: readonly string[] }): void {
    this.created.push(...other.created);
  }

  async discard(): Promise<void> {
    await Promise.all(this.created.map((key) => this.storage.delete(key).catch(() => {})));
  }

  result<T extends MediaDescription>(media: T): Ingested<T> {
    const created = [...this.created];
    return { media, created, discard: () => Promise.all(created.map((key) => this.storage.delete(key))).then(() => {}) };
  }
}

/** 32 hex digits (128 bits) of SHA-256: the content part of a media file's name. */
export const contentHash = (bytes: Buffer): string => createHash("sha256").update(bytes).digest("hex").slice(0, 32);

export async function contentHashOfFile(file: string): Promise<string> {
  const hash = createHash("sha256");
  await pipeline(createReadStream(file), hash);
  return hash.digest("hex").slice(0, 32);
}

/** The first `length` bytes of a file (fewer if it is shorter). */
export async function readHead(file: string, length: number): Promise<Uint8Array> {
  const handle = await open(file, "r");
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
