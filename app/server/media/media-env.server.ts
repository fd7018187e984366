/**
 * The media settings among the shop's environment variables (app/server/platform/env.server.ts spreads
 * `mediaEnvShape` into its schema and runs `refineMediaEnv`), and what they resolve to.
 */
import { tmpdir } from "node:os";
import path from "node:path";
import type { MediaEnvInput } from "../platform/env.server";
import { MEDIA_ROUTE } from "./storage.server";

export interface MediaLimits {
  /** One photo (or poster image) file. */
  imageBytes: number;
  /** The preview video file. */
  videoBytes: number;
  /** Decoded size of a photo: more is refused as a decompression bomb. */
  imagePixels: number;
  /** A preview video's frame: pixels, and its longer side (checked from the container, before decoding). */
  videoPixels: number;
  videoSide: number;
  /** A preview video's duration. */
  videoSeconds: number;
  /** Files in one upload request. */
  filesPerUpload: number;
  /** All files of one upload request together. */
  uploadBytes: number;
}

/** 50 megapixels: every phone camera (48 MP ones included) and no decompression bomb. */
const IMAGE_PIXEL_LIMIT = 50_000_000;
const FILES_PER_UPLOAD = 10;
/** 4K (4096 × 2160, either way up): the largest frame a preview video may have (docs/decisions/040). */
const VIDEO_PIXEL_LIMIT = 4096 * 2160;
const VIDEO_SIDE_LIMIT = 4096;
/** Ten minutes: a preview, not a film. */
const VIDEO_SECONDS_LIMIT = 600;

export function mediaLimits(env: Pick<MediaEnvInput, "MEDIA_MAX_IMAGE_MB" | "MEDIA_MAX_VIDEO_MB">): MediaLimits {
  const imageBytes = Math.floor(env.MEDIA_MAX_IMAGE_MB * 1024 * 1024);
  const videoBytes = Math.floor(env.MEDIA_MAX_VIDEO_MB * 1024 * 1024);
  return {
    imageBytes,
    videoBytes,
    imagePixels: IMAGE_PIXEL_LIMIT,
    videoPixels: VIDEO_PIXEL_LIMIT,
    videoSide: VIDEO_SIDE_LIMIT,
    videoSeconds: VIDEO_SECONDS_LIMIT,
    filesPerUpload: FILES_PER_UPLOAD,
    // A video with its poster and the rest in photos, or photos only.
    uploadBytes: Math.max(imageBytes, videoBytes) + (FILES_PER_UPLOAD - 1) * imageBytes,
  };
}

export type MediaStorageSettings =
  | { kind: "local"; root: string; publicBase: string }
  | {
      kind: "s3";
      bucket: string;
      region: string;
      endpoint?: string;
      credentials?: { accessKeyId: string; secretAccessKey: string };
      forcePathStyle: boolean;
      publicBase: string;
      /** Keys stored under this prefix (private files sharing the media bucket). */
      keyPrefix?: string;
    };

export interface MediaSettings {
  storage: MediaStorageSettings;
  limits: MediaLimits;
  /** Where uploads are spooled while they are read and checked (DATA_DIR/upload-tmp). */
  uploadTempDir: string;
  /** undefined = the packaged binary; null = none (posters must be uploaded). */
  ffmpegPath: string | null | undefined;
}

/** Where media URLs start: MEDIA_PUBLIC_URL (a CDN) or the shop's own /media route. */
export function mediaPublicBase(env: Pick<MediaEnvInput, "MEDIA_PUBLIC_URL">): string {
  return (env.MEDIA_PUBLIC_URL ?? MEDIA_ROUTE).replace(/\/+$/, "");
}

export function mediaSettings(env: MediaEnvInput & { DATA_DIR: string }): MediaSettings {
  // An in-memory database (tests) keeps its media in a folder of its own that nothing else uses.
  const dataDir = env.DATA_DIR.startsWith("memory://") ? path.join(tmpdir(), `trigger-shop-media-${process.pid}`) : env.DATA_DIR;
  const publicBase = mediaPublicBase(env);
  const storage: MediaStorageSettings =
    env.MEDIA_STORAGE === "s3"
      ? {
          kind: "s3",
          bucket: env.MEDIA_S3_BUCKET!,
          region: env.MEDIA_S3_REGION,
          endpoint: env.MEDIA_S3_ENDPOINT,
          credentials:
            env.MEDIA_S3_ACCESS_KEY_ID && env.MEDIA_S3_SECRET_ACCESS_KEY
              ? { accessKeyId: env.MEDIA_S3_ACCESS_KEY_ID, secretAccessKey: env.MEDIA_S3_SECRET_ACCESS_KEY }
              : undefined,
          forcePathStyle: env.MEDIA_S3_FORCE_PATH_STYLE,
          publicBase,
        }
      : { kind: "local", root: path.resolve(env.MEDIA_DIR ?? path.join(dataDir, "media")), publicBase };
  return {
    storage,
    limits: mediaLimits(env),
    uploadTempDir: path.resolve(dataDir, "upload-tmp"),
    ffmpegPath: env.FFMPEG_PATH === "none" ? null : env.FFMPEG_PATH,
  };
}
