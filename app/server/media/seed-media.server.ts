/**
 * The seeded products' own drawings (public/products/*.svg) and preview videos (*.mp4) as media,
 * for the catalogue seed (docs/decisions/030). These are our files, so they skip the upload checks
 * (an uploaded SVG is refused): each is copied once into the media storage under a content-hashed
 * name, like every other media file, and described as a single-variant SVG image, or a video whose
 * poster is the product's first drawing. Seeding again stores nothing new.
 */
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { imageSize } from "image-size";
import { MEDIA_CONTENT_TYPES, type ImageMedia, type MediaDescription, type VideoMedia } from "~/domain/media";
import { sniffMedia } from "~/domain/media-signature";
import { contentHash, StoredKeys } from "./ingested.server";
import type { MediaStorage } from "./storage.server";

/** Where the public files are: `public/` in a checkout, the build's client folder in a deployed image. */
export function seedPublicDir(cwd = process.cwd()): string {
  const source = path.join(cwd, "public");
  return existsSync(source) ? source : path.join(cwd, process.env.BUILD_DIR ?? "build", "client");
}

/** Copies one of our SVG drawings into storage and describes it (size from its width/height or viewBox). */
async function registerSeedDrawing(storage: MediaStorage, file: string): Promise<ImageMedia> {
  const bytes = await readFile(file);
  if (sniffMedia(bytes).kind !== "svg") throw new Error(`${file} is not an SVG drawing`);
  // Read from the SVG's own width/height or viewBox (image-size, plain JavaScript): sharp would load
  // libvips into every shop that ever seeded, ≈ 25 MB resident for good (docs/decisions/061).
  const { width, height } = imageSize(bytes);
  const key = `img/${contentHash(bytes)}.svg`;
  await new StoredKeys(storage).putOnce(key, bytes, { contentType: MEDIA_CONTENT_TYPES.svg, size: bytes.length });
  return { kind: "image", width, height, fallback: "svg", variants: [{ format: "svg", width, height, key, bytes: bytes.length }] };
}

/** Copies one of our preview videos into storage, with `poster` (the product's first drawing). */
async function registerSeedVideo(storage: MediaStorage, file: string, poster: ImageMedia): Promise<VideoMedia> {
  const bytes = await readFile(file);
  const sniffed = sniffMedia(bytes);
  if (sniffed.kind !== "video") throw new Error(`${file} is not an MP4 or WebM video`);
  const key = `vid/${contentHash(bytes)}.${sniffed.format}`;
  await new StoredKeys(storage).putOnce(key, bytes, { contentType: MEDIA_CONTENT_TYPES[sniffed.format], size: bytes.length });
  return { kind: "video", format: sniffed.format, key, bytes: bytes.length, poster };
}

const PUBLIC_MEDIA_PATH = /^\/products\/[A-Za-z0-9][A-Za-z0-9._-]*\.(svg|mp4|webm)$/;

/**
 * A seeded product's media from the public paths the code catalogue uses today (`images` such as
 * "/products/1.svg", `videoUrl` such as "/products/1.mp4"): its drawings in order, then its video
 * with the first drawing as poster.
 */
export async function seedProductMedia(
  storage: MediaStorage,
  product: { images: readonly string[]; videoUrl?: string },
  publicDir: string = seedPublicDir(),
): Promise<MediaDescription[]> {
  const fileOf = (publicPath: string) => {
    if (!PUBLIC_MEDIA_PATH.test(publicPath)) throw new Error(`Not a seeded product file: ${publicPath}`);
    return path.join(publicDir, publicPath);
  };
  const drawings: ImageMedia[] = [];
  for (const image of product.images) drawings.push(await registerSeedDrawing(storage, fileOf(image)));
  if (!product.videoUrl) return drawings;
  if (drawings.length === 0) throw new Error(`A seeded video needs a drawing for its poster: ${product.videoUrl}`);
  return [...drawings, await registerSeedVideo(storage, fileOf(product.videoUrl), drawings[0])];
}
