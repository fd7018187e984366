/**
 * A photo, from an uploaded file to the files a page serves (docs/decisions/030): the bytes must be
 * JPEG, PNG, WebP or AVIF; the decoded size is bounded before anything is decoded; the picture is
 * turned upright (EXIF orientation), every piece of metadata (EXIF, GPS, XMP, ICC) is dropped, and it
 * is written at a few widths as AVIF, WebP and a JPEG (PNG when it has transparency), each under a
 * name made of its own content hash.
 */
import type { Sharp } from "sharp";
import { MEDIA_CONTENT_TYPES, type ImageMedia, type ImageVariant, type RasterFormat } from "~/domain/media";
import { SNIFF_BYTES, sniffMedia } from "~/domain/media-signature";
import { contentHash, readHead, StoredKeys, type Ingested, type MediaSource } from "./ingested.server";
import type { MediaLimits } from "./media-env.server";
import { MediaError, megabytes } from "./media-error.server";
import type { MediaStorage } from "./storage.server";
import { loadSharp } from "./sharp.server";

/** Widths written (never wider than the photo): phone, phone at 2×, tablet, desktop product page at 2×. */
const IMAGE_WIDTHS = [320, 640, 960, 1280] as const;
/** Tall pictures are bounded too (a 1280-wide screenshot of a long page). */
const MAX_HEIGHT = 2560;
const ACCEPTED = "JPEG, PNG, WebP or AVIF";

const ENCODERS: Record<RasterFormat, (image: Sharp) => Sharp> = {
  // AVIF effort 2: six to ten times faster than the default 4 for files 5–15 % larger (docs/decisions/030).
  avif: (image) => image.avif({ quality: 55, effort: 2 }),
  webp: (image) => image.webp({ quality: 80, effort: 4 }),
  jpeg: (image) => image.jpeg({ quality: 82, mozjpeg: true }),
  png: (image) => image.png({ compressionLevel: 9, effort: 7 }),
};
const EXTENSIONS: Record<RasterFormat, string> = { avif: "avif", webp: "webp", jpeg: "jpg", png: "png" };
/** sharp's names for the formats we accept (AVIF is a HEIF file with AV1 inside). */
const SHARP_FORMATS = { jpeg: "jpeg", png: "png", webp: "webp", avif: "heif" } as const;

/** One image at a time per process: bounded memory and CPU however many uploads arrive together. */
let queue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => {});
  return run;
}

/** The widths to write for a picture `width` pixels wide (capped at the largest). */
export function variantWidths(width: number): number[] {
  const largest = Math.min(width, IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]);
  return [...IMAGE_WIDTHS.filter((w) => w < largest), largest];
}

/** Checks the file is an accepted photo within the limits; throws the seller's message otherwise. */
async function checkImage(source: MediaSource, limits: MediaLimits): Promise<void> {
  if (source.bytes === 0) throw new MediaError("empty_file", `${source.name} is empty.`);
  const sniffed = sniffMedia(await readHead(source.path, SNIFF_BYTES));
  if (sniffed.kind === "svg") {
    throw new MediaError("svg_refused", `${source.name} is an SVG drawing. SVG files are refused because they can carry scripts: upload a ${ACCEPTED} image.`);
  }
  if (sniffed.kind === "video") throw new MediaError("wrong_kind", `${source.name} is a video: add it as the product's preview video, not as a photo.`);
  if (sniffed.kind !== "image") {
    const what = sniffed.what ? `it is ${sniffed.what}` : "its content is not an image format we know, whatever its name says";
    throw new MediaError("unsupported_type", `${source.name} is not a ${ACCEPTED} image (${what}).`);
  }
  if (source.bytes > limits.imageBytes) {
    throw new MediaError("file_too_large", `${source.name} is ${megabytes(source.bytes)}; a photo may be at most ${megabytes(limits.imageBytes)}.`);
  }
  // The header alone (nothing decoded yet) tells the size: a small file can unpack into gigabytes.
  // sharp's own pixel guard (268 MP) is off for this read only, so that a huge picture is refused
  // below for its pixels, with that reason, instead of as a file sharp "cannot read" (issue 27).
  const sharp = await loadSharp();
  const metadata = await sharp(source.path, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (
    !metadata?.width ||
    !metadata.height ||
    metadata.format !== SHARP_FORMATS[sniffed.format] ||
    (sniffed.format === "avif" && metadata.compression !== "av1")
  ) {
    throw new MediaError(
      "corrupt",
      `${source.name} could not be read as a ${sniffed.format.toUpperCase()} image: it may be damaged or cut short. Export it again.`,
    );
  }
  const pixels = metadata.width * metadata.height;
  if (pixels > limits.imagePixels) {
    throw new MediaError(
      "too_many_pixels",
      `${source.name} is ${metadata.width} × ${metadata.height} pixels (${Math.round(pixels / 1e6)} megapixels); a photo may be at most ${Math.round(limits.imagePixels / 1e6)} megapixels.`,
    );
  }
}

interface Master {
  pixels: Buffer;
  width: number;
  height: number;
  channels: 3 | 4;
}

/** Decodes once: upright, sRGB, at most the largest width; the variants are made from this. */
async function decodeMaster(source: MediaSource, limits: MediaLimits): Promise<Master> {
  const sharp = await loadSharp();
  try {
    const { data, info } = await sharp(source.path, { limitInputPixels: limits.imagePixels, failOn: "truncated" })
      .autoOrient()
      .resize({ width: IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1], height: MAX_HEIGHT, fit: "inside", withoutEnlargement: true })
      .toColourspace("srgb")
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 4) return { pixels: data, width: info.width, height: info.height, channels: 3 };
    // An alpha channel that is opaque everywhere is dropped: JPEG fallback, smaller files.
    const { isOpaque } = await sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } }).stats();
    if (!isOpaque) return { pixels: data, width: info.width, height: info.height, channels: 4 };
    const rgb = await sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } })
      .removeAlpha()
      .raw()
      .toBuffer();
    return { pixels: rgb, width: info.width, height: info.height, channels: 3 };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/pixel limit/i.test(message)) throw new MediaError("too_many_pixels", `${source.name} has too many pixels to be a photo.`);
    throw new MediaError("corrupt", `${source.name} could not be read as an image: it may be damaged or cut short. Export it again.`);
  }
}

