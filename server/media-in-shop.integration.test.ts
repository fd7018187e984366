import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequest } from "../tests/setup/raw-http";
import { startShop, type RunningShop } from "../tests/setup/running-shop";

let shop: RunningShop;
let mediaDir: string;

beforeAll(async () => {
  mediaDir = await mkdtemp(path.join(tmpdir(), "media-shop-"));
  shop = await startShop({ MEDIA_DIR: mediaDir, MEDIA_PUBLIC_URL: "https://cdn.example.com/shop-media" });
}, 120_000);
afterAll(async () => {
  await shop?.close();
  await rm(mediaDir, { recursive: true, force: true });
});

describe("media in the running shop", () => {
  it("serves stored media at /media before any page route, immutable, from MEDIA_DIR", async () => {
    const { media } = shop.services;
    expect(media.storage.kind).toBe("local");
    await media.storage.put("img/0123456789abcdef0123456789abcdef-320w.webp", Buffer.from("RIFF\0\0\0\0WEBP"), { contentType: "image/webp" });
    const response = await fetch(`http://127.0.0.1:${shop.port}/media/img/0123456789abcdef0123456789abcdef-320w.webp`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    // Pages point at the CDN, which pulls from this route.
    expect(media.storage.url("img/0123456789abcdef0123456789abcdef-320w.webp")).toBe(
      "https://cdn.example.com/shop-media/img/0123456789abcdef0123456789abcdef-320w.webp",
    );
  });

  it("answers 404 itself for an unknown or escaping key (never a page, never a file outside)", async () => {
    const missing = await fetch(`http://127.0.0.1:${shop.port}/media/img/nothing.avif`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe("Not found");
    const escape = await rawRequest(shop.port, "GET /media/../package.json HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
    expect(escape.status).toBe(404);
    expect(escape.body).not.toContain("trigger-shop");
  });

  it("lets pages load images and videos from the media CDN (Content-Security-Policy)", async () => {
    const csp = (await fetch(`http://127.0.0.1:${shop.port}/`)).headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/img-src [^;]*https:\/\/cdn\.example\.com/);
    expect(csp).toMatch(/media-src [^;]*https:\/\/cdn\.example\.com/);
  });
});
