/**
 * The shop's media, configured from the environment: what the console and the catalogue call
 * (docs/decisions/030). Built once per process; `setMedia` is for tests.
 */
import type { ImageMedia, MediaDescription, VideoMedia } from "~/domain/media";
import { unreferencedKeys } from "~/domain/media";
import { getEnv, type Env } from "../env.server";
import { ingestImage } from "./image-pipeline.server";
import { ingestUpload, type IngestedUpload } from "./ingest-upload.server";
import type { Ingested, MediaSource } from "./ingested.server";
import { createLocalStorage } from "./local-storage.server";
import { mediaSettings, type MediaLimits, type MediaSettings } from "./media-env.server";
import { createS3Storage } from "./s3-storage.server";
import { seedProductMedia } from "./seed-media.server";
import type { MediaStorage } from "./storage.server";
import { withUpload, type Upload } from "./upload.server";
import { ingestVideo } from "./video-pipeline.server";

export interface Media {
  storage: MediaStorage;
  limits: MediaLimits;
  /**
   * Reads a multipart upload within the limits into temporary files, runs `handle`, then removes
   * them. Rejects with a MediaError (nothing left behind) for a refused or broken upload.
   */
  withUpload<T>(request: Request, handle: (upload: Upload) => Promise<T>): Promise<T>;
  /** A photo: checked, upright, stripped, resized, stored as AVIF/WebP/JPEG-or-PNG. */
  ingestImage(file: MediaSource): Promise<Ingested<ImageMedia>>;
  /** The preview video, with the seller's poster image or a frame taken by ffmpeg. */
  ingestVideo(file: MediaSource, options?: { poster?: MediaSource }): Promise<Ingested<VideoMedia>>;
  /**
   * Every file of an upload, all or nothing: field `photos` (any number, in order), `video` (one) and
   * `poster` (its optional poster image); see MEDIA_UPLOAD_FIELDS.
   */
  ingestUpload(upload: Upload): Promise<IngestedUpload>;
  /** Deletes the files of `removed` that nothing in `kept` (every other stored description) uses. */
  deleteUnreferenced(removed: readonly MediaDescription[], kept: readonly MediaDescription[]): Promise<void>;
  /** A seeded product's drawings and video (public paths as in the code catalogue), copied into storage. */
  seedProductMedia(product: { images: readonly string[]; videoUrl?: string }): Promise<MediaDescription[]>;
}

export function createMediaStorage(settings: MediaSettings["storage"]): MediaStorage {
  return settings.kind === "s3" ? createS3Storage(settings) : createLocalStorage(settings);
}

export function createMedia(settings: MediaSettings, storage: MediaStorage = createMediaStorage(settings.storage)): Media {
  const { limits } = settings;
  const deps = { storage, limits };
  const videoDeps = { ...deps, workDir: settings.uploadTempDir, ffmpegPath: settings.ffmpegPath };
  return {
    storage,
    limits,
    withUpload: (request, handle) =>
      withUpload(
        request,
        {
          tempDir: settings.uploadTempDir,
          maxFileBytes: Math.max(limits.imageBytes, limits.videoBytes),
          maxTotalBytes: limits.uploadBytes,
          maxFiles: limits.filesPerUpload,
        },
        handle,
      ),
    ingestImage: (file) => ingestImage(file, deps),
    ingestVideo: (file, options) => ingestVideo(file, videoDeps, options),
    ingestUpload: (upload) => ingestUpload(upload, videoDeps),
    deleteUnreferenced: async (removed, kept) => {
      for (const key of unreferencedKeys(removed, kept)) await storage.delete(key);
    },
    seedProductMedia: (product) => seedProductMedia(storage, product),
  };
}

let current: { env: Env; media: Media } | undefined;
let override: Media | undefined;

/** The process's media, from the environment (MEDIA_* variables); rebuilt if the environment is replaced. */
export function getMedia(): Media {
  if (override) return override;
  const env = getEnv();
  if (current?.env !== env) current = { env, media: createMedia(mediaSettings(env)) };
  return current.media;
}

/** For tests: use this media instead of the environment's (undefined to go back). */
export function setMedia(media: Media | undefined): void {
  override = media;
}