/**
 * Checks, processes and stores a photo. Throws a MediaError with the seller's message for a file it
 * refuses; on any failure nothing it stored is left behind.
 */
export function ingestImage(source: MediaSource, deps: { storage: MediaStorage; limits: MediaLimits }): Promise<Ingested<ImageMedia>> {
  return oneAtATime(async () => {
    await checkImage(source, deps.limits);
    const master = await decodeMaster(source, deps.limits);
    const sharp = await loadSharp();
    const fallback: "jpeg" | "png" = master.channels === 4 ? "png" : "jpeg";
    const stored = new StoredKeys(deps.storage);
    try {
      const variants: ImageVariant[] = [];
      for (const format of ["avif", "webp", fallback] as const) {
        for (const width of variantWidths(master.width)) {
          const image = sharp(master.pixels, { raw: { width: master.width, height: master.height, channels: master.channels } }).resize({ width });
          const { data, info } = await ENCODERS[format](image).toBuffer({ resolveWithObject: true });
          const key = `img/${contentHash(data)}-${info.width}w.${EXTENSIONS[format]}`;
          await stored.putOnce(key, data, { contentType: MEDIA_CONTENT_TYPES[format], size: data.length });
          variants.push({ format, width: info.width, height: info.height, key, bytes: data.length });
        }
      }
      return stored.result<ImageMedia>({ kind: "image", width: master.width, height: master.height, fallback, variants });
    } catch (error) {
      await stored.discard();
      throw error;
    }
  });
}

/** A delivery screenshot re-encoded for the private storage (docs/decisions/043). */
export interface ProofImage {
  data: Buffer;
  contentType: "image/jpeg";
  width: number;
  height: number;
}

/**
 * A delivery proof (a screenshot): checked like a product photo (JPEG, PNG, WebP or AVIF by its
 * bytes, MEDIA_MAX_IMAGE_MB, the pixel bound), turned upright, every metadata block dropped, bounded
 * to 1280 × 2560 and re-encoded as one JPEG (transparency on white) — a type PayPal accepts as
 * dispute evidence, small enough for its 10 MB per file. Throws a MediaError naming the reason.
 */
export function processProofImage(source: MediaSource, limits: MediaLimits): Promise<ProofImage> {
  return oneAtATime(async () => {
    await checkImage(source, limits);
    const master = await decodeMaster(source, limits);
    const sharp = await loadSharp();
    let image = sharp(master.pixels, { raw: { width: master.width, height: master.height, channels: master.channels } });
    if (master.channels === 4) image = image.flatten({ background: "#ffffff" });
    const { data, info } = await image.jpeg({ quality: 85, mozjpeg: true }).toBuffer({ resolveWithObject: true });
    return { data, contentType: "image/jpeg", width: info.width, height: info.height };
  });
}
