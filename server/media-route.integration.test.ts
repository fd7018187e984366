import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalStorage } from "../app/server/media/local-storage.server";
import { createS3Storage } from "../app/server/media/s3-storage.server";
import type { MediaStorage } from "../app/server/media/storage.server";
import { rawRequest } from "../tests/setup/raw-http";
import { startTestS3, type TestS3 } from "../tests/setup/s3-server";
import { MEDIA_CACHE_CONTROL, MEDIA_ROUTE, serveMedia } from "./media-route";

let s3: TestS3;
let folder: string;

beforeAll(async () => {
  s3 = await startTestS3();
  folder = await mkdtemp(path.join(tmpdir(), "media-route-"));
});
afterAll(async () => {
  await s3?.close();
  await rm(folder, { recursive: true, force: true });
});

const adapters: [string, () => MediaStorage][] = [
  ["local files", () => createLocalStorage({ root: path.join(folder, "media"), publicBase: MEDIA_ROUTE })],
  [
    "S3 without a public URL",
    () =>
      createS3Storage({
        bucket: s3.bucket,
        region: "us-east-1",
        endpoint: s3.endpoint,
        credentials: s3.credentials,
        forcePathStyle: true,
        publicBase: MEDIA_ROUTE,
      }),
  ],
];

describe.each(adapters)("GET /media/KEY from %s", (_name, make) => {
  const video = randomBytes(100_000);
  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>');
  let base: string;
  let port: number;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const storage = make();
    await storage.put("vid/0123456789abcdef0123456789abcdef.mp4", video, { contentType: "video/mp4" });
    await storage.put("img/abcdef-320w.svg", svg, { contentType: "image/svg+xml" });
    // A scheduled backup written to the same storage (BACKUP_TO=storage) and a private file.
    await storage.put(backupKey, Buffer.from("shop backup: every buyer"), { contentType: "application/gzip" });
    await storage.put("private/proofs/abc.png", Buffer.from("private proof"), { contentType: "image/png" });
    // Files the route must never reach: beside the media folder, and in its hidden work folder.
    await writeFile(path.join(folder, "secret.txt"), "top secret");
    await mkdir(path.join(folder, "media", ".incoming"), { recursive: true });
    await writeFile(path.join(folder, "media", ".incoming", "half.mp4"), "half");
    const app = express();
    app.use(MEDIA_ROUTE, serveMedia(storage));
    app.use((_req, res) => void res.status(418).send("fell through"));
    const server = app.listen(0, "127.0.0.1");
    await once(server, "listening");
    port = (server.address() as AddressInfo).port;
    base = `http://127.0.0.1:${port}`;
    close = () => new Promise((resolve) => server.close(() => resolve()));
  });
  afterAll(() => close?.());

  const get = (key: string, headers: Record<string, string> = {}) => fetch(`${base}/media/${key}`, { headers });
  const videoKey = "vid/0123456789abcdef0123456789abcdef.mp4";
  const backupKey = "backups/trigger-shop-backup-20261127-150000.tar.gz";

  it("serves a file with its type, length, an ETag and an immutable year-long cache", async () => {
    const response = await get(videoKey);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("video/mp4");
    expect(response.headers.get("content-length")).toBe("100000");
    expect(response.headers.get("cache-control")).toBe(MEDIA_CACHE_CONTROL);
    expect(MEDIA_CACHE_CONTROL).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("accept-ranges")).toBe("bytes");
    expect(response.headers.get("etag")).toMatch(/^"[^"]+"$/);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
    expect(Buffer.from(await response.arrayBuffer()).equals(video)).toBe(true);
  });

  it("serves our SVG drawings sandboxed, so one opened on its own runs no script", async () => {
    const response = await get("img/abcdef-320w.svg");
    expect(response.headers.get("content-type")).toBe("image/svg+xml");
    expect(response.headers.get("content-security-policy")).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    expect(await response.text()).toBe(svg.toString());
  });

  it("answers 304 without a body to a matching If-None-Match", async () => {
    const etag = (await get(videoKey)).headers.get("etag")!;
    // As a browser revalidates; fetch() would add `Cache-Control: no-cache`, which asks for the whole file.
    const revalidate = (tag: string) =>
      rawRequest(port, `GET /media/${videoKey} HTTP/1.1\r\nHost: x\r\nIf-None-Match: ${tag}\r\nCache-Control: max-age=0\r\nConnection: close\r\n\r\n`);
    const answer = await revalidate(etag);
    expect(answer.status).toBe(304);
    expect(answer.body).toBe("");
    expect(answer.headers["cache-control"]).toBe(MEDIA_CACHE_CONTROL);
    expect(answer.headers.etag).toBe(etag);
    expect((await revalidate('"other"')).status).toBe(200);
  });

  it("answers byte ranges with 206, as a video element seeking asks", async () => {
    const first = await get(videoKey, { Range: "bytes=0-1023" });
    expect(first.status).toBe(206);
    expect(first.headers.get("content-range")).toBe("bytes 0-1023/100000");
    expect(first.headers.get("content-length")).toBe("1024");
    expect(Buffer.from(await first.arrayBuffer()).equals(video.subarray(0, 1024))).toBe(true);

    const rest = await get(videoKey, { Range: "bytes=99000-" });
    expect(rest.headers.get("content-range")).toBe("bytes 99000-99999/100000");
    expect(Buffer.from(await rest.arrayBuffer()).equals(video.subarray(99_000))).toBe(true);

    const tail = await get(videoKey, { Range: "bytes=-100" });
    expect(Buffer.from(await tail.arrayBuffer()).equals(video.subarray(-100))).toBe(true);
  });

  it("answers 416 to a range past the end, and the whole file when If-Range names another version", async () => {
    const past = await get(videoKey, { Range: "bytes=200000-" });
    expect(past.status).toBe(416);
    expect(past.headers.get("content-range")).toBe("bytes */100000");
    const stale = await get(videoKey, { Range: "bytes=0-9", "If-Range": '"an-older-version"' });
    expect(stale.status).toBe(200);
    expect((await stale.arrayBuffer()).byteLength).toBe(100_000);
    const etag = (await get(videoKey)).headers.get("etag")!;
    expect((await get(videoKey, { Range: "bytes=0-9", "If-Range": etag })).status).toBe(206);
  });

  it("answers HEAD with the headers only", async () => {
    const response = await fetch(`${base}/media/${videoKey}`, { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-length")).toBe("100000");
  });

  it("answers 404 to an unknown key, and never lists a folder", async () => {
    for (const key of ["vid/ffffffffffffffffffffffffffffffff.mp4", "vid/", "vid", "", "img"]) {
      const response = await get(key);
      expect(response.status, key).toBe(404);
      expect(response.headers.get("cache-control"), key).toBe("no-store");
      expect(await response.text(), key).toBe("Not found");
    }
  });

  it("refuses `..`, encoded or not, and hidden files: nothing outside the media storage is reachable", async () => {
    for (const target of [
      "/media/../secret.txt",
      `/media/${"../".repeat(2)}secret.txt`,
      "/media/%2e%2e/secret.txt",
      "/media/%2E%2E%2Fsecret.txt",
      "/media/vid/..%2f..%2fsecret.txt",
      "/media/..%5csecret.txt",
      "/media/.incoming/half.mp4",
      "/media/%2eincoming/half.mp4",
      "/media//etc/passwd",
      "/media/%00",
      "/media/%E0%A4%A",
    ]) {
      const answer = await rawRequest(port, `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
      expect(answer.status, target).toBe(404);
      expect(answer.body, target).not.toContain("top secret");
      expect(answer.body, target).not.toContain("half");
    }
  });

  it("never serves a backup or a private file stored beside the media, however the key is spelt", async () => {
    for (const target of [
      `/media/${backupKey}`,
      `/media/${backupKey.replace("/", "%2F")}`,
      `/media/backups%2F${backupKey.slice("backups/".length)}`,
      `/media/./${backupKey}`,
      `/media//${backupKey}`,
      "/media/private/proofs/abc.png",
      "/media/private%2Fproofs%2Fabc.png",
    ]) {
      for (const method of ["GET", "HEAD"]) {
        const answer = await rawRequest(port, `${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
        expect(answer.status, `${method} ${target}`).toBe(404);
        expect(answer.body, target).not.toContain("every buyer");
        expect(answer.body, target).not.toContain("private proof");
      }
    }
  });

  it("answers 405 to a method other than GET and HEAD", async () => {
    const response = await fetch(`${base}/media/${videoKey}`, { method: "POST", body: "x" });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD");
  });
});

describe("GET /media/KEY when the storage does not answer", () => {
  it("answers 503, not cached, rather than a 404 or a crash", async () => {
    const down = createS3Storage({
      bucket: "shop-media",
      region: "us-east-1",
      endpoint: "http://127.0.0.1:9",
      credentials: s3.credentials,
      forcePathStyle: true,
      publicBase: "/media",
    });
    const app = express().use(MEDIA_ROUTE, serveMedia(down));
    const server = app.listen(0, "127.0.0.1");
    await once(server, "listening");
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/media/img/a.avif`);
    expect(response.status).toBe(503);
    expect(response.headers.get("cache-control")).toBe("no-store");
    server.close();
  });
});
