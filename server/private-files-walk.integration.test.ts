import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backupDir } from "../app/server/backup/shop.server";
import { mediaSettings } from "../app/server/media/media-env.server";
import { privateStorageSettings } from "../app/server/media/private-storage.server";
import { parseEnv } from "../app/server/platform/env.server";
import { rawRequest } from "../tests/setup/raw-http";
import { startShop, type RunningShop } from "../tests/setup/running-shop";
import { startTestS3, type TestS3 } from "../tests/setup/s3-server";

// Issue 27: scheduled backups written to the media storage were served to anyone by /media. Backups
// (and every private file) now live where no public route can name them (ADR 039); this walks every
// public route family — /media, static files, product pages, the JSON endpoints, the console's
// downloads, the sitemap… — with a backup's key and a private file's key, plain and encoded, on local
// storage and on S3, and proves no answer carries their bytes.

const NAME = "trigger-shop-backup-20261127T150000Z.tar.gz";
const BACKUP_KEY = `backups/${NAME}`;
const PROOF_KEY = "proofs/order-1/delivery.png";

/** Every way of naming a key a route might decode into a storage path. */
function spellings(key: string): string[] {
  const encoded = encodeURIComponent(key);
  return [
    key,
    encoded,
    key.replace("b", "%62"),
    `private/${key}`,
    `./${key}`,
    `/${key}`,
    `img/../${key}`,
    `img/..%2F${encoded}`,
    `..%2F${encoded}`,
    `..%2F..%2Fprivate%2F${encoded}`,
    `%2e%2e/private/${key}`,
    `%2e%2e%2f%2e%2e%2f${encoded}`,
  ];
}

/** The public route families (app/routes.ts and server/*.ts), as a stranger reaches them. */
const FAMILIES = [
  "/media",
  "/assets",
  "",
  "/en",
  "/fr/product",
  "/product",
  "/order",
  "/es/order",
  "/share",
  "/newsletter/confirm",
  "/triggers",
  "/api/catalogue",
  "/api/translations",
  "/api/order-status",
  "/api/geo",
  "/robots.txt",
  "/sitemap.xml",
  "/admin/orders/export.csv",
  "/admin/inbox/subscribers.csv",
  "/admin/products/1/media",
  "/admin/orders/ORD-20300101-XXXX/login",
  "/healthz",
  "/metrics",
  "/data",
  "/private",
  "/backups",
];

function targets(key: string, families: string[]): string[] {
  const out = new Set<string>();
  for (const family of families) {
    for (const spelling of spellings(key)) out.add(`${family}/${spelling}`);
    out.add(`${family}?key=${encodeURIComponent(key)}&file=${encodeURIComponent(key)}&path=..%2F${encodeURIComponent(key)}`);
  }
  return [...out];
}

async function walk(shop: RunningShop, marker: string, keys: string[], families = FAMILIES): Promise<{ requests: number; leaks: string[] }> {
  const leaks: string[] = [];
  let requests = 0;
  for (const key of keys) {
    for (const target of targets(key, families)) {
      for (const method of target.startsWith("/media") ? ["GET", "HEAD"] : ["GET"]) {
        // Raw requests: fetch() would normalise `..` and `%2e%2e` before sending them.
        const response = await rawRequest(
          shop.port,
          `${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1:${shop.port}\r\nRange: bytes=0-\r\nConnection: close\r\n\r\n`,
        );
        requests++;
        const type = String(response.headers["content-type"] ?? "");
        if (response.body.includes(marker)) leaks.push(`${method} ${target}: ${response.status} carries the file`);
        else if (response.status < 300 && /gzip|octet-stream|x-tar/.test(type)) leaks.push(`${method} ${target}: ${response.status} ${type}`);
      }
    }
  }
  return { requests, leaks };
}

