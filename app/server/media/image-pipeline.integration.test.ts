import { createHash } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import exifReader from "exif-reader";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { GPS, pngBomb, scratch, sidewaysJpegWithGps, solidImage, type Scratch } from "../../../tests/setup/media-fixtures";
import { ingestImage, variantWidths } from "./image-pipeline.server";
import { createLocalStorage } from "./local-storage.server";
import { mediaLimits } from "./media-env.server";
import type { MediaError } from "./media-error.server";
import type { MediaStorage } from "./storage.server";

let files: Scratch;
let root: string;
let storage: MediaStorage;
const limits = mediaLimits({ MEDIA_MAX_IMAGE_MB: 20, MEDIA_MAX_VIDEO_MB: 100 });

beforeAll(async () => {
  files = await scratch();
  root = await mkdtemp(path.join(tmpdir(), "media-images-"));
  storage = createLocalStorage({ root, publicBase: "/media" });
});
afterEach(async () => {
  for await (const { key } of storage.list()) await storage.delete(key);
});
afterAll(async () => {
  await files.close();
  await rm(root, { recursive: true, force: true });
});

async function stored(key: string): Promise<Buffer> {
  const stream = await storage.get(key);
  if (!stream) throw new Error(`missing ${key}`);
  return buffer(stream);
}

async function storedKeys(): Promise<string[]> {
  const keys: string[] = [];
  for await (const { key } of storage.list()) keys.push(key);
  return keys;
}

/** The error an ingest rejects with (fails the test if it resolves). */
async function refusal(promise: Promise<unknown>): Promise<MediaError> {
  return promise.then(
    () => expect.fail("the file was accepted"),
    (error: MediaError) => error,
  );
}

