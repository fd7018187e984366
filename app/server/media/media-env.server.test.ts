import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "../platform/env.server";
import { mediaSettings } from "./media-env.server";

const dataDir = () => mkdtempSync(path.join(tmpdir(), "env-media-"));
const settingsOf = (vars: Record<string, string>) => mediaSettings(parseEnv({ SESSION_SECRET: "s".repeat(32), ...vars }));

describe("media settings from the environment", () => {
  it("keeps media as local files under the data directory, served by the shop at /media, by default", () => {
    const dir = dataDir();
    const settings = settingsOf({ DATA_DIR: dir });
    expect(settings.storage).toEqual({ kind: "local", root: path.resolve(dir, "media"), publicBase: "/media" });
    expect(settings.uploadTempDir).toBe(path.resolve(dir, "upload-tmp"));
    expect(settings.limits).toEqual({
      imageBytes: 20 * 1024 * 1024,
      videoBytes: 100 * 1024 * 1024,
      imagePixels: 50_000_000,
      videoPixels: 4096 * 2160,
      videoSide: 4096,
      videoSeconds: 600,
      filesPerUpload: 10,
      uploadBytes: 100 * 1024 * 1024 + 9 * 20 * 1024 * 1024,
    });
    expect(settings.ffmpegPath).toBeUndefined();
  });

  it("takes a media folder, a CDN base URL, limits and an ffmpeg choice", () => {
    const settings = settingsOf({
      DATA_DIR: dataDir(),
      MEDIA_DIR: "/srv/media",
      MEDIA_PUBLIC_URL: "https://cdn.example.com/m/",
      MEDIA_MAX_IMAGE_MB: "8",
      MEDIA_MAX_VIDEO_MB: "250",
      FFMPEG_PATH: "none",
    });
    expect(settings.storage).toEqual({ kind: "local", root: "/srv/media", publicBase: "https://cdn.example.com/m" });
    expect(settings.limits).toMatchObject({ imageBytes: 8 * 1024 * 1024, videoBytes: 250 * 1024 * 1024 });
    expect(settings.ffmpegPath).toBeNull();
  });

  it("configures S3-compatible storage", () => {
    const settings = settingsOf({
      DATA_DIR: dataDir(),
      MEDIA_STORAGE: "s3",
      MEDIA_S3_BUCKET: "shop-media",
      MEDIA_S3_REGION: "auto",
      MEDIA_S3_ENDPOINT: "https://account.r2.cloudflarestorage.com",
      MEDIA_S3_ACCESS_KEY_ID: "key",
      MEDIA_S3_SECRET_ACCESS_KEY: "secret",
      MEDIA_S3_FORCE_PATH_STYLE: "true",
    });
    expect(settings.storage).toEqual({
      kind: "s3",
      bucket: "shop-media",
      region: "auto",
      endpoint: "https://account.r2.cloudflarestorage.com",
      credentials: { accessKeyId: "key", secretAccessKey: "secret" },
      forcePathStyle: true,
      publicBase: "/media",
    });
  });

  it("keeps a test run's media out of the working folder when the database is in memory", () => {
    const settings = settingsOf({ DATA_DIR: "memory://" });
    expect(settings.storage.kind === "local" && settings.storage.root.startsWith(tmpdir())).toBe(true);
    expect(settings.uploadTempDir.startsWith(tmpdir())).toBe(true);
  });

  it("stops the server with one line naming the bad variable", () => {
    const env = (vars: Record<string, string>) => () => parseEnv({ DATA_DIR: dataDir(), SESSION_SECRET: "s".repeat(32), ...vars });
    expect(env({ MEDIA_STORAGE: "s3" })).toThrow(new EnvError("Invalid environment variable MEDIA_S3_BUCKET: required when MEDIA_STORAGE is s3 (got unset)"));
    expect(env({ MEDIA_STORAGE: "ftp" })).toThrow(/^Invalid environment variable MEDIA_STORAGE: .* \(got "ftp"\)$/);
    expect(env({ MEDIA_STORAGE: "s3", MEDIA_S3_BUCKET: "Shop_Media" })).toThrow(/^Invalid environment variable MEDIA_S3_BUCKET: must be an S3 bucket name/);
    expect(env({ MEDIA_S3_ACCESS_KEY_ID: "key" })).toThrow(
      "Invalid environment variable MEDIA_S3_SECRET_ACCESS_KEY: set both MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY, or neither (got unset)",
    );
    expect(env({ MEDIA_S3_FORCE_PATH_STYLE: "maybe" })).toThrow(/^Invalid environment variable MEDIA_S3_FORCE_PATH_STYLE: must be true or false/);
    expect(env({ MEDIA_PUBLIC_URL: "ftp://cdn.example.com" })).toThrow(/^Invalid environment variable MEDIA_PUBLIC_URL: must be an http/);
    expect(env({ MEDIA_MAX_VIDEO_MB: "0" })).toThrow(/^Invalid environment variable MEDIA_MAX_VIDEO_MB/);
  });
});
