/**
 * The shop's media, configured from the environment: what the console and the catalogue call
 * (docs/decisions/030). Built once per process with the other services (app/server/services.server.ts). sharp, busboy and the AWS
 * SDK are loaded on first use, not at start: a process that only serves pages never pays for them
 * (about 50 MB of memory and a second of start-up together).
 */
import type { ImageMedia, MediaDescription, VideoMedia } from "~/domain/media";
import { unreferencedKeys } from "~/domain/media";
import type { IngestedUpload } from "./ingest-upload.server";
import type { Ingested, MediaSource } from "./ingested.server";
import { createLocalStorage } from "./local-storage.server";
import type { MediaLimits, MediaSettings } from "./media-env.server";
import { publicUrlOf, type MediaStorage } from "./storage.server";
import type { Upload, UploadOptions } from "./upload.server";
import type { ProofImage } from "./image-pipeline.server";

export interface Media {
  storage: MediaStorage;
  limits: MediaLimits;
  /**
   * Reads a multipart upload within the limits into temporary files, runs `handle`, then removes
   * them. Rejects with a MediaError (nothing left behind) for a refused or broken upload.
   */
  withUpload<T>(request: Request, handle: (upload: Upload) => Promise<T>): Promise<T>;
  /** The same with other limits (delivery proofs: a few photos only); the temporary folder is the media's. */
  withUploadLimited<T>(request: Request, limits: Omit<UploadOptions, "tempDir">, handle: (upload: Upload) => Promise<T>): Promise<T>;
  /** A photo: checked, upright, stripped, resized, stored as AVIF/WebP/JPEG-or-PNG. */
  ingestImage(file: MediaSource): Promise<Ingested<ImageMedia>>;
  /** A delivery screenshot: checked like a photo, stripped, bounded, re-encoded as one JPEG (docs/decisions/043). */
  processProofImage(file: MediaSource): Promise<ProofImage>;
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

/** An S3 storage whose SDK is imported when it is first used. */
export function lazyS3Storage(settings: Extract<MediaSettings["storage"], { kind: "s3" }>): MediaStorage {
  let loaded: Promise<MediaStorage> | undefined;
  const storage = () => (loaded ??= import("./s3-storage.server").then((m) => m.createS3Storage(settings)));
  return {
    kind: "s3",
    publicBase: settings.publicBase,
    put: async (...args) => (await storage()).put(...args),
    get: async (...args) => (await storage()).get(...args),
    head: async (...args) => (await storage()).head(...args),
    delete: async (...args) => (await storage()).delete(...args),
    async *list(prefix) {
      yield* (await storage()).list(prefix);
    },
    url: (key) => publicUrlOf(settings.publicBase, key),
  };
}

export function createMediaStorage(settings: MediaSettings["storage"]): MediaStorage {
  return settings.kind === "s3" ? lazyS3Storage(settings) : createLocalStorage(settings);
}

export function createMedia(settings: MediaSettings, storage: MediaStorage = createMediaStorage(settings.storage)): Media {
  const { limits } = settings;
  const deps = { storage, limits };
  const videoDeps = { ...deps, workDir: settings.uploadTempDir, ffmpegPath: settings.ffmpegPath };
  const uploadOptions = {
    tempDir: settings.uploadTempDir,
    maxFileBytes: Math.max(limits.imageBytes, limits.videoBytes),
    maxTotalBytes: limits.uploadBytes,
    maxFiles: limits.filesPerUpload,
  };
  return {
    storage,
    limits,
    withUpload: async (request, handle) => (await import("./upload.server")).withUpload(request, uploadOptions, handle),
    withUploadLimited: async (request, options, handle) =>
      (await import("./upload.server")).withUpload(request, { ...options, tempDir: settings.uploadTempDir }, handle),
    ingestImage: async (file) => (await import("./image-pipeline.server")).ingestImage(file, deps),
    processProofImage: async (file) => (await import("./image-pipeline.server")).processProofImage(file, limits),
    ingestVideo: async (file, options) => (await import("./video-pipeline.server")).ingestVideo(file, videoDeps, options),
    ingestUpload: async (upload) => (await import("./ingest-upload.server")).ingestUpload(upload, videoDeps),
    deleteUnreferenced: async (removed, kept) => {
      for (const key of unreferencedKeys(removed, kept)) await storage.delete(key);
    },
    seedProductMedia: async (product) => (await import("./seed-media.server")).seedProductMedia(storage, product),
  };
}
