/**
 * Private files — scheduled backups, delivery proofs, buyers' data exports — in a storage no public
 * route can name (docs/decisions/039): a folder of its own outside MEDIA_DIR (PRIVATE_DIR, default
 * DATA_DIR/private, mode 0700), or with S3 media the bucket PRIVATE_S3_BUCKET, else the media bucket
 * under `private/`, a folder the media route refuses (isPublicMediaKey). It has no URL: whoever serves
 * one of its files checks who is asking first.
 */
import { chmodSync, mkdirSync } from "node:fs";
import path from "node:path";
import { tmpdir } from "node:os";
import type { Env } from "../platform/env.server";
import { createLocalStorage } from "./local-storage.server";
import { lazyS3Storage } from "./media.server";
import type { MediaStorage } from "./storage.server";

/** The storage interface without public URLs. */
export type PrivateStorage = Omit<MediaStorage, "url" | "publicBase">;

export type PrivateStorageSettings =
  | { kind: "local"; root: string }
  | {
      kind: "s3";
      bucket: string;
      keyPrefix: string;
      region: string;
      endpoint?: string;
      credentials?: { accessKeyId: string; secretAccessKey: string };
      forcePathStyle: boolean;
    };

/** The key prefix of private files in a bucket shared with public media. */
export const PRIVATE_BUCKET_PREFIX = "private/";

type PrivateEnv = Pick<
  Env,
  | "DATA_DIR"
  | "PRIVATE_DIR"
  | "PRIVATE_S3_BUCKET"
  | "MEDIA_STORAGE"
  | "MEDIA_S3_BUCKET"
  | "MEDIA_S3_REGION"
  | "MEDIA_S3_ENDPOINT"
  | "MEDIA_S3_ACCESS_KEY_ID"
  | "MEDIA_S3_SECRET_ACCESS_KEY"
  | "MEDIA_S3_FORCE_PATH_STYLE"
>;

export function privateStorageSettings(env: PrivateEnv): PrivateStorageSettings {
  if (env.MEDIA_STORAGE === "s3") {
    return {
      kind: "s3",
      bucket: env.PRIVATE_S3_BUCKET ?? env.MEDIA_S3_BUCKET!,
      // A bucket of its own holds nothing public: no prefix needed there.
      keyPrefix: env.PRIVATE_S3_BUCKET ? "" : PRIVATE_BUCKET_PREFIX,
      region: env.MEDIA_S3_REGION,
      endpoint: env.MEDIA_S3_ENDPOINT,
      credentials:
        env.MEDIA_S3_ACCESS_KEY_ID && env.MEDIA_S3_SECRET_ACCESS_KEY
          ? { accessKeyId: env.MEDIA_S3_ACCESS_KEY_ID, secretAccessKey: env.MEDIA_S3_SECRET_ACCESS_KEY }
          : undefined,
      forcePathStyle: env.MEDIA_S3_FORCE_PATH_STYLE,
    };
  }
  // An in-memory database (tests) keeps its private files in a folder of its own that nothing else uses.
  const dataDir = env.DATA_DIR.startsWith("memory://") ? path.join(tmpdir(), `trigger-shop-private-${process.pid}`) : env.DATA_DIR;
  return { kind: "local", root: path.resolve(env.PRIVATE_DIR ?? path.join(dataDir, "private")) };
}

export function createPrivateStorage(settings: PrivateStorageSettings): PrivateStorage {
  if (settings.kind === "local") {
    // Only the shop's own user may list or read the folder (its files are written 0600 by their writers).
    mkdirSync(settings.root, { recursive: true, mode: 0o700 });
    chmodSync(settings.root, 0o700);
    const { url: _url, publicBase: _base, ...storage } = createLocalStorage({ root: settings.root, publicBase: "" });
    return storage;
  }
  const { url: _url, publicBase: _base, ...storage } = lazyS3Storage({ ...settings, publicBase: "" });
  return storage;
}
