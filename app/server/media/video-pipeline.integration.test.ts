import { chmod, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { bigVideo, scratch, solidImage, testVideo, type Scratch } from "../../../tests/setup/media-fixtures";
import { watchChildren } from "../../../tests/setup/child-memory";
import { extractPosterFrame, findFfmpeg, parseProbe } from "./ffmpeg.server";
import type { MediaSource } from "./ingested.server";
import { createLocalStorage } from "./local-storage.server";
import { mediaLimits } from "./media-env.server";
import type { MediaError } from "./media-error.server";
import type { MediaStorage } from "./storage.server";
import { ingestVideo, type VideoDeps } from "./video-pipeline.server";

let files: Scratch;
let root: string;
let workDir: string;
let storage: MediaStorage;
let deps: VideoDeps;
let mp4: MediaSource;
let webm: MediaSource;
const limits = mediaLimits({ MEDIA_MAX_IMAGE_MB: 20, MEDIA_MAX_VIDEO_MB: 100 });

/** Stand-ins for an ffmpeg that does not run, and one that runs but cannot decode the video. */
const BROKEN_FFMPEG = "#!/bin/sh\nexit 1\n";
const NO_DECODER_FFMPEG = `#!/bin/sh
case "$*" in
  *-version*) echo "ffmpeg version fake"; exit 0 ;;
  *skip_frame*) echo "    Stream #0:0(und): Video: h264 (avc1 / 0x31637661), yuv420p, 320x240, 24 fps" >&2; exit 1 ;;
  *thumbnail*) echo "Decoder not found" >&2; exit 1 ;;
esac
prev=""; for a in "$@"; do [ "$prev" = "-i" ] && in="$a"; prev="$a"; last="$a"; done
cp "$in" "$last"
`;

async function script(name: string, text: string): Promise<string> {
  const file = path.join(files.dir, name);
  await writeFile(file, text);
  await chmod(file, 0o755);
  return file;
}

beforeAll(async () => {
  files = await scratch();
  root = await mkdtemp(path.join(tmpdir(), "media-videos-"));
  workDir = path.join(files.dir, "work");
  storage = createLocalStorage({ root, publicBase: "/media" });
  deps = { storage, limits, workDir };
  mp4 = await testVideo(files.dir, "mp4", 1);
  webm = await testVideo(files.dir, "webm", 1);
});
afterEach(async () => {
  for await (const { key } of storage.list()) await storage.delete(key);
  // Work files never outlive an ingest, whatever its outcome.
  expect(await readdir(workDir).catch(() => [])).toEqual([]);
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
  return keys.sort();
}

async function refusal(promise: Promise<unknown>): Promise<MediaError> {
  return promise.then(
    () => expect.fail("the video was accepted"),
    (error: MediaError) => error,
  );
}

describe("preview video pipeline", () => {
  it("finds the ffmpeg binary shipped in @ffmpeg-installer/ffmpeg, and it runs", async () => {
    expect(await findFfmpeg()).toMatch(/@ffmpeg-installer\/linux-x64\/ffmpeg$/);
  });

  it("stores a short MP4 without its location metadata, index first, with a poster frame through the photo pipeline", async () => {
    const original = await readFile(mp4.path);
    expect(original.includes("48.8584")).toBe(true); // the fixture carries a location
    const { media, created } = await ingestVideo(mp4, deps);

    expect(media).toMatchObject({ kind: "video", format: "mp4", width: 320, height: 240 });
    expect(media.key).toMatch(/^vid\/[0-9a-f]{32}\.mp4$/);
    const video = await stored(media.key);
    expect(media.bytes).toBe(video.length);
    expect(video.subarray(4, 8).toString()).toBe("ftyp");
    expect(video.includes("48.8584")).toBe(false);
    expect(video.includes("Secret holiday")).toBe(false);
    expect(video.indexOf("moov")).toBeLessThan(video.indexOf("mdat")); // starts playing before it has all arrived

    expect(media.poster).toMatchObject({ kind: "image", width: 320, height: 240, fallback: "jpeg" });
    expect(media.poster.variants.map((v) => `${v.format} ${v.width}x${v.height}`)).toEqual(["avif 320x240", "webp 320x240", "jpeg 320x240"]);
    const poster = await stored(media.poster.variants.find((v) => v.format === "jpeg")!.key);
    const { dominant } = await sharp(poster).stats();
    expect(dominant.r + dominant.g + dominant.b).toBeGreaterThan(0); // a real frame of the test pattern, not black
    expect(await storedKeys()).toEqual([...created].sort());
  });

  it("stores a WebM the same way", async () => {
    const { media } = await ingestVideo(webm, deps);
    expect(media).toMatchObject({ format: "webm", width: 320, height: 240 });
    const video = await stored(media.key);
    expect([...video.subarray(0, 4)]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
    expect(video.includes("Secret holiday")).toBe(false);
  });

  it("uses the seller's poster image when one is sent", async () => {
    const poster = await files.file("poster.png", await solidImage(640, 360, "png"));
    const { media } = await ingestVideo(mp4, deps, { poster });
    expect(media.poster).toMatchObject({ width: 640, height: 360 });
    expect(media.width).toBeUndefined(); // no frame was taken, so the video's own size is not known
  });

  it("without a working ffmpeg, asks for a poster image, then stores the video as sent", async () => {
    for (const ffmpegPath of [null, "/nonexistent/ffmpeg", await script("broken-ffmpeg", BROKEN_FFMPEG)]) {
      const error = await refusal(ingestVideo(mp4, { ...deps, ffmpegPath }));
      expect(error.code).toBe("poster_required");
      expect(error.message).toBe(
        `No poster frame could be taken from ${mp4.name}: video processing (ffmpeg) is not available on this server. Upload a poster image (JPEG, PNG, WebP or AVIF) with the video.`,
      );
      expect(await storedKeys()).toEqual([]);
    }
    const poster = await files.file("poster.jpg", await solidImage(320, 240, "jpeg"));
    const { media } = await ingestVideo(mp4, { ...deps, ffmpegPath: null }, { poster });
    expect((await stored(media.key)).equals(await readFile(mp4.path))).toBe(true);
    expect(media.poster.width).toBe(320);
  });

  it("when ffmpeg cannot decode a frame, asks for a poster image and keeps nothing", async () => {
    const error = await refusal(ingestVideo(mp4, { ...deps, ffmpegPath: await script("no-decoder-ffmpeg", NO_DECODER_FFMPEG) }));
    expect(error.code).toBe("poster_required");
    expect(error.message).toMatch(/^No poster frame could be taken from .*\(its video could not be decoded here\)\. Upload a poster image/);
    expect(await storedKeys()).toEqual([]);
  });

  it("removes the poster it stored when storing the video fails", async () => {
    const failing: MediaStorage = {
      ...storage,
      put: (key, ...rest) => (key.startsWith("vid/") ? Promise.reject(new Error("bucket gone")) : storage.put(key, ...rest)),
    };
    await expect(ingestVideo(mp4, { ...deps, storage: failing })).rejects.toThrow("bucket gone");
    expect(await storedKeys()).toEqual([]);
  });

  describe("refuses, with a message, and stores nothing", () => {
    afterEach(async () => {
      expect(await storedKeys()).toEqual([]);
    });

    it("a file whose bytes are not a video, whatever its name", async () => {
      const text = await files.file("preview.mp4", Buffer.from("not a video at all"));
      const error = await refusal(ingestVideo(text, deps));
      expect(error.code).toBe("unsupported_type");
      expect(error.message).toBe("preview.mp4 is not an MP4 or WebM video (its content is not a video format we know, whatever its name says).");
      const mov = await files.file("clip.mp4", Buffer.from([0, 0, 0, 0x14, ...Buffer.from("ftypqt  "), 0, 0, 2, 0, ...Buffer.from("qt  ")]));
      expect((await refusal(ingestVideo(mov, deps))).message).toBe("clip.mp4 is not an MP4 or WebM video (it is a QuickTime (MOV) video (export it as MP4)).");
    });

    it("a photo or an SVG sent as the video", async () => {
      expect((await refusal(ingestVideo(await files.file("still.mp4", await solidImage(10, 10, "jpeg")), deps))).code).toBe("wrong_kind");
      expect((await refusal(ingestVideo(await files.file("x.webm", Buffer.from("<svg><script>alert(1)</script></svg>")), deps))).code).toBe("svg_refused");
    });

    it("a video over the size limit", async () => {
      const error = await refusal(ingestVideo(mp4, { ...deps, limits: { ...limits, videoBytes: 10_000 } }));
      expect(error.code).toBe("file_too_large");
      expect(error.message).toMatch(/^pattern-mp4-1\.mp4 is [\d.]+ MB; the preview video may be at most 0 MB\.$/);
    });

    it("a video longer than the limit, with its real reason", async () => {
      const error = await refusal(ingestVideo(mp4, { ...deps, limits: { ...limits, videoSeconds: 0.5 } }));
      expect(error.code).toBe("too_long");
      expect(error.status).toBe(422);
      expect(error.message).toBe("pattern-mp4-1.mp4 lasts 1 second; a preview video may last at most 0.5 seconds.");
    });

    it("a frame larger than 4K, with its real reason", async () => {
      const wide = await testVideo(files.dir, "webm", 2, "4104x64");
      const error = await refusal(ingestVideo(wide, deps));
      expect(error.code).toBe("too_many_pixels");
      expect(error.message).toMatch(/^pattern-webm-2\.webm is 4104 × 64 pixels \(0\.3 megapixels\); a preview video may be at most 4K/);
    });

    it("a damaged video: the start of an MP4 without its index", async () => {
      const whole = await readFile(mp4.path);
      const cut = await files.file("cut.mp4", whole.subarray(0, 3000));
      const error = await refusal(ingestVideo(cut, deps));
      expect(error.code).toBe("corrupt");
      expect(error.message).toBe("cut.mp4 could not be read as an MP4 video: it may be damaged or cut short. Export it again.");
    });
  });
});

describe("bounded video processing (issue 27)", () => {
  /** Generous: the child is limited to 384 MB of address space; taken at full size this frame took 5 GB. */
  const PEAK_BOUND_KB = 512 * 1024;
  let eightK: MediaSource;

  beforeAll(async () => {
    // An 8192 × 8192 H.264 MP4 of ≈ 200 KB (two grey frames at the lowest quality).
    eightK = await bigVideo(files.dir, 8192);
  }, 120_000);

  it("refuses an 8192 × 8192 H.264 MP4 for its pixels, from its headers, with ffmpeg's peak memory small", async () => {
    const watch = watchChildren();
    const error = await refusal(ingestVideo(eightK, deps)).finally(() => watch.stop());
    expect(error.code).toBe("too_many_pixels");
    expect(error.status).toBe(422);
    expect(error.message).toBe(
      `${eightK.name} is 8192 × 8192 pixels (67.1 megapixels); a preview video may be at most 4K: 4096 pixels on its longer side and 8.8 megapixels (3840 × 2160). Export it at 4K or less.`,
    );
    expect(watch.peakKb(), `peak child memory ${watch.peakKb()} KB`).toBeLessThan(PEAK_BOUND_KB);
    expect(await storedKeys()).toEqual([]);
  });

  it("bounds the child even when asked to take that video's frame (the limit, not the probe, holds)", async () => {
    const watch = watchChildren();
    const frame = path.join(files.dir, "8k-poster.png");
    const outcome = await extractPosterFrame((await findFfmpeg())!, eightK.path, frame).then(
      () => "frame taken",
      (error: Error) => error.message,
    );
    watch.stop();
    expect(watch.samples(), "the child was sampled while it ran").toBeGreaterThan(0);
    expect(watch.peakKb(), `peak child memory ${watch.peakKb()} KB (${outcome})`).toBeLessThan(PEAK_BOUND_KB);
    if (outcome === "frame taken") expect((await sharp(frame).metadata()).width).toBeLessThanOrEqual(1280); // scaled, never full size
  }, 60_000);

  it("runs one ffmpeg at a time however many videos arrive together", async () => {
    const watch = watchChildren();
    const results = await Promise.all([mp4, webm, mp4, webm].map((video) => ingestVideo(video, deps)));
    watch.stop();
    expect(results.map((r) => r.media.format)).toEqual(["mp4", "webm", "mp4", "webm"]);
    expect(watch.samples()).toBeGreaterThan(0);
    expect(watch.mostAtOnce()).toBe(1);
  }, 60_000);

  it("reads size and duration from ffmpeg's description of a file", () => {
    const text = [
      "Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'x.mp4':",
      "  Duration: 01:02:03.50, start: 0.000000, bitrate: 792 kb/s",
      "    Stream #0:0(und): Video: h264 (avc1 / 0x31637661), none, 8192x8192, 789 kb/s, SAR 1:1 DAR 1:1, 1 fps (default)",
    ].join("\n");
    expect(parseProbe(text)).toEqual({ width: 8192, height: 8192, seconds: 3723.5 });
    expect(parseProbe("    Stream #0:0: Audio: aac, 44100 Hz\n  Duration: N/A")).toBeNull();
    expect(parseProbe("    Stream #0:1: Video: vp9 (Profile 0), yuv420p(tv), 4096x4096, SAR 1:1\n  Duration: N/A")).toEqual({
      width: 4096,
      height: 4096,
      seconds: null,
    });
  });
});
