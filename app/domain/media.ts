/**
 * What the shop knows about a stored photo or video (docs/decisions/030): a description made once at
 * upload (or at seed time) and stored with the product, from which a page renders `<picture>`,
 * `srcset`, `sizes`, `width`/`height` and the preload link without asking the storage anything.
 * Keys are storage keys (content-hashed names); a URL is `mediaUrl(base, key)` where `base` is the
 * storage's public base ("/media" on this shop, or MEDIA_PUBLIC_URL for a CDN).
 */
export const RASTER_FORMATS = ["avif", "webp", "jpeg", "png"] as const;
export type RasterFormat = (typeof RASTER_FORMATS)[number];
export type ImageFormat = RasterFormat | "svg";
export type VideoFormat = "mp4" | "webm";

export const MEDIA_CONTENT_TYPES: Record<ImageFormat | VideoFormat, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpeg: "image/jpeg",
  png: "image/png",
  svg: "image/svg+xml",
  mp4: "video/mp4",
  webm: "video/webm",
};

/** Browsers take the first `<source>` whose type they support: smallest files first. */
const SOURCE_ORDER: readonly RasterFormat[] = ["avif", "webp"];

export interface ImageVariant {
  format: ImageFormat;
  width: number;
  height: number;
  key: string;
  bytes: number;
}

export interface ImageMedia {
  kind: "image";
  /** Intrinsic size after orientation (the largest variant's): the page's width/height attributes. */
  width: number;
  height: number;
  /** The format every browser shows: "jpeg", "png" (transparency) or "svg" (our own seeded drawings). */
  fallback: "jpeg" | "png" | "svg";
  /** Every stored file, per format, widths ascending. */
  variants: ImageVariant[];
}

export interface VideoMedia {
  kind: "video";
  format: VideoFormat;
  key: string;
  bytes: number;
  /** The video's frame size when known (read from the frame ffmpeg took): the player's width/height attributes. */
  width?: number;
  height?: number;
  /** Shown until the shopper plays the video (which is not loaded before). */
  poster: ImageMedia;
}

export type MediaDescription = ImageMedia | VideoMedia;

/** `base` + key, each path segment URL-encoded (keys are plain already; this keeps it true). */
export function mediaUrl(base: string, key: string): string {
  return `${base.replace(/\/+$/, "")}/${key.split("/").map(encodeURIComponent).join("/")}`;
}

/** Variants of one format, narrowest first. */
export function variantsOf(media: ImageMedia, format: ImageFormat): ImageVariant[] {
  return media.variants.filter((v) => v.format === format).sort((a, b) => a.width - b.width);
}

/** `"url 320w, url 640w"` for one format, or "" when the image has none in that format. */
export function srcsetFor(media: ImageMedia, format: ImageFormat, base: string): string {
  return variantsOf(media, format)
    .map((v) => `${mediaUrl(base, v.key)} ${v.width}w`)
    .join(", ");
}

export interface PictureSource {
  type: string;
  srcSet: string;
  sizes: string;
}

export interface PictureProps {
  /** `<source>` elements in order (AVIF, then WebP); empty for an SVG. */
  sources: PictureSource[];
  /** The `<img>`: fallback format, intrinsic size (no layout shift). */
  img: { src: string; srcSet?: string; sizes?: string; width: number; height: number };
}

/**
 * Everything a `<picture>` needs: `sizes` is the page's (how wide the image is laid out, e.g.
 * "(min-width: 768px) 50vw, 100vw"); the browser picks the format it supports and the width it needs.
 * The `<img>`'s `src` is the fallback nearest 640 px wide, for browsers without `srcset`.
 */
export function pictureProps(media: ImageMedia, base: string, sizes: string): PictureProps {
  const { width, height } = media;
  const fallback = variantsOf(media, media.fallback);
  if (media.fallback === "svg" || fallback.length === 0) {
    const only = fallback[0] ?? media.variants[0];
    return { sources: [], img: { src: mediaUrl(base, only.key), width, height } };
  }
  const sources = SOURCE_ORDER.map((format) => ({ type: MEDIA_CONTENT_TYPES[format], srcSet: srcsetFor(media, format, base), sizes })).filter(
    (s) => s.srcSet !== "",
  );
  const src = fallback.find((v) => v.width >= 640) ?? fallback[fallback.length - 1];
  return { sources, img: { src: mediaUrl(base, src.key), srcSet: srcsetFor(media, media.fallback, base), sizes, width, height } };
}

/** Every storage key a description uses (a video's poster included). */
export function mediaKeys(media: MediaDescription): string[] {
  if (media.kind === "image") return media.variants.map((v) => v.key);
  return [media.key, ...mediaKeys(media.poster)];
}

/**
 * Keys used by `removed` that none of `kept` uses: what may be deleted from storage. Names carry a
 * content hash, so two descriptions can share a file (a duplicated product, the same photo twice).
 */
export function unreferencedKeys(removed: readonly MediaDescription[], kept: readonly MediaDescription[]): string[] {
  const stillUsed = new Set(kept.flatMap(mediaKeys));
  return [...new Set(removed.flatMap(mediaKeys))].filter((key) => !stillUsed.has(key));
}

/** The main picture's preload link: the first (best) format's srcset, the narrowest variant as href. */
export function imagePreload(media: ImageMedia, base: string, sizes: string): { href: string; imageSrcSet?: string; imageSizes?: string; type: string } {
  const picture = pictureProps(media, base, sizes);
  const first = picture.sources[0];
  if (!first) return { href: picture.img.src, type: MEDIA_CONTENT_TYPES[media.fallback] };
  const narrowest = variantsOf(
    media,
    SOURCE_ORDER.find((f) => MEDIA_CONTENT_TYPES[f] === first.type)!,
  )[0];
  return { href: mediaUrl(base, narrowest.key), imageSrcSet: first.srcSet, imageSizes: sizes, type: first.type };
}
