/**
 * The console's product media through the running shop's HTTP route (/admin/products/:id/media,
 * docs/decisions/030): uploads stream past the body limit to the pipeline, each action writes its
 * rows and one audit row, the storefront shows the change at once; every bad upload is refused with
 * its message and leaves no file and no row, and the server keeps answering. The upload runs once
 * more against an S3-compatible server (s3rver on loopback).
 */
import { and, eq } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productMedia, sellerActions } from "../db/schema";
import { pngBomb, scratch, sidewaysJpegWithGps, solidImage, testVideo, type Scratch } from "../tests/setup/media-fixtures";
import { startShop, type RunningShop } from "../tests/setup/running-shop";
import { startTestS3, type TestS3 } from "../tests/setup/s3-server";

const PASSWORD = "media manager password 1";
const EMAIL = "media@shop.test";
/** A product without a video (two drawings). */
const PRODUCT = "king-cummy";

interface Part {
  field: string;
  filename?: string;
  contentType?: string;
  bytes: Buffer | string;
}

/** A multipart body by hand: fetch's FormData would strip a path from a file name. */
function multipart(parts: Part[]): { body: Buffer; contentType: string } {
  const boundary = `----media-test-${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.field}"${part.filename !== undefined ? `; filename="${part.filename}"` : ""}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.contentType ? `Content-Type: ${part.contentType}\r\n` : ""}\r\n`;
    chunks.push(Buffer.from(head, "utf8"), Buffer.isBuffer(part.bytes) ? part.bytes : Buffer.from(part.bytes), Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

interface Harness {
  shop: RunningShop;
  base: string;
  cookie: string;
  dataDir: string;
  files: Scratch;
}

async function openHarness(env: Record<string, string>): Promise<Harness> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "media-http-"));
  // The account goes into the embedded database on disk first (one process at a time), then the shop opens it.
  const { openDatabase } = await import("../app/server/platform/db.server");
  const { createSeller } = await import("../app/server/seller-auth/sellers.server");
  const database = await openDatabase({ dataDir });
  await createSeller(database.db, EMAIL, PASSWORD, new Date());
  await database.close();
  const shop = await startShop({ DATA_DIR: dataDir, MEDIA_MAX_IMAGE_MB: "1", MEDIA_MAX_VIDEO_MB: "5", ...env });
  const base = `http://127.0.0.1:${shop.port}`;
  const login = await fetch(`${base}/admin/login`, {
    method: "POST",
    headers: { origin: base, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: EMAIL, password: PASSWORD }).toString(),
    redirect: "manual",
  });
  const cookie = /seller_session=([^;]+)/.exec(login.headers.get("set-cookie") ?? "")?.[1];
  if (!cookie) throw new Error(`login failed: ${login.status}`);
  return { shop, base, cookie: `seller_session=${cookie}`, dataDir, files: await scratch() };
}

async function closeHarness(h: Harness | undefined) {
  await h?.shop.close();
  await h?.files.close();
  if (h) rmSync(h.dataDir, { recursive: true, force: true });
}

function upload(h: Harness, parts: Part[], product = PRODUCT) {
  const { body, contentType } = multipart(parts);
  return fetch(`${h.base}/admin/products/${product}/media`, {
    method: "POST",
    headers: { origin: h.base, cookie: h.cookie, "content-type": contentType, accept: "application/json" },
    body: new Uint8Array(body),
  });
}

