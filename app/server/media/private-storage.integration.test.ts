import { once } from "node:events";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { text } from "node:stream/consumers";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MEDIA_ROUTE, serveMedia } from "../../../server/media-route";
import { startTestS3, type TestS3 } from "../../../tests/setup/s3-server";
import { movePublicBackups } from "../backup/shop.server";
import { parseEnv } from "../platform/env.server";
import { createLocalStorage } from "./local-storage.server";
import { createPrivateStorage, privateStorageSettings, type PrivateStorage } from "./private-storage.server";
import { createS3Storage } from "./s3-storage.server";
import type { MediaStorage } from "./storage.server";

let s3: TestS3;
let dir: string;
beforeAll(async () => {
  s3 = await startTestS3();
  dir = mkdtempSync(path.join(tmpdir(), "private-storage-"));
});
afterAll(async () => {
  await s3?.close();
  rmSync(dir, { recursive: true, force: true });
});

const s3Env = () => ({
  MEDIA_STORAGE: "s3",
  MEDIA_S3_BUCKET: s3.bucket,
  MEDIA_S3_ENDPOINT: s3.endpoint,
  MEDIA_S3_ACCESS_KEY_ID: s3.credentials.accessKeyId,
  MEDIA_S3_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey,
  MEDIA_S3_FORCE_PATH_STYLE: "true",
});

const setups: [string, () => { media: MediaStorage; privateFiles: PrivateStorage }][] = [
  [
    "local folders",
    () => {
      const env = parseEnv({ NODE_ENV: "test", DATA_DIR: path.join(dir, "data"), SESSION_SECRET: "x".repeat(32) });
      return {
        media: createLocalStorage({ root: path.join(dir, "data", "media"), publicBase: MEDIA_ROUTE }),
        privateFiles: createPrivateStorage(privateStorageSettings(env)),
      };
    },
  ],
  [
    "one S3 bucket shared with the media",
    () => {
      const env = parseEnv({ NODE_ENV: "test", DATA_DIR: path.join(dir, "s3"), SESSION_SECRET: "x".repeat(32), ...s3Env() });
      const media = createS3Storage({
        bucket: s3.bucket,
        region: "us-east-1",
        endpoint: s3.endpoint,
        credentials: s3.credentials,
        forcePathStyle: true,
        publicBase: MEDIA_ROUTE,
      });
      return { media, privateFiles: createPrivateStorage(privateStorageSettings(env)) };
    },
  ],
];

describe.each(setups)("private storage on %s", (_name, make) => {
  let media: MediaStorage;
  let privateFiles: PrivateStorage;
  let base: string;
  let close: () => void;
  beforeAll(async () => {
    ({ media, privateFiles } = make());
    const server = express().use(MEDIA_ROUTE, serveMedia(media)).listen(0, "127.0.0.1");
    await once(server, "listening");
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close?.());

  it("keeps a file the media route cannot name, and lists it apart from the media", async () => {
    await privateFiles.put("proofs/ORD1/one.png", Buffer.from("a screenshot of the gift"), { contentType: "image/png" });
    expect(await text((await privateFiles.get("proofs/ORD1/one.png"))!)).toBe("a screenshot of the gift");
    const keys: string[] = [];
    for await (const item of privateFiles.list("proofs/")) keys.push(item.key);
    expect(keys).toEqual(["proofs/ORD1/one.png"]);
    for (const target of ["proofs/ORD1/one.png", "private/proofs/ORD1/one.png"]) {
      const response = await fetch(`${base}/media/${target}`);
      expect(response.status, target).toBe(404);
      expect(await response.text()).not.toContain("screenshot");
    }
  });

  it("moves backups an older shop left in the public media storage into the private one", async () => {
    const key = "backups/trigger-shop-backup-20261120T100000Z.tar.gz";
    await media.put(key, Buffer.from("old backup with every buyer"), { contentType: "application/octet-stream" });
    expect(await movePublicBackups(media, privateFiles)).toEqual([key]);
    expect(await media.head(key)).toBeNull();
    expect(await text((await privateFiles.get(key))!)).toBe("old backup with every buyer");
    expect(await movePublicBackups(media, privateFiles)).toEqual([]);
  });
});

describe("the private folder", () => {
  it("defaults to DATA_DIR/private, readable by the shop's user only", () => {
    const env = parseEnv({ NODE_ENV: "test", DATA_DIR: path.join(dir, "modes"), SESSION_SECRET: "x".repeat(32) });
    const settings = privateStorageSettings(env);
    expect(settings).toEqual({ kind: "local", root: path.resolve(dir, "modes", "private") });
    createPrivateStorage(settings);
    expect(statSync(path.join(dir, "modes", "private")).mode & 0o777).toBe(0o700);
  });

  it("refuses PRIVATE_DIR inside MEDIA_DIR, which the media route serves", () => {
    expect(() => parseEnv({ NODE_ENV: "test", DATA_DIR: dir, PRIVATE_DIR: path.join(dir, "media", "private"), SESSION_SECRET: "x".repeat(32) })).toThrow(
      /PRIVATE_DIR: must not be MEDIA_DIR or a folder inside it/,
    );
  });

  it("uses a bucket of its own without a prefix when PRIVATE_S3_BUCKET is set", () => {
    const env = parseEnv({ NODE_ENV: "test", DATA_DIR: dir, SESSION_SECRET: "x".repeat(32), ...s3Env(), PRIVATE_S3_BUCKET: "shop-private" });
    expect(privateStorageSettings(env)).toMatchObject({ kind: "s3", bucket: "shop-private", keyPrefix: "" });
  });
});
