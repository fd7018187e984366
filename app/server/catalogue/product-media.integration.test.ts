/**
 * product_media (docs/decisions/030): the first start turns every seeded product's drawings and
 * video into media rows, once; the catalogue carries each product's gallery from memory; the
 * repository keeps the seller's order.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEED_PRODUCTS as PRODUCTS } from "~/catalogue/seed-products";
import { toSummary } from "~/domain/product";
import { pictureProps } from "~/domain/media";
import { productMedia } from "../../../db/schema";
import { testDatabases, seededDatabase } from "../../../tests/setup/databases";
import { invalidateCatalogue, readCatalogue } from "./cache.server";
import { mediaLimits } from "../media/media-env.server";
import { createMedia, type Media } from "../media/media.server";
import { seedProductMediaRows } from "./product-media-seed.server";
import { appendProductMedia, deleteProductMedia, listAllProductMedia, listProductMedia, reorderProductMedia } from "./product-media.server";

let root: string;
let media: Media;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "product-media-"));
  media = createMedia({
    storage: { kind: "local", root: path.join(root, "media"), publicBase: "/media" },
    limits: mediaLimits({ MEDIA_MAX_IMAGE_MB: 1, MEDIA_MAX_VIDEO_MB: 2 }),
    uploadTempDir: path.join(root, "upload-tmp"),
    ffmpegPath: null,
  });
});
afterAll(() => rm(root, { recursive: true, force: true }));

async function storedKeys(): Promise<string[]> {
  const keys: string[] = [];
  for await (const { key } of media.storage.list()) keys.push(key);
  return keys.sort();
}

for (const target of testDatabases()) {
  describe(`product media on ${target.name}`, () => {
    const database = seededDatabase(target);

    it("seeds every product's video (as the page showed it first), then its drawings in the catalogue's order, once", async () => {
      const { db } = database;
      const written = await seedProductMediaRows(db, media);
      const expected = PRODUCTS.reduce((n, p) => n + p.images.length + (p.videoUrl ? 1 : 0), 0);
      expect(written).toBe(expected);
      const all = await listAllProductMedia(db);
      for (const product of PRODUCTS) {
        const items = all.get(product.id) ?? [];
        expect(items.map((i) => i.media.kind)).toEqual([...(product.videoUrl ? ["video"] : []), ...product.images.map(() => "image")]);
        const first = items[0].media;
        expect((first.kind === "image" ? first : first.poster).fallback).toBe("svg");
      }
      const keys = await storedKeys();
      expect(keys.filter((k) => k.endsWith(".svg")).length).toBeGreaterThan(0);
      expect(keys.filter((k) => k.endsWith(".mp4")).length).toBe(PRODUCTS.filter((p) => p.videoUrl).length);

      // Once: another start writes nothing, even after the seller emptied a product.
      await deleteProductMedia(
        db,
        "1",
        (all.get("1") ?? []).map((i) => i.id),
      );
      expect(await seedProductMediaRows(db, media)).toBe(0);
      expect(await listProductMedia(db, "1")).toEqual([]);
    });

    it("puts each product's gallery in the in-memory catalogue, and its card picture in its summary", async () => {
      const { db } = database;
      await invalidateCatalogue(db);
      const catalogue = await readCatalogue(db);
      const product = catalogue.product("2")!;
      expect(product.gallery?.base).toBe("/media");
      expect(product.gallery?.items.length).toBe(PRODUCTS.find((p) => p.id === "2")!.images.length + 1);
      const summary = toSummary(product, "fr");
      expect(summary.cover?.image.fallback).toBe("svg");
      expect(pictureProps(summary.cover!.image, summary.cover!.base, "100vw").img.src).toMatch(/^\/media\/img\/[0-9a-f]{32}\.svg$/);
      // A product without media keeps its drawings from the code catalogue (emptied in the test above).
      expect(catalogue.product("1")?.gallery).toBeUndefined();
    });

    it("appends after the last media and reorders only with the product's exact set of ids", async () => {
      const { db } = database;
      const before = await listProductMedia(db, "5");
      const drawing = before[0].media;
      const [added] = await appendProductMedia(db, "5", [{ media: drawing, alt: { en: "Front", fr: "Devant", es: "Frente" } }]);
      const after = await listProductMedia(db, "5");
      expect(after.map((i) => i.id)).toEqual([...before.map((i) => i.id), added]);
      expect(after.at(-1)?.alt).toEqual({ en: "Front", fr: "Devant", es: "Frente" });

      const reversed = after.map((i) => i.id).reverse();
      expect(await reorderProductMedia(db, "5", reversed.slice(1))).toBe(false);
      expect(await reorderProductMedia(db, "5", [...reversed.slice(1), 999_999])).toBe(false);
      expect(await reorderProductMedia(db, "5", reversed)).toBe(true);
      expect((await listProductMedia(db, "5")).map((i) => i.id)).toEqual(reversed);
    });

    it("skips a row whose stored description cannot be rendered instead of breaking the catalogue", async () => {
      const { db } = database;
      await db.insert(productMedia).values({ productId: "8", position: 99, kind: "image", media: { kind: "image", variants: [] } });
      const items = await listProductMedia(db, "8");
      expect(items.every((i) => i.media.kind === "image" && i.media.variants.length > 0)).toBe(true);
    });
  });
}