function post(h: Harness, fields: Record<string, string>, product = PRODUCT) {
  return fetch(`${h.base}/admin/products/${product}/media`, {
    method: "POST",
    headers: { origin: h.base, cookie: h.cookie, "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
    body: new URLSearchParams(fields).toString(),
  });
}

interface ListedRow {
  id: number;
  kind: "image" | "video";
  alt: { en: string; fr: string; es: string };
  thumb: string;
  video?: string;
}

async function list(h: Harness): Promise<ListedRow[]> {
  const response = await fetch(`${h.base}/admin/products/${PRODUCT}/media`, { headers: { cookie: h.cookie, accept: "application/json" } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { items: ListedRow[] }).items;
}

async function storedKeys(h: Harness): Promise<string[]> {
  const keys: string[] = [];
  for await (const { key } of h.shop.services.media.storage.list()) keys.push(key);
  return keys.filter((key) => !key.startsWith("backups/")).sort();
}

async function rowsAndAudit(h: Harness) {
  const db = h.shop.services.db;
  const rows = await db.select().from(productMedia).where(eq(productMedia.productId, PRODUCT));
  const audit = await db
    .select()
    .from(sellerActions)
    .where(and(eq(sellerActions.target, `product:${PRODUCT}`)));
  return { rows: rows.length, audit: audit.map((a) => a.action) };
}

async function uploadTempFiles(h: Harness): Promise<string[]> {
  const root = path.join(h.dataDir, "upload-tmp");
  const entries = await readdir(root, { recursive: true }).catch(() => [] as string[]);
  return entries.map(String);
}

/** The GPS IFD's tag as it appears in EXIF bytes, and the tag ids of latitude in both byte orders. */
function carriesGps(bytes: Buffer): boolean {
  return bytes.includes(Buffer.from([0x88, 0x25])) || bytes.includes(Buffer.from([0x25, 0x88])) || bytes.includes(Buffer.from("GPS"));
}

async function uploadJpegAndVideo(h: Harness) {
  const jpeg = await sidewaysJpegWithGps(1600, 1200);
  expect(carriesGps(jpeg)).toBe(true);
  const video = await testVideo(h.files.dir, "mp4", 1);
  const response = await upload(h, [
    { field: "photos", filename: "holiday.jpg", contentType: "image/jpeg", bytes: jpeg },
    { field: "video", filename: "preview.mp4", contentType: "video/mp4", bytes: await readFile(video.path) },
  ]);
  const body = (await response.json()) as { ok: boolean; message: string };
  expect(body).toEqual({ ok: true, message: "Added 1 photo and the preview video. The storefront shows it now." });
  expect(response.status).toBe(200);
}

describe("product media through the console route (local storage)", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await openHarness({ MEDIA_DIR: mkdtempSync(path.join(tmpdir(), "media-http-files-")) });
  }, 240_000);
  afterAll(() => closeHarness(h));

  it("starts with the product's drawings as its media", async () => {
    const rows = await list(h);
    expect(rows.map((r) => r.kind)).toEqual(["image", "image"]);
    expect(rows[0].thumb).toMatch(/^\/media\/img\/[0-9a-f]{32}\.svg$/);
  });

  it("uploads a photo carrying GPS and a video: stored without GPS, shown on the storefront as AVIF/WebP through srcset", async () => {
    const before = await rowsAndAudit(h);
    await uploadJpegAndVideo(h);
    const after = await rowsAndAudit(h);
    expect(after.rows).toBe(before.rows + 2);
    expect(after.audit.filter((a) => a === "product_media_added")).toHaveLength(1);
    expect(await uploadTempFiles(h)).toEqual([]);

    const rows = await list(h);
    expect(rows.map((r) => r.kind)).toEqual(["image", "image", "image", "video"]);
    // Put the photo first: the product page's main picture.
    const order = [rows[2].id, rows[0].id, rows[1].id, rows[3].id];
    const reordered = await post(h, { intent: "order", order: order.join(",") });
    expect(await reordered.json()).toEqual({ ok: true, message: "New order saved. The storefront shows it now." });
    expect((await list(h)).map((r) => r.id)).toEqual(order);

    const alt = await post(h, { intent: "alt", id: String(order[0]), altEn: "Red and blue card", altFr: "Carte rouge et bleue", altEs: "" });
    expect(alt.status).toBe(200);

    const page = await (await fetch(`${h.base}/fr/product/${PRODUCT}`)).text();
    const avif = /<source type="image\/avif" srcSet="([^"]+)"/.exec(page)?.[1] ?? "";
    expect(avif).toMatch(/\/media\/img\/[0-9a-f]{32}-320w\.avif 320w, .*-1200w\.avif 1200w$/);
    expect(page).toMatch(/<source type="image\/webp" srcSet="[^"]+-1200w\.webp 1200w"/);
    expect(page).toContain('alt="Carte rouge et bleue"');
    expect(page).toMatch(/<link rel="preload"[^>]*imageSrcSet="[^"]*\.avif 320w/);
    expect(page).toMatch(/<meta property="og:image" content="http:\/\/127\.0\.0\.1:\d+\/media\/img\/[0-9a-f]{32}-1200w\.jpg"/);
    // The video is a thumbnail now (the photo comes first): its player is made when the shopper picks it.
    expect(page).toContain('aria-label="Afficher la vidéo (4 sur 4)"');

    // Every file the page names is served, immutable, and none carries the GPS tag.
    const urls = new Set([...page.matchAll(/\/media\/img\/[0-9a-f]{32}-\d+w\.(?:avif|webp|jpg)/g)].map((m) => m[0]));
    expect(urls.size).toBeGreaterThanOrEqual(9);
    for (const url of urls) {
      const response = await fetch(`${h.base}${url}`);
      expect(response.status, url).toBe(200);
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(carriesGps(bytes), url).toBe(false);
      expect((await sharp(bytes).metadata()).exif, url).toBeUndefined();
    }
    const { audit } = await rowsAndAudit(h);
    expect(audit.filter((a) => a === "product_media_reordered")).toHaveLength(1);
    expect(audit.filter((a) => a === "product_media_alt_changed")).toHaveLength(1);
  });

  it("refuses a second preview video", async () => {
    const video = await testVideo(h.files.dir, "webm", 1);
    const response = await upload(h, [{ field: "video", filename: "other.webm", bytes: await readFile(video.path) }]);
    expect(response.status).toBe(409);
    expect(((await response.json()) as { message: string }).message).toBe("This product already has its preview video: delete it before uploading another.");
  });

  const cases: [string, () => Promise<Part[]>, number, RegExp][] = [
    [
      "bytes that are not what the name says",
      async () => [{ field: "photos", filename: "photo.jpg", contentType: "image/jpeg", bytes: "just some text, not a photo" }],
      415,
      /^photo\.jpg is not a JPEG, PNG, WebP or AVIF image/,
    ],
    [
      "an SVG",
      async () => [{ field: "photos", filename: "logo.svg", bytes: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>' }],
      415,
      /^logo\.svg is an SVG drawing\. SVG files are refused because they can carry scripts/,
    ],
    [
      "a photo over the size limit",
      async () => {
        const noise = await sharp(randomBytes(900 * 900 * 3), {
          raw: { width: 900, height: 900, channels: 3 },
        })
          .png({ compressionLevel: 0 })
          .toBuffer();
        return [{ field: "photos", filename: "huge.png", bytes: noise }];
      },
      413,
      /^huge\.png is 2\.\d MB; a photo may be at most 1 MB\./,
    ],
    ["a decompression bomb", async () => [{ field: "photos", filename: "bomb.png", bytes: pngBomb(10_000) }], 422, /^bomb\.png is 10000 × 10000 pixels/],
    [
      "a corrupt photo",
      async () => {
        const whole = await solidImage(800, 600, "jpeg");
        return [{ field: "photos", filename: "cut.jpg", bytes: whole.subarray(0, whole.length >> 1) }];
      },
      422,
      /^cut\.jpg could not be read as (a JPEG|an) image: it may be damaged or cut short/,
    ],
    [
      "a path in the file name",
      async () => [{ field: "photos", filename: ["..", "..", "etc", "photo.jpg"].join("/"), bytes: await solidImage(100, 100, "jpeg") }],
      400,
      /contains a folder path; send the file itself with a plain name/,
    ],
  ];

  for (const [what, parts, status, message] of cases) {
    it(`refuses ${what} with its message, and leaves no file and no row`, async () => {
      const keys = await storedKeys(h);
      const before = await rowsAndAudit(h);
      const response = await upload(h, [{ field: "photos", filename: "fine.png", bytes: await solidImage(64, 48, "png") }, ...(await parts())]);
      const body = (await response.json()) as { ok: boolean; message: string };
      expect(body.ok).toBe(false);
      expect(body.message).toMatch(message);
      expect(response.status).toBe(status);
      expect(await rowsAndAudit(h)).toEqual(before);
      expect(await storedKeys(h)).toEqual(keys);
      expect(await uploadTempFiles(h)).toEqual([]);
    });
  }

  it("an upload cut off halfway leaves nothing, and the server keeps answering", async () => {
    const keys = await storedKeys(h);
    const before = await rowsAndAudit(h);
    const { body, contentType } = multipart([{ field: "photos", filename: "whole.jpg", bytes: await sidewaysJpegWithGps(800, 600) }]);
    const socket = net.connect(h.shop.port, "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    socket.write(
      `POST /admin/products/${PRODUCT}/media HTTP/1.1\r\nHost: 127.0.0.1:${h.shop.port}\r\nOrigin: ${h.base}\r\nCookie: ${h.cookie}\r\n` +
        `Content-Type: ${contentType}\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    socket.write(body.subarray(0, body.length >> 1));
    await new Promise((resolve) => setTimeout(resolve, 300));
    socket.destroy();
    await expect.poll(() => uploadTempFiles(h), { timeout: 10_000 }).toEqual([]);
    expect((await fetch(`${h.base}/healthz`)).status).toBe(200);
    expect(await rowsAndAudit(h)).toEqual(before);
    expect(await storedKeys(h)).toEqual(keys);
  });

  it("deletes a photo and the files no other media uses", async () => {
    const rows = await list(h);
    const photo = rows[0];
    const keysBefore = await storedKeys(h);
    const response = await post(h, { intent: "delete", id: String(photo.id) });
    expect(await response.json()).toEqual({ ok: true, message: "Photo deleted." });
    expect((await list(h)).map((r) => r.id)).not.toContain(photo.id);
    const keysAfter = await storedKeys(h);
    expect(keysAfter.length).toBeLessThan(keysBefore.length);
    expect(keysAfter.some((key) => key.endsWith(".avif"))).toBe(true); // the video's poster stays
    expect((await rowsAndAudit(h)).audit.filter((a) => a === "product_media_deleted")).toHaveLength(1);
    expect((await fetch(`${h.base}${photo.thumb}`)).status).toBe(404);
  });
});

describe("product media through the console route (S3-compatible storage)", () => {
  let s3: TestS3;
  let h: Harness;
  beforeAll(async () => {
    s3 = await startTestS3();
    h = await openHarness({
      MEDIA_STORAGE: "s3",
      MEDIA_S3_BUCKET: s3.bucket,
      MEDIA_S3_ENDPOINT: s3.endpoint,
      MEDIA_S3_FORCE_PATH_STYLE: "true",
      MEDIA_S3_ACCESS_KEY_ID: s3.credentials.accessKeyId,
      MEDIA_S3_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey,
    });
  }, 240_000);
  afterAll(async () => {
    await closeHarness(h);
    await s3?.close();
    for (const name of [
      "MEDIA_STORAGE",
      "MEDIA_S3_BUCKET",
      "MEDIA_S3_ENDPOINT",
      "MEDIA_S3_FORCE_PATH_STYLE",
      "MEDIA_S3_ACCESS_KEY_ID",
      "MEDIA_S3_SECRET_ACCESS_KEY",
    ])
      delete process.env[name];
  });

  it("seeds the drawings into the bucket and stores an upload there, served through /media without GPS", async () => {
    expect(h.shop.services.media.storage.kind).toBe("s3");
    const seeded = await storedKeys(h);
    expect(seeded.some((key) => key.endsWith(".svg"))).toBe(true);
    await uploadJpegAndVideo(h);
    const rows = await list(h);
    expect(rows.map((r) => r.kind)).toEqual(["image", "image", "image", "video"]);
    const keys = await storedKeys(h);
    expect(keys.filter((key) => key.endsWith(".avif")).length).toBeGreaterThanOrEqual(3);
    const photo = await fetch(`${h.base}${rows[2].thumb}`);
    expect(photo.status).toBe(200);
    expect(carriesGps(Buffer.from(await photo.arrayBuffer()))).toBe(false);
    const video = await h.shop.services.media.storage.get(rows[3].video!.replace(/^\/media\//, ""));
    expect((await buffer(video!)).subarray(4, 8).toString("latin1")).toBe("ftyp");
    expect(await uploadTempFiles(h)).toEqual([]);
  });
});
