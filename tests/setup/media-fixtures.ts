/**
 * Media made in the test instead of committed: photos with sharp (EXIF/GPS written with sharp's own
 * EXIF writer), videos with the ffmpeg binary of @ffmpeg-installer/ffmpeg, a decompression bomb
 * with zlib. Each helper writes a file and returns its path and size.
 */
import { execFile } from "node:child_process";
import { mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";
import type { MediaSource } from "../../app/server/media/ingested.server";

export const GPS = { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 2980/100", GPSLongitudeRef: "E", GPSLongitude: "2/1 17/1 4000/100" };

export interface Scratch {
  dir: string;
  /** Writes `bytes` as `name` and returns it as a MediaSource. */
  file(name: string, bytes: Buffer | Uint8Array): Promise<MediaSource>;
  close(): Promise<void>;
}

export async function scratch(): Promise<Scratch> {
  const dir = await mkdtemp(path.join(tmpdir(), "media-test-"));
  let n = 0;
  return {
    dir,
    async file(name, bytes) {
      const file = path.join(dir, `${++n}-${name}`);
      await writeFile(file, bytes);
      return { path: file, name, bytes: bytes.length };
    },
    close: () => rm(dir, { recursive: true, force: true }),
  };
}

/**
 * A camera-like JPEG: stored sideways (`width` × `height`, left half red, right half blue) with EXIF
 * orientation 6 (turn 90° clockwise to view), so upright it is portrait with red on top; it carries a
 * camera make and GPS coordinates.
 */
export async function sidewaysJpegWithGps(width = 1600, height = 1200): Promise<Buffer> {
  const red = await sharp({ create: { width: width / 2, height, channels: 3, background: "#ff0000" } })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: "#0000ff" } })
    .composite([{ input: red, left: 0, top: 0 }])
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Make: "TestCam", Model: "Sideways 1" }, IFD3: GPS })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

export function solidImage(width: number, height: number, format: "png" | "webp" | "avif" | "jpeg" | "gif", alpha = false): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: alpha ? 4 : 3, background: alpha ? { r: 0, g: 128, b: 0, alpha: 0.5 } : "#336699" } });
  return image.toFormat(format).toBuffer();
}

/**
 * A valid PNG of `side` × `side` pixels of greyscale zeros: a few kilobytes that decode into `side²`
 * bytes (a decompression bomb). `bitDepth` 1 keeps even a 20000 × 20000 one small to make (48 KB).
 */
export function pngBomb(side: number, bitDepth: 1 | 8 = 8): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = bitDepth;
  header[9] = 0; // greyscale
  const rowBytes = Math.ceil((side * bitDepth) / 8);
  const rows = deflateSync(Buffer.alloc((rowBytes + 1) * side), { level: 9 }); // filter byte 0 + zeros per row
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", rows),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const run = promisify(execFile);

async function packagedFfmpeg(): Promise<string> {
  const installer = await import("@ffmpeg-installer/ffmpeg");
  return installer.default.path;
}

/**
 * A short test-pattern video made with ffmpeg: MP4 (H.264) or WebM (VP8), with a location tag in its
 * metadata (as phones write) that ingestion must drop.
 */
export async function testVideo(dir: string, format: "mp4" | "webm", seconds = 1, size = "320x240"): Promise<MediaSource> {
  const file = path.join(dir, `pattern-${format}-${seconds}.${format}`);
  const codec =
    format === "mp4" ? ["-c:v", "libx264", "-pix_fmt", "yuv420p", "-preset", "ultrafast"] : ["-c:v", "libvpx", "-b:v", "300k", "-deadline", "realtime"];
  await run(await packagedFfmpeg(), [
    "-hide_banner",
    "-loglevel",
    "error",
    "-f",
    "lavfi",
    "-i",
    `testsrc=size=${size}:rate=24:duration=${seconds}`,
    ...codec,
    "-metadata",
    "location=+48.8584+002.2945/",
    "-metadata",
    "title=Secret holiday",
    // Written as phones do (QuickTime metadata keys); without it ffmpeg's MP4 muxer drops the location.
    ...(format === "mp4" ? ["-movflags", "use_metadata_tags"] : []),
    "-y",
    file,
  ]);
  return { path: file, name: path.basename(file), bytes: (await stat(file)).size };
}

/**
 * A `side` × `side` H.264 MP4 that is tiny on disk (two grey frames at the lowest quality, ≈ 200 KB
 * for 8192) but huge to decode: what an attacker, or an 8K phone, uploads.
 */
export async function bigVideo(dir: string, side: number): Promise<MediaSource> {
  const file = path.join(dir, `big-${side}.mp4`);
  await run(await packagedFfmpeg(), [
    ...["-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i", `color=c=gray:s=${side}x${side}:r=1:d=2`],
    ...["-c:v", "libx264", "-preset", "ultrafast", "-tune", "zerolatency", "-crf", "51", "-pix_fmt", "yuv420p", "-threads", "1", "-y", file],
  ]);
  return { path: file, name: path.basename(file), bytes: (await stat(file)).size };
}
