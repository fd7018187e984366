import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PassThrough, Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestS3, type TestS3 } from "../../../tests/setup/s3-server";
import { createLocalStorage } from "./local-storage.server";
import { createMediaStorage } from "./media.server";
import { createS3Storage } from "./s3-storage.server";
import type { MediaStorage } from "./storage.server";

let s3: TestS3;
let localRoot: string;
let runs = 0;

beforeAll(async () => {
  s3 = await startTestS3();
  localRoot = await mkdtemp(path.join(tmpdir(), "media-local-"));
});
afterAll(async () => {
  await s3?.close();
  await rm(localRoot, { recursive: true, force: true });
});

/** Each test gets its own prefix, so the adapters' lists start empty. */
const adapters: [string, () => { storage: MediaStorage; prefix: string }][] = [
  ["local files", () => ({ storage: createLocalStorage({ root: localRoot, publicBase: "/media" }), prefix: `t${++runs}` })],
  [
    "S3 (s3rver)",
    () => ({
      storage: createS3Storage({
        bucket: s3.bucket,
        region: "us-east-1",
        endpoint: s3.endpoint,
        credentials: s3.credentials,
        forcePathStyle: true,
        publicBase: "https://cdn.example.com/shop",
      }),
      prefix: `t${++runs}`,
    }),
  ],
  [
    "S3 as the shop makes it (SDK loaded on first use)",
    () => ({
      storage: createMediaStorage({
        kind: "s3",
        bucket: s3.bucket,
        region: "us-east-1",
        endpoint: s3.endpoint,
        credentials: s3.credentials,
        forcePathStyle: true,
        publicBase: "https://cdn.example.com/shop",
      }),
      prefix: `t${++runs}`,
    }),
  ],
];

async function keysOf(storage: MediaStorage, prefix?: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const entry of storage.list(prefix)) keys.push(entry.key);
  return keys.sort();
}

async function read(storage: MediaStorage, key: string, range?: { start: number; end: number }): Promise<Buffer | null> {
  const stream = await storage.get(key, range);
  return stream ? buffer(stream) : null;
}

