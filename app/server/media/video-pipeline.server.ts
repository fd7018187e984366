/**
 * A product's preview video, from an uploaded file to what a page serves (docs/decisions/030): the
 * bytes must be MP4 or WebM; with ffmpeg the container is rewritten without transcoding (metadata
 * and data tracks dropped, MP4 index first) and a poster frame is taken; the poster goes through the
 * photo pipeline. Everything happens here, at upload: a request only ever streams stored files.
 */
import { createReadStream } from "node:fs";
import { mkdir, mkdtemp, rm, stat } from "node:fs/promises";
import path from "node:path";
import { loadSharp } from "./sharp.server";
import { MEDIA_CONTENT_TYPES, type VideoMedia } from "~/domain/media";
import { SNIFF_BYTES, sniffMedia } from "~/domain/media-signature";
import { extractPosterFrame, findFfmpeg, probeVideo, rewriteContainer } from "./ffmpeg.server";
import { ingestImage } from "./image-pipeline.server";
import { contentHashOfFile, readHead, StoredKeys, type Ingested, type MediaSource } from "./ingested.server";
import type { MediaLimits } from "./media-env.server";
import { MediaError, megabytes } from "./media-error.server";
import type { MediaStorage } from "./storage.server";

export interface VideoDeps {
  storage: MediaStorage;
  limits: MediaLimits;
  /** Where work files go while a video is processed (removed after). */
  workDir: string;
  /** undefined = the packaged ffmpeg; null = none; a path = that binary. */
  ffmpegPath?: string | null;
}

async function checkVideo(source: MediaSource, limits: MediaLimits): Promise<"mp4" | "webm"> {
  if (source.bytes === 0) throw new MediaError("empty_file", `${source.name} is empty.`);
  const sniffed = sniffMedia(await readHead(source.path, SNIFF_BYTES));
  if (sniffed.kind === "image")
    throw new MediaError("wrong_kind", `${source.name} is a photo: add it as a photo (or as the video's poster), not as the video.`);
  if (sniffed.kind === "svg")
    throw new MediaError("svg_refused", `${source.name} is an SVG drawing, not a video. SVG files are refused because they can carry scripts.`);
  if (sniffed.kind !== "video") {
    const what = sniffed.what ? `it is ${sniffed.what}` : "its content is not a video format we know, whatever its name says";
    throw new MediaError("unsupported_type", `${source.name} is not an MP4 or WebM video (${what}).`);
  }
  if (source.bytes > limits.videoBytes) {
    throw new MediaError("file_too_large", `${source.name} is ${megabytes(source.bytes)}; the preview video may be at most ${megabytes(limits.videoBytes)}.`);
  }
  return sniffed.format;
}

function duration(seconds: number): string {
  if (seconds >= 120) return `${Math.round((seconds / 60) * 10) / 10} minutes`;
  const n = Math.round(seconds * 10) / 10;
  return `${n} second${n === 1 ? "" : "s"}`;
}

/**
 * Checks the video's frame size and duration, read from its container and stream headers before
 * anything is decoded (issue 27: an 8192 × 8192 H.264 of 200 KB took 5 GB to take a full-size frame).
 */
async function checkVideoHeaders(ffmpeg: string, source: MediaSource, format: "mp4" | "webm", limits: MediaLimits): Promise<void> {
  const probe = await probeVideo(ffmpeg, source.path);
  if (!probe) {
    throw new MediaError(
      "corrupt",
      `${source.name} could not be read as ${format === "mp4" ? "an MP4" : "a WebM"} video: it may be damaged or cut short. Export it again.`,
    );
  }
  const { width, height, seconds } = probe;
  if (width * height > limits.videoPixels || Math.max(width, height) > limits.videoSide) {
    throw new MediaError(
      "too_many_pixels",
      `${source.name} is ${width} × ${height} pixels (${Math.round((width * height) / 1e5) / 10} megapixels); a preview video may be at most 4K: ${limits.videoSide} pixels on its longer side and ${Math.round(limits.videoPixels / 1e5) / 10} megapixels (3840 × 2160). Export it at 4K or less.`,
    );
  }
  if (seconds !== null && seconds > limits.videoSeconds) {
    throw new MediaError("too_long", `${source.name} lasts ${duration(seconds)}; a preview video may last at most ${duration(limits.videoSeconds)}.`);
  }
}

/**
 * Checks, processes and stores a preview video and its poster: `poster` (an image the seller chose)
 * or a frame taken with ffmpeg. Without a usable ffmpeg, or when no frame can be taken, a poster is
 * required and the error says so. On any failure nothing it stored is left behind.
 */
export async function ingestVideo(source: MediaSource, deps: VideoDeps, options: { poster?: MediaSource } = {}): Promise<Ingested<VideoMedia>> {
  const format = await checkVideo(source, deps.limits);
  const ffmpeg = await findFfmpeg(deps.ffmpegPath);
  if (!ffmpeg && !options.poster) {
    throw new MediaError(
      "poster_required",
      `No poster frame could be taken from ${source.name}: video processing (ffmpeg) is not available on this server. Upload a poster image (JPEG, PNG, WebP or AVIF) with the video.`,
    );
  }
  await mkdir(deps.workDir, { recursive: true });
  const work = await mkdtemp(path.join(deps.workDir, "video-"));
  const stored = new StoredKeys(deps.storage);
  try {
    if (ffmpeg) await checkVideoHeaders(ffmpeg, source, format, deps.limits);
    let file = source.path;
    if (ffmpeg) {
      file = path.join(work, `video.${format}`);
      await rewriteContainer(ffmpeg, source.path, file, format).catch(() => {
        throw new MediaError(
          "corrupt",
          `${source.name} could not be read as ${format === "mp4" ? "an MP4" : "a WebM"} video: it may be damaged or cut short. Export it again.`,
        );
      });
    }
    let posterSource = options.poster;
    let frameSize: { width: number; height: number } | null = null;
    let posterLimits = deps.limits;
    if (!posterSource) {
      const frame = path.join(work, "poster.png");
      await extractPosterFrame(ffmpeg!, file, frame).catch(() => {
        throw new MediaError(
          "poster_required",
          `No poster frame could be taken from ${source.name} (its video could not be decoded here). Upload a poster image (JPEG, PNG, WebP or AVIF) with the video.`,
        );
      });
      const { size } = await stat(frame);
      const { width, height } = await (await loadSharp())(frame).metadata();
      posterSource = { path: frame, name: `the poster frame of ${source.name}`, bytes: size };
      // The frame as shown (turned upright), scaled to at most 1280 wide: the page needs its aspect ratio.
      frameSize = { width, height };
      // Our own lossless frame of a large video may outweigh the photo limit; its pixels are the video's.
      posterLimits = { ...deps.limits, imageBytes: Math.max(deps.limits.imageBytes, size) };
    }
    const poster = await ingestImage(posterSource, { storage: deps.storage, limits: posterLimits });
    stored.adopt(poster);

    const { size: bytes } = await stat(file);
    const key = `vid/${await contentHashOfFile(file)}.${format}`;
    await stored.putOnce(key, () => createReadStream(file), { contentType: MEDIA_CONTENT_TYPES[format], size: bytes });
    const media: VideoMedia = {
      kind: "video",
      format,
      key,
      bytes,
      ...frameSize,
      poster: poster.media,
    };
    return stored.result(media);
  } catch (error) {
    await stored.discard();
    throw error;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