describe("photo pipeline", () => {
  it("turns a sideways phone JPEG upright, strips its EXIF and GPS from every file, and writes AVIF, WebP and JPEG widths", async () => {
    const original = await sidewaysJpegWithGps(1600, 1200);
    // The fixture really carries what must go: GPS coordinates and the orientation flag.
    const before = await sharp(original).metadata();
    expect(before.orientation).toBe(6);
    expect(exifReader(before.exif!).GPSInfo).toMatchObject({ GPSLatitudeRef: "N", GPSLatitude: [48, 51, 29.8] });

    const { media, created } = await ingestImage(await files.file("holiday.jpg", original), { storage, limits });

    expect(media).toMatchObject({ kind: "image", width: 1200, height: 1600, fallback: "jpeg" });
    expect(media.variants.map((v) => `${v.format} ${v.width}x${v.height}`)).toEqual([
      "avif 320x427",
      "avif 640x853",
      "avif 960x1280",
      "avif 1200x1600",
      "webp 320x427",
      "webp 640x853",
      "webp 960x1280",
      "webp 1200x1600",
      "jpeg 320x427",
      "jpeg 640x853",
      "jpeg 960x1280",
      "jpeg 1200x1600",
    ]);
    expect([...created].sort()).toEqual(media.variants.map((v) => v.key).sort());

    for (const variant of media.variants) {
      const bytes = await stored(variant.key);
      const metadata = await sharp(bytes).metadata();
      // What the description says is what is stored.
      expect(variant.bytes).toBe(bytes.length);
      expect([metadata.width, metadata.height]).toEqual([variant.width, variant.height]);
      expect(metadata.format).toBe({ avif: "heif", webp: "webp", jpeg: "jpeg" }[variant.format as string]);
      if (variant.format === "avif") expect(metadata.compression).toBe("av1");
      // No metadata block at all: no EXIF (so no GPS), no XMP, no orientation flag to apply twice.
      expect(metadata.exif, variant.key).toBeUndefined();
      expect(metadata.xmp, variant.key).toBeUndefined();
      expect(metadata.orientation, variant.key).toBeUndefined();
      expect(bytes.includes("Exif"), variant.key).toBe(false);
      expect(bytes.includes("TestCam"), variant.key).toBe(false);
      expect(bytes.includes(GPS.GPSLatitude), variant.key).toBe(false);
      // Upright: the red (left) half of the sideways original is now the top.
      const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
      const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
      const [top, bottom] = [pixel(info.width >> 1, 4), pixel(info.width >> 1, info.height - 5)];
      expect(top[0] > 200 && top[2] < 60, `${variant.key} top ${top}`).toBe(true);
      expect(bottom[2] > 200 && bottom[0] < 60, `${variant.key} bottom ${bottom}`).toBe(true);
      // Named by the hash of its own bytes, so it can be cached forever.
      const hash = createHash("sha256").update(bytes).digest("hex").slice(0, 32);
      expect(variant.key).toBe(`img/${hash}-${variant.width}w.${variant.format === "jpeg" ? "jpg" : variant.format}`);
    }
  });

  it("never enlarges: a small picture gets its own width only", async () => {
    const { media } = await ingestImage(await files.file("small.webp", await solidImage(200, 150, "webp")), { storage, limits });
    expect(media.variants.map((v) => `${v.format} ${v.width}x${v.height}`)).toEqual(["avif 200x150", "webp 200x150", "jpeg 200x150"]);
    expect(variantWidths(1280)).toEqual([320, 640, 960, 1280]);
    expect(variantWidths(4000)).toEqual([320, 640, 960, 1280]);
    expect(variantWidths(700)).toEqual([320, 640, 700]);
  });

  it("keeps transparency with a PNG fallback, and drops an alpha channel that is opaque everywhere", async () => {
    const clear = await ingestImage(await files.file("logo.png", await solidImage(400, 400, "png", true)), { storage, limits });
    expect(clear.media.fallback).toBe("png");
    for (const variant of clear.media.variants) expect((await sharp(await stored(variant.key)).metadata()).hasAlpha, variant.key).toBe(true);

    const opaqueRgba = await sharp({ create: { width: 400, height: 300, channels: 4, background: { r: 10, g: 20, b: 30, alpha: 1 } } })
      .png()
      .toBuffer();
    expect((await sharp(opaqueRgba).metadata()).hasAlpha).toBe(true);
    const opaque = await ingestImage(await files.file("screenshot.png", opaqueRgba), { storage, limits });
    expect(opaque.media.fallback).toBe("jpeg");
  });

  it("accepts PNG, WebP and AVIF as well as JPEG, by their bytes whatever the name says", async () => {
    for (const format of ["png", "webp", "avif"] as const) {
      const { media } = await ingestImage(await files.file(`misnamed-${format}.jpg`, await solidImage(640, 480, format)), { storage, limits });
      expect(media).toMatchObject({ width: 640, height: 480, fallback: "jpeg" });
    }
  });

  it("stores nothing twice: the same photo again creates no file, and discarding it removes none", async () => {
    const bytes = await solidImage(500, 500, "jpeg");
    const first = await ingestImage(await files.file("a.jpg", bytes), { storage, limits });
    const again = await ingestImage(await files.file("a-copy.jpg", bytes), { storage, limits });
    expect(again.media).toEqual(first.media);
    expect(again.created).toEqual([]);
    await again.discard();
    expect((await storedKeys()).sort()).toEqual([...first.created].sort());
    await first.discard();
    expect(await storedKeys()).toEqual([]);
  });

  it("removes what it stored when the storage fails halfway", async () => {
    let puts = 0;
    const failing: MediaStorage = {
      ...storage,
      put: async (...args) => {
        if (++puts === 5) throw new Error("disk full");
        return storage.put(...args);
      },
    };
    await expect(ingestImage(await files.file("big.jpg", await solidImage(1400, 1000, "jpeg")), { storage: failing, limits })).rejects.toThrow("disk full");
    expect(puts).toBe(5);
    expect(await storedKeys()).toEqual([]);
  });

  describe("refuses, with a message, and stores nothing", () => {
    afterEach(async () => {
      expect(await storedKeys()).toEqual([]);
    });

    it("a file whose bytes are not an image, whatever its name", async () => {
      const error = await refusal(ingestImage(await files.file("photo.jpg", Buffer.from("This is a shopping list, not a photo.\n")), { storage, limits }));
      expect(error.code).toBe("unsupported_type");
      expect(error.message).toBe("photo.jpg is not a JPEG, PNG, WebP or AVIF image (its content is not an image format we know, whatever its name says).");
      const gif = await refusal(ingestImage(await files.file("anim.png", await solidImage(10, 10, "gif")), { storage, limits }));
      expect(gif.message).toBe("anim.png is not a JPEG, PNG, WebP or AVIF image (it is a GIF image).");
    });

    it("an SVG, which can carry script", async () => {
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script></svg>');
      const error = await refusal(ingestImage(await files.file("drawing.png", svg), { storage, limits }));
      expect(error.code).toBe("svg_refused");
      expect(error.message).toMatch(/^drawing\.png is an SVG drawing\. SVG files are refused because they can carry scripts/);
    });

    it("a file over the size limit", async () => {
      const bytes = await sharp({ create: { width: 600, height: 600, channels: 3, background: "#000", noise: { type: "gaussian", mean: 128, sigma: 60 } } })
        .jpeg({ quality: 95 })
        .toBuffer();
      const small = { ...limits, imageBytes: 100 * 1024 };
      expect(bytes.length).toBeGreaterThan(small.imageBytes);
      const error = await refusal(ingestImage(await files.file("huge.jpg", bytes), { storage, limits: small }));
      expect(error.code).toBe("file_too_large");
      expect(error.message).toMatch(/^huge\.jpg is [\d.]+ MB; a photo may be at most 0\.1 MB\.$/);
    });

    it("a decompression bomb: a small file that unpacks into too many pixels", async () => {
      const bomb = pngBomb(9000);
      expect(bomb.length).toBeLessThan(200 * 1024);
      const error = await refusal(ingestImage(await files.file("bomb.png", bomb), { storage, limits }));
      expect(error.code).toBe("too_many_pixels");
      expect(error.message).toBe("bomb.png is 9000 × 9000 pixels (81 megapixels); a photo may be at most 50 megapixels.");
    });

    it("a valid 20000 × 20000 PNG (48 KB): refused for its pixels, not as a damaged file (issue 27)", async () => {
      // sharp's own 268-megapixel guard used to trip while reading the header, before the 50-MP rule.
      const flood = pngBomb(20_000, 1);
      expect(flood.length).toBeLessThan(100 * 1024);
      const error = await refusal(ingestImage(await files.file("flood.png", flood), { storage, limits }));
      expect(error.code).toBe("too_many_pixels");
      expect(error.status).toBe(422);
      expect(error.message).toBe("flood.png is 20000 × 20000 pixels (400 megapixels); a photo may be at most 50 megapixels.");
    });

    it("a damaged file: a JPEG header over garbage, or a JPEG cut short", async () => {
      const garbage = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(4000, 0x5a)]);
      const error = await refusal(ingestImage(await files.file("broken.jpg", garbage), { storage, limits }));
      expect(error.code).toBe("corrupt");
      expect(error.message).toMatch(/^broken\.jpg could not be read as a JPEG image: it may be damaged or cut short\./);
      const whole = await sidewaysJpegWithGps(800, 600);
      const cut = await refusal(ingestImage(await files.file("cut.jpg", whole.subarray(0, whole.length >> 1)), { storage, limits }));
      expect(cut.code).toBe("corrupt");
    });

    it("an empty file, and a video sent as a photo", async () => {
      expect((await refusal(ingestImage(await files.file("empty.jpg", Buffer.alloc(0)), { storage, limits }))).message).toBe("empty.jpg is empty.");
      const mp4Head = Buffer.from([0, 0, 0, 0x18, ...Buffer.from("ftypisom"), 0, 0, 2, 0, ...Buffer.from("isomiso2")]);
      const error = await refusal(ingestImage(await files.file("clip.jpg", mp4Head), { storage, limits }));
      expect(error.code).toBe("wrong_kind");
    });
  });
});