describe.each(adapters)("media storage adapter: %s", (_name, make) => {
  it("stores a buffer and gives back its bytes, size and type", async () => {
    const { storage, prefix } = make();
    const body = randomBytes(5000);
    await storage.put(`${prefix}/img/a.webp`, body, { contentType: "image/webp" });
    expect(await read(storage, `${prefix}/img/a.webp`)).toEqual(body);
    const info = await storage.head(`${prefix}/img/a.webp`);
    expect(info).toMatchObject({ size: 5000, contentType: "image/webp" });
    expect(info?.etag).toMatch(/^"[^"]+"$/);
    expect(await keysOf(storage, prefix)).toEqual([`${prefix}/img/a.webp`]);
  });

  it("stores a stream of known or unknown length, larger than one multipart part", async () => {
    const { storage, prefix } = make();
    const size = 9 * 1024 * 1024 + 123;
    const whole = randomBytes(size);
    const chunks = Array.from({ length: Math.ceil(size / 65_536) }, (_, i) => whole.subarray(i * 65_536, (i + 1) * 65_536));
    await storage.put(`${prefix}/vid/big.mp4`, Readable.from(chunks), { contentType: "video/mp4", size });
    const stored = await read(storage, `${prefix}/vid/big.mp4`);
    expect(stored?.length).toBe(size);
    expect(stored?.equals(whole)).toBe(true);
    expect((await storage.head(`${prefix}/vid/big.mp4`))?.size).toBe(size);

    await storage.put(`${prefix}/vid/small.webm`, Readable.from([Buffer.from("abc"), Buffer.from("def")]), { contentType: "video/webm" });
    expect((await read(storage, `${prefix}/vid/small.webm`))?.toString()).toBe("abcdef");
  });

  it("reads a byte range (how browsers seek in a video)", async () => {
    const { storage, prefix } = make();
    const body = randomBytes(10_000);
    await storage.put(`${prefix}/v.mp4`, body, { contentType: "video/mp4" });
    expect(await read(storage, `${prefix}/v.mp4`, { start: 100, end: 199 })).toEqual(body.subarray(100, 200));
    expect(await read(storage, `${prefix}/v.mp4`, { start: 9_990, end: 9_999 })).toEqual(body.subarray(9_990));
  });

  it("answers null for a missing key, and deleting one is not an error", async () => {
    const { storage, prefix } = make();
    expect(await storage.get(`${prefix}/nothing.png`)).toBeNull();
    expect(await storage.head(`${prefix}/nothing.png`)).toBeNull();
    await expect(storage.delete(`${prefix}/nothing.png`)).resolves.toBeUndefined();
  });

  it("deletes, replaces, and lists by prefix", async () => {
    const { storage, prefix } = make();
    for (const key of ["img/a.avif", "img/b.avif", "vid/c.mp4", "imgx/d.png"])
      await storage.put(`${prefix}/${key}`, Buffer.from(key), { contentType: "application/octet-stream" });
    expect(await keysOf(storage, `${prefix}/img/`)).toEqual([`${prefix}/img/a.avif`, `${prefix}/img/b.avif`]);
    expect(await keysOf(storage, `${prefix}/img`)).toEqual([`${prefix}/img/a.avif`, `${prefix}/img/b.avif`, `${prefix}/imgx/d.png`]);
    const sizes: number[] = [];
    for await (const entry of storage.list(`${prefix}/vid/`)) sizes.push(entry.size);
    expect(sizes).toEqual([9]);

    await storage.delete(`${prefix}/img/a.avif`);
    expect(await storage.head(`${prefix}/img/a.avif`)).toBeNull();
    await storage.put(`${prefix}/img/b.avif`, Buffer.from("replaced"), { contentType: "image/avif" });
    expect((await read(storage, `${prefix}/img/b.avif`))?.toString()).toBe("replaced");
    expect(await keysOf(storage, prefix)).toEqual([`${prefix}/img/b.avif`, `${prefix}/imgx/d.png`, `${prefix}/vid/c.mp4`]);
  });

  it("never shows a file before it is whole", async () => {
    const { storage, prefix } = make();
    const body = new PassThrough();
    const putting = storage.put(`${prefix}/slow.mp4`, body, { contentType: "video/mp4", size: 6 });
    body.write("abc");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await storage.head(`${prefix}/slow.mp4`)).toBeNull();
    expect(await keysOf(storage, prefix)).toEqual([]);
    body.end("def");
    await putting;
    expect((await read(storage, `${prefix}/slow.mp4`))?.toString()).toBe("abcdef");
  });

  it("leaves nothing when the body breaks off or is not the announced size", async () => {
    const { storage, prefix } = make();
    const broken = new PassThrough();
    const putting = storage.put(`${prefix}/broken.mp4`, broken, { contentType: "video/mp4" });
    broken.write(randomBytes(1000));
    setTimeout(() => broken.destroy(new Error("client went away")), 20);
    await expect(putting).rejects.toThrow();
    await expect(storage.put(`${prefix}/short.mp4`, Readable.from([Buffer.from("abc")]), { contentType: "video/mp4", size: 10 })).rejects.toThrow(
      /expected 10 bytes, got 3/,
    );
    await expect(storage.put(`${prefix}/short.png`, Buffer.from("abc"), { contentType: "image/png", size: 10 })).rejects.toThrow(/expected 10 bytes/);
    expect(await keysOf(storage, prefix)).toEqual([]);
    if (storage.kind === "local") expect(await readdir(path.join(localRoot, ".incoming"))).toEqual([]);
  });

  it("refuses keys that could leave the media folder or are not plain names", async () => {
    const { storage, prefix } = make();
    for (const key of [
      "../escape.png",
      `${prefix}/../../escape.png`,
      "/etc/passwd",
      ".incoming/x",
      `${prefix}/.hidden`,
      "a\\b.png",
      "a//b.png",
      "",
      "a b.png",
      "%2e%2e/x",
    ]) {
      await expect(storage.put(key, Buffer.from("x"), { contentType: "image/png" }), key).rejects.toThrow(/Invalid media key/);
      await expect(storage.get(key), key).rejects.toThrow(/Invalid media key/);
      expect(() => storage.url(key), key).toThrow(/Invalid media key/);
    }
  });

  it("gives the URL a browser fetches: this shop's /media path or the public base (CDN)", async () => {
    const { storage } = make();
    expect(storage.url("img/abc-640w.avif")).toBe(storage.kind === "local" ? "/media/img/abc-640w.avif" : "https://cdn.example.com/shop/img/abc-640w.avif");
  });
});