describe("no public route serves a backup or a private file", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "private-walk-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("the default places of private files and backups are outside what is served as static files", () => {
    const env = parseEnv({ NODE_ENV: "test", DATA_DIR: path.join(dir, "defaults"), SESSION_SECRET: "x".repeat(32) });
    const served = [
      path.resolve("public"),
      path.resolve(process.env.BUILD_DIR ?? "build", "client"),
      path.resolve(mediaSettings(env).storage.kind === "local" ? (mediaSettings(env).storage as { root: string }).root : ""),
    ];
    const privateRoot = (privateStorageSettings(env) as { root: string }).root;
    for (const place of [privateRoot, backupDir(env)]) {
      for (const root of served) expect(path.relative(root, place).startsWith(".."), `${place} inside ${root}`).toBe(true);
    }
  });

  describe.each(["local", "s3"] as const)("on %s storage", (kind) => {
    const marker = `BACKUP-MARKER-${randomBytes(16).toString("hex")}`;
    const body = Buffer.from(`${marker} every buyer's email, the session secret`);
    let shop: RunningShop;
    let s3: TestS3 | undefined;
    const env: Record<string, string> = {};

    beforeAll(async () => {
      const dataDir = path.join(dir, kind);
      mkdirSync(dataDir, { recursive: true });
      if (kind === "s3") {
        s3 = await startTestS3();
        Object.assign(env, {
          MEDIA_STORAGE: "s3",
          MEDIA_S3_BUCKET: s3.bucket,
          MEDIA_S3_ENDPOINT: s3.endpoint,
          MEDIA_S3_FORCE_PATH_STYLE: "true",
          MEDIA_S3_ACCESS_KEY_ID: s3.credentials.accessKeyId,
          MEDIA_S3_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey,
        });
      } else {
        Object.assign(env, { MEDIA_DIR: path.join(dataDir, "media"), PRIVATE_DIR: path.join(dataDir, "private"), BACKUP_DIR: path.join(dataDir, "backups") });
      }
      shop = await startShop(env);
      // A scheduled backup with BACKUP_TO=storage and a private file, where the shop writes them…
      await shop.services.privateFiles.put(BACKUP_KEY, body, { contentType: "application/gzip" });
      await shop.services.privateFiles.put(PROOF_KEY, body, { contentType: "image/png" });
      // …a backup in BACKUP_DIR (local), and one an older shop left in the media storage (moved at start; planted after it here).
      if (kind === "local") {
        mkdirSync(env.BACKUP_DIR!, { recursive: true });
        writeFileSync(path.join(env.BACKUP_DIR!, NAME), body);
      }
      await shop.services.media.storage.put(BACKUP_KEY, body, { contentType: "application/gzip" });
      await shop.services.media.storage.put(`private/${PROOF_KEY}`, body, { contentType: "image/png" });
    }, 240_000);

    afterAll(async () => {
      await shop?.close();
      await s3?.close();
      for (const name of Object.keys(env)) delete process.env[name];
    });

    it("walks every route family with the backup's and a private file's key: none answers with their bytes", async () => {
      expect(shop.services.media.storage.kind).toBe(kind);
      // The files are there to be found: the storages themselves hand them out.
      expect((await shop.services.privateFiles.head(BACKUP_KEY))?.size).toBe(body.length);
      const { requests, leaks } = await walk(shop, marker, [BACKUP_KEY, PROOF_KEY, NAME]);
      expect(requests).toBeGreaterThan(900);
      expect(leaks).toEqual([]);
    }, 600_000);

    it("while /media still serves a product file from the same storage (and the walk would see it)", async () => {
      await shop.services.media.storage.put("img/walk-check-320w.webp", body, { contentType: "image/webp" });
      const response = await fetch(`http://127.0.0.1:${shop.port}/media/img/walk-check-320w.webp`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain(marker);
      const control = await walk(shop, marker, ["img/walk-check-320w.webp"], ["/media"]);
      expect(control.leaks.length).toBeGreaterThan(0);
    });
  });
});
