/**
 * The console's product media forms (docs/decisions/030): alt texts per language, a new order, a
 * deletion. Run in the browser before posting and on the server; uploads are checked by the media
 * pipeline (their bytes), not here.
 */
import { mediaUrl, variantsOf, type MediaDescription } from "../media";
import { z } from "../zod";
import { optionalText } from "./form-fields";

/** Alt text is read out by screen readers: a sentence, not an essay. */
export const MAX_ALT_LENGTH = 250;

const altField = (language: string) =>
  z.pipe(
    z.pipe(
      optionalText,
      z.transform((value: string | undefined) => (value ?? "").replace(/\s+/g, " ").trim()),
    ),
    z.string().check(z.maxLength(MAX_ALT_LENGTH, { error: `${language} alt text must be at most ${MAX_ALT_LENGTH} characters` })),
  );

const mediaId = z.pipe(
  z.pipe(
    z.string({ error: "Which photo or video?" }),
    z.transform((value: string) => Number(value)),
  ),
  z.int({ error: "Which photo or video?" }).check(z.positive({ error: "Which photo or video?" })),
);

export const mediaAltSchema = z.object({
  id: mediaId,
  altEn: altField("English"),
  altFr: altField("French"),
  altEs: altField("Spanish"),
});

/** The media ids in their new order, comma-separated ("12,7,9"). */
export const mediaOrderSchema = z.object({
  order: z.pipe(
    z.string({ error: "The new order is missing" }),
    z.transform((value: string, ctx) => {
      const ids = value.split(",").map((part) => Number(part.trim()));
      if (ids.length === 0 || ids.length > 200 || !ids.every((id) => Number.isInteger(id) && id > 0) || new Set(ids).size !== ids.length) {
        ctx.issues.push({ code: "custom", message: "The new order could not be read", input: value });
        return z.NEVER;
      }
      return ids;
    }),
  ),
});

export const mediaDeleteSchema = z.object({ id: mediaId });

/** `ids` with the one at `index` moved one place up (-1) or down (+1); unchanged at either end. */
export function moveInOrder<T>(ids: readonly T[], index: number, step: -1 | 1): T[] {
  const next = [...ids];
  const to = index + step;
  if (index < 0 || index >= ids.length || to < 0 || to >= ids.length) return next;
  [next[index], next[to]] = [next[to], next[index]];
  return next;
}

/** `ids` with the item at `from` put at `to` (drag and drop). */
export function dropInOrder<T>(ids: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || from >= ids.length || to < 0 || to >= ids.length) return [...ids];
  const next = [...ids];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return next;
}

/** One media as the console lists it. */
export interface SellerMediaRow {
  id: number;
  kind: "image" | "video";
  alt: { en: string; fr: string; es: string };
  /** A small picture of it (the photo, or the video's poster). */
  thumb: string;
  width: number;
  height: number;
  /** The video file, for a video. */
  video?: string;
  /** What was stored, for the seller: "AVIF, WebP, JPEG · 4 widths up to 1280 px". */
  summary: string;
}

const FORMAT_NAMES: Record<string, string> = { avif: "AVIF", webp: "WebP", jpeg: "JPEG", png: "PNG", svg: "SVG", mp4: "MP4", webm: "WebM" };

/** What the summary says: the stored formats, and the widths (a photo) or the file's size (a video). */
export type MediaFacts = { kind: "image"; formats: string; widths: number; width: number } | { kind: "video"; format: string; kb: number; formats: string };

/** The summary in English; a console page passes its own wording (docs/decisions/055). */
export function englishMediaSummary(facts: MediaFacts): string {
  return facts.kind === "video"
    ? `${facts.format} video, ${facts.kb} KB; poster ${facts.formats}`
    : `${facts.formats} · ${facts.widths} width${facts.widths === 1 ? "" : "s"} up to ${facts.width} px`;
}

export function sellerMediaRow(
  item: { id: number; media: MediaDescription; alt: { en: string; fr: string; es: string } },
  base: string,
  summarize: (facts: MediaFacts) => string = englishMediaSummary,
): SellerMediaRow {
  const image = item.media.kind === "image" ? item.media : item.media.poster;
  const fallback = variantsOf(image, image.fallback);
  const thumb = fallback.find((v) => v.width >= 320) ?? fallback[fallback.length - 1] ?? image.variants[0];
  const formats = [...new Set(image.variants.map((v) => FORMAT_NAMES[v.format] ?? v.format))].join(", ");
  const widths = new Set(image.variants.map((v) => v.width)).size;
  const summary = summarize(
    item.media.kind === "video"
      ? { kind: "video", format: FORMAT_NAMES[item.media.format], kb: Math.max(1, Math.round(item.media.bytes / 1024)), formats }
      : { kind: "image", formats, widths, width: image.width },
  );
  return {
    id: item.id,
    kind: item.media.kind,
    alt: item.alt,
    thumb: mediaUrl(base, thumb.key),
    width: image.width,
    height: image.height,
    ...(item.media.kind === "video" ? { video: mediaUrl(base, item.media.key) } : {}),
    summary,
  };
}
