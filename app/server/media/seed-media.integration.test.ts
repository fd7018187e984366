import { createHash } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCatalogue } from "~/catalogue/seed-products";
import { pictureProps, type ImageMedia, type VideoMedia } from "~/domain/media";
import { mediaDescriptionSchema } from "~/domain/media-schema";
import { createLocalStorage } from "./local-storage.server";
import { seedProductMedia, seedPublicDir } from "./seed-media.server";
import type { MediaStorage } from "./storage.server";

const PRODUCTS = seedCatalogue();

const publicDir = path.resolve(import.meta.dirname, "../../../public");
let root: string;
let storage: MediaStorage;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "media-seed-"));
  storage = createLocalStorage({ root, publicBase: "/media" });
});
afterAll(() => rm(root, { recursive: true, force: true }));

async function storedKeys(): Promise<string[]> {
  const keys: string[] = [];
  for await (const { key } of storage.list()) keys.push(key);
  return keys.sort();
}

describe("the seeded products' drawings and videos as media", () => {
  it("copies a product's drawings and video into storage under content-hashed names, the video's poster being its first drawing", async () => {
    const media = await seedProductMedia(storage, { images: ["/products/1.svg", "/products/1-2.svg"], videoUrl: "/products/1.mp4" }, publicDir);
    expect(media.map((m) => m.kind)).toEqual(["image", "image", "video"]);
    const [drawing, , video] = media as [ImageMedia, ImageMedia, VideoMedia];

    const svg = await readFile(path.join(publicDir, "products/1.svg"));
    expect(drawing).toEqual({
      kind: "image",
      width: 800,
      height: 800,
      fallback: "svg",
      variants: [{ format: "svg", width: 800, height: 800, key: `img/${createHash("sha256").update(svg).digest("hex").slice(0, 32)}.svg`, bytes: svg.length }],
    });
    expect((await buffer((await storage.get(drawing.variants[0].key))!)).equals(svg)).toBe(true);
    expect(pictureProps(drawing, storage.publicBase, "100vw").img).toEqual({ src: `/media/${drawing.variants[0].key}`, width: 800, height: 800 });

    const mp4 = await readFile(path.join(publicDir, "products/1.mp4"));
    expect(video).toMatchObject({ kind: "video", format: "mp4", bytes: mp4.length, poster: drawing });
    expect((await storage.head(video.key))?.size).toBe(mp4.length);
    for (const item of media) expect(mediaDescriptionSchema.safeParse(JSON.parse(JSON.stringify(item))).success).toBe(true);
  });

  it("seeds every product of today's catalogue, and seeding again stores nothing new", async () => {
    const first = await Promise.all(PRODUCTS.map((p) => seedProductMedia(storage, p, publicDir)));
    expect(first).toHaveLength(17);
    for (const [i, product] of PRODUCTS.entries()) expect(first[i]).toHaveLength(product.images.length + (product.videoUrl ? 1 : 0));
    const keys = await storedKeys();
    const again = await Promise.all(PRODUCTS.map((p) => seedProductMedia(storage, p, publicDir)));
    expect(again).toEqual(first);
    expect(await storedKeys()).toEqual(keys);
  });

  it("takes only our own product files, never another path", async () => {
    await expect(seedProductMedia(storage, { images: ["/products/../../package.json"] }, publicDir)).rejects.toThrow("Not a seeded product file");
    await expect(seedProductMedia(storage, { images: ["/etc/passwd"] }, publicDir)).rejects.toThrow("Not a seeded product file");
    await expect(seedProductMedia(storage, { images: [], videoUrl: "/products/1.mp4" }, publicDir)).rejects.toThrow("needs a drawing for its poster");
  });

  it("finds the public files in a checkout", () => {
    expect(seedPublicDir(path.resolve(import.meta.dirname, "../../.."))).toBe(publicDir);
  });
});
