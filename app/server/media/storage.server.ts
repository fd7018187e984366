/**
 * Where media files live, behind one adapter (docs/decisions/030): local files under the data
 * directory, or S3-compatible object storage. Everything above it (pipelines, serving, backups)
 * speaks only this interface.
 */
import type { Readable } from "node:stream";
import { MEDIA_CONTENT_TYPES, mediaUrl } from "~/domain/media";

export interface MediaObjectInfo {
  size: number;
  contentType?: string;
  /** A strong validator for conditional and Range requests (quoted, as in an ETag header). */
  etag?: string;
  lastModified?: Date;
}

/** Inclusive byte range, as in `Range: bytes=start-end`. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface MediaStorage {
  readonly kind: "local" | "s3";
  /** Stores the whole body under `key`, or nothing: readers never see a half-written file. */
  put(key: string, body: Buffer | Readable, options: { contentType: string; size?: number }): Promise<void>;
  /** The file's bytes (only `range` of them when given), or null when there is no such key. */
  get(key: string, range?: ByteRange): Promise<Readable | null>;
  head(key: string): Promise<MediaObjectInfo | null>;
  /** Removes the key; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
  list(prefix?: string): AsyncIterable<{ key: string; size: number }>;
  /** Where a browser fetches it: a path on this shop (/media/KEY) or MEDIA_PUBLIC_URL/KEY. */
  url(key: string): string;
  /** The base of every `url()`: "/media" or MEDIA_PUBLIC_URL (for `mediaUrl` and `srcset` in pages). */
  readonly publicBase: string;
}

/** The path this shop serves media under (server/media-route.ts). */
export const MEDIA_ROUTE = "/media";

/**
 * Keys are our own names (`img/<hash>-640w.avif`): 1–8 segments of letters, digits, `.`, `_`, `-`,
 * none starting with a dot — so no `..`, no hidden file, no absolute path, no backslash can ever
 * name something outside the media folder, and every key is a valid S3 key and URL path as is.
 */
const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}(?:\/[A-Za-z0-9][A-Za-z0-9._-]{0,127}){0,7}$/;

export function isMediaKey(key: string): boolean {
  return key.length <= 512 && KEY_PATTERN.test(key);
}

/**
 * Top-level folders of the storage that hold private files (scheduled backups), never product
 * media: no public route may name a key under them (docs/decisions/031).
 */
export const PRIVATE_KEY_FOLDERS = ["backups", "private"] as const;

/** A key a public route (GET /media/KEY) may serve: a media key outside the private folders. */
export function isPublicMediaKey(key: string): boolean {
  return isMediaKey(key) && !PRIVATE_KEY_FOLDERS.some((folder) => key === folder || key.startsWith(`${folder}/`));
}

export function assertMediaKey(key: string): void {
  if (!isMediaKey(key)) throw new Error(`Invalid media key ${JSON.stringify(key.slice(0, 100))}`);
}

/** A prefix for `list()`: "" or what a key may start with. */
export function assertMediaPrefix(prefix: string): void {
  if (prefix !== "" && !isMediaKey(prefix.replace(/\/$/, ""))) throw new Error(`Invalid media key prefix ${JSON.stringify(prefix.slice(0, 100))}`);
}

const EXTENSION_TYPES: Record<string, string> = {
  avif: MEDIA_CONTENT_TYPES.avif,
  webp: MEDIA_CONTENT_TYPES.webp,
  jpg: MEDIA_CONTENT_TYPES.jpeg,
  jpeg: MEDIA_CONTENT_TYPES.jpeg,
  png: MEDIA_CONTENT_TYPES.png,
  svg: MEDIA_CONTENT_TYPES.svg,
  mp4: MEDIA_CONTENT_TYPES.mp4,
  webm: MEDIA_CONTENT_TYPES.webm,
  json: "application/json",
};

/** The type a key's extension stands for (local files keep no type of their own). */
export function contentTypeOfKey(key: string): string | undefined {
  const dot = key.lastIndexOf(".");
  return dot === -1 ? undefined : EXTENSION_TYPES[key.slice(dot + 1).toLowerCase()];
}

export function publicUrlOf(publicBase: string, key: string): string {
  assertMediaKey(key);
  return mediaUrl(publicBase, key);
}
