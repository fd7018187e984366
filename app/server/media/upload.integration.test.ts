/**
 * Uploads over real HTTP, read the way a React Router action gets them (a fetch Request whose body
 * streams from Node's request, as @react-router/express builds it), through withUpload and
 * ingestUpload as the console will: every refusal answers its message and leaves no file, in the
 * storage or in the temporary folder.
 */
import { createReadableStreamFromReadable } from "@react-router/node";
import { once } from "node:events";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { GPS, pngBomb, scratch, sidewaysJpegWithGps, solidImage, testVideo, type Scratch } from "../../../tests/setup/media-fixtures";
import { createLocalStorage } from "./local-storage.server";
import { mediaLimits } from "./media-env.server";
import { createMedia } from "./media.server";
import { MediaError } from "./media-error.server";
import type { MediaStorage } from "./storage.server";
import { displayName, readUpload, withUpload, type UploadOptions } from "./upload.server";

let files: Scratch;
let root: string;
let tempDir: string;
let storage: MediaStorage;
let server: http.Server;
let base: string;
/** Photos up to 300 KB, videos (and so any one file) up to 2 MB, for quick tests. */
const limits = { ...mediaLimits({ MEDIA_MAX_IMAGE_MB: 0.3, MEDIA_MAX_VIDEO_MB: 2 }) };
let readOptions: UploadOptions;

interface Outcome {
  status: number;
  body: { code?: string; message?: string; media?: unknown[]; sizes?: number[] };
}
const outcomes: Outcome[] = [];
let outcomeArrived: (() => void) | null = null;

/** What the server answered last (also when the client had gone away and never read it). */
async function nextOutcome(): Promise<Outcome> {
  const seen = outcomes.length;
  while (outcomes.length === seen) await new Promise<void>((resolve) => (outcomeArrived = resolve));
  return outcomes[outcomes.length - 1];
}

/** The console's action, in short (through the same Media object getMedia() gives): read the upload, ingest all of it, answer the refusal's message. */
async function uploadAction(request: Request): Promise<Response> {
  const url = new URL(request.url);
  try {
    if (url.pathname === "/read-only") {
      // Reads without ingesting: the sizes it counted.
      const sizes = await withUpload(request, { ...readOptions, maxFileBytes: 512 * 1024 * 1024, maxTotalBytes: 512 * 1024 * 1024 }, async (upload) =>
        upload.files.map((file) => file.bytes),
      );
      return Response.json({ sizes });
    }
    const media = createMedia({ storage: { kind: "local", root, publicBase: "/media" }, limits, uploadTempDir: tempDir, ffmpegPath: undefined }, storage);
    const stored = await media.withUpload(request, async (upload) => (await media.ingestUpload(upload)).media);
    return Response.json({ media: stored });
  } catch (error) {
    if (error instanceof MediaError) return Response.json({ code: error.code, message: error.message }, { status: error.status });
    throw error;
  }
}

beforeAll(async () => {
  files = await scratch();
  root = await mkdtemp(path.join(tmpdir(), "media-uploads-"));
  tempDir = path.join(files.dir, "upload-tmp");
  storage = createLocalStorage({ root, publicBase: "/media" });
  readOptions = { tempDir, maxFileBytes: Math.max(limits.imageBytes, limits.videoBytes), maxTotalBytes: limits.uploadBytes, maxFiles: limits.filesPerUpload };
  server = http.createServer((req, res) => {
    if (req.url === "/ping") return void res.end("pong");
    const headers = new Headers();
    for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i], req.rawHeaders[i + 1]);
    const controller = new AbortController();
    res.on("close", () => controller.abort());
    const request = new Request(`http://127.0.0.1${req.url}`, {
      method: req.method,
      headers,
      body: createReadableStreamFromReadable(req),
      signal: controller.signal,
      duplex: "half",
    } as RequestInit);
    void uploadAction(request).then(async (response) => {
      const body = await response.json();
      outcomes.push({ status: response.status, body });
      outcomeArrived?.();
      if (!res.destroyed) res.writeHead(response.status, { "content-type": "application/json" }).end(JSON.stringify(body));
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  // Whatever happened, no upload leaves a temporary file.
  expect(await readdir(tempDir).catch(() => [])).toEqual([]);
});
afterAll(async () => {
  server?.closeAllConnections();
  server?.close();
  await files.close();
  await rm(root, { recursive: true, force: true });
});

async function storedKeys(): Promise<string[]> {
  const keys: string[] = [];
  for await (const { key } of storage.list()) keys.push(key);
  return keys;
}

const form = (...entries: [field: string, name: string, bytes: Buffer | Uint8Array, type?: string][]) => {
  const data = new FormData();
  data.append("productId", "42");
  for (const [field, name, bytes, type] of entries) data.append(field, new File([new Uint8Array(bytes)], name, { type: type ?? "application/octet-stream" }));
  return data;
};

async function post(body: FormData, pathname = "/upload"): Promise<Outcome> {
  const response = await fetch(base + pathname, { method: "POST", body });
  return { status: response.status, body: await response.json() };
}

describe("media uploads over HTTP", () => {
  afterEach(async () => {
    for (const key of await storedKeys()) await storage.delete(key);
  });

  it("stores a GPS-tagged phone photo and a short MP4 sent in one form; nothing of the GPS reaches storage", async () => {
    const photo = await sidewaysJpegWithGps(640, 480);
    const video = await testVideo(files.dir, "mp4", 1);
    const answer = await post(
      form(
        ["photos", "IMG_0001.jpg", photo, "image/jpeg"],
        ["video", "clip.mp4", await buffer((await import("node:fs")).createReadStream(video.path)), "video/mp4"],
      ),
    );
    expect(answer.status).toBe(200);
    const [image, preview] = answer.body.media as [{ kind: string; width: number; height: number }, { kind: string; poster: { kind: string } }];
    expect(image).toMatchObject({ kind: "image", width: 480, height: 640 });
    expect(preview).toMatchObject({ kind: "video", poster: { kind: "image" } });
    const keys = await storedKeys();
    expect(keys.filter((k) => k.startsWith("vid/"))).toHaveLength(1);
    for (const key of keys) {
      const bytes = await buffer((await storage.get(key))!);
      expect(bytes.includes("Exif"), key).toBe(false);
      expect(bytes.includes(GPS.GPSLatitude), key).toBe(false);
      if (!key.startsWith("vid/")) expect((await sharp(bytes).metadata()).exif, key).toBeUndefined();
    }
  });

  const refusals: [string, () => Promise<FormData>, number, string, RegExp][] = [
    [
      "bytes that are not what the name says",
      async () => form(["photos", "photo.jpg", Buffer.from("not a photo"), "image/jpeg"]),
      415,
      "unsupported_type",
      /^photo\.jpg is not a JPEG, PNG, WebP or AVIF image/,
    ],
    [
      "an SVG",
      async () => form(["photos", "logo.svg", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), "image/svg+xml"]),
      415,
      "svg_refused",
      /^logo\.svg is an SVG drawing/,
    ],
    [
      "a photo over the photo size limit",
      async () =>
        form([
          "photos",
          "big.png",
          await sharp({ create: { width: 500, height: 500, channels: 3, background: "#000", noise: { type: "gaussian", mean: 128, sigma: 60 } } })
            .png()
            .toBuffer(),
        ]),
      413,
      "file_too_large",
      /^big\.png is [\d.]+ MB; a photo may be at most 0\.3 MB\.$/,
    ],
    [
      "a file over the upload's size limit",
      async () => form(["video", "long.mp4", Buffer.alloc(2 * 1024 * 1024 + 1)]),
      413,
      "file_too_large",
      /^long\.mp4 is larger than 2 MB, the most one file may be\.$/,
    ],
    ["a decompression bomb", async () => form(["photos", "bomb.png", pngBomb(9000)]), 422, "too_many_pixels", /^bomb\.png is 9000 × 9000 pixels/],
    [
      "a corrupt file",
      async () => form(["photos", "broken.webp", Buffer.concat([Buffer.from("RIFF\0\0\0\0WEBPVP8 "), Buffer.alloc(500, 7)])]),
      422,
      "corrupt",
      /^broken\.webp could not be read/,
    ],
    [
      "a path in the file name",
      async () => form(["photos", "../../etc/photo.jpg", await solidImage(50, 50, "jpeg")]),
      400,
      "path_in_name",
      /^The file name "\.\.\/\.\.\/etc\/photo\.jpg" contains a folder path/,
    ],
    [
      "a Windows path in the file name",
      async () => form(["photos", "C:\\Users\\me\\photo.jpg", await solidImage(50, 50, "jpeg")]),
      400,
      "path_in_name",
      /contains a folder path/,
    ],
    [
      "too many files",
      async () => form(...Array.from({ length: 11 }, (_, i) => ["photos", `p${i}.jpg`, Buffer.from("x")] as [string, string, Buffer])),
      413,
      "too_many_files",
      /^At most 10 files/,
    ],
    [
      "a good photo with a bad one: all or nothing",
      async () => form(["photos", "good.jpg", await solidImage(400, 300, "jpeg")], ["photos", "bad.jpg", Buffer.from("%PDF-1.7 not a photo")]),
      415,
      "unsupported_type",
      /^bad\.jpg is not a JPEG, PNG, WebP or AVIF image \(it is a PDF document\)\.$/,
    ],
  ];

  it.each(refusals)("refuses %s with its message and keeps no file", async (_case, body, status, code, message) => {
    const answer = await post(await body());
    expect(answer.status).toBe(status);
    expect(answer.body.code).toBe(code);
    expect(answer.body.message).toMatch(message);
    expect(await storedKeys()).toEqual([]);
  });

  it("refuses an upload cut off halfway (the form never ends) and keeps no file", async () => {
    const whole = Buffer.from(await new Request(base, { method: "POST", body: form(["photos", "a.jpg", await solidImage(300, 300, "jpeg")]) }).arrayBuffer());
    const type = new Request(base, { method: "POST", body: form() }).headers.get("content-type")!;
    const boundary = type.split("boundary=")[1];
    const half = whole.subarray(0, whole.length >> 1);
    expect(half.includes(`--${boundary}--`)).toBe(false);
    const response = await fetch(`${base}/upload`, { method: "POST", body: half, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ code: "cut_off", message: "The upload was cut off before it finished, so nothing was saved. Try again." });
    expect(await storedKeys()).toEqual([]);
  });

  it("cleans up after a client that disconnects mid-upload", async () => {
    const socket = net.connect(Number(new URL(base).port), "127.0.0.1");
    await once(socket, "connect");
    const boundary = "----cut";
    socket.write(
      `POST /upload HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 1000000\r\n\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    );
    socket.write(Buffer.alloc(200_000, 1));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const answered = nextOutcome();
    socket.destroy();
    expect((await answered).body.code).toBe("cut_off");
    expect(await storedKeys()).toEqual([]);
  });

  it("answers a too-large upload while the client is still sending it (it reads the refusal, not a reset)", async () => {
    const big = new Blob([Buffer.alloc(5 * 1024 * 1024, 1)]);
    const data = new FormData();
    data.append("video", big, "huge.mp4");
    const answer = await post(data);
    expect(answer).toEqual({ status: 413, body: { code: "file_too_large", message: "huge.mp4 is larger than 2 MB, the most one file may be." } });
  });

  it("streams a large upload to disk: memory stays flat and the server keeps answering meanwhile", async () => {
    const total = 192 * 1024 * 1024;
    const chunk = Buffer.alloc(256 * 1024, 7);
    const boundary = "----flat";
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="big.mp4"\r\nContent-Type: video/mp4\r\n\r\n`;
    const tail = `\r\n--${boundary}--\r\n`;
    const memory = () => {
      const { heapUsed, arrayBuffers } = process.memoryUsage();
      return heapUsed + arrayBuffers;
    };
    const before = memory();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, memory())), 10);

    const request = http.request(`${base}/read-only`, {
      method: "POST",
      headers: { "content-type": `multipart/form-data; boundary=${boundary}`, "content-length": String(head.length + total + tail.length) },
    });
    const response = once(request, "response");
    request.write(head);
    let pinged = false;
    for (let sent = 0; sent < total; sent += chunk.length) {
      if (!request.write(chunk)) await once(request, "drain");
      if (!pinged && sent > total / 2) {
        // Halfway through, another request is answered at once.
        expect(await (await fetch(`${base}/ping`)).text()).toBe("pong");
        pinged = true;
      }
    }
    request.end(tail);
    const [reply] = (await response) as [http.IncomingMessage];
    clearInterval(sampler);
    expect(reply.statusCode).toBe(200);
    expect(JSON.parse((await buffer(reply)).toString())).toEqual({ sizes: [total] });
    expect(pinged).toBe(true);
    // Held in memory it would be 192 MB more; streamed, it is buffers in flight and garbage not yet
    // collected (about 35 MB measured here).
    expect(peak - before).toBeLessThan(total / 2);
  });
});

describe("reading an upload", () => {
  it("gives the form's fields and files with a shown name cleaned of control and invisible characters", async () => {
    const data = form(["photos", "sun\u202Egpj.exe\u200B.jpg", Buffer.from("abc"), "image/jpeg"], ["photos", "", Buffer.alloc(0)]);
    data.append("alt_fr", "Une photo");
    const request = new Request(base, { method: "POST", body: data });
    const upload = await readUpload(request, { tempDir, maxFileBytes: 1000, maxTotalBytes: 1000, maxFiles: 5 });
    expect(upload.fields.get("productId")).toBe("42");
    expect(upload.fields.get("alt_fr")).toBe("Une photo");
    expect(upload.files).toHaveLength(1); // the empty file input is skipped
    expect(upload.files[0]).toMatchObject({ field: "photos", name: "sungpj.exe.jpg", bytes: 3, declaredType: "image/jpeg" });
    expect(path.dirname(path.dirname(upload.files[0].path))).toBe(tempDir); // never the client's name
    await upload.dispose();
  });

  it("refuses anything but a multipart form", async () => {
    const request = new Request(base, { method: "POST", body: "a=1", headers: { "content-type": "application/x-www-form-urlencoded" } });
    await expect(readUpload(request, { tempDir, maxFileBytes: 10, maxTotalBytes: 10, maxFiles: 1 })).rejects.toMatchObject({ code: "not_multipart" });
  });

  it("refuses files that together pass the upload's limit", async () => {
    const request = new Request(base, { method: "POST", body: form(["photos", "a.jpg", Buffer.alloc(600)], ["photos", "b.jpg", Buffer.alloc(600)]) });
    await expect(readUpload(request, { tempDir, maxFileBytes: 1000, maxTotalBytes: 1000, maxFiles: 5 })).rejects.toMatchObject({
      code: "upload_too_large",
      message: "These files add up to more than 0 MB, the most one upload may carry. Send fewer at a time.",
    });
  });

  it("shows a harmless name whatever was sent", () => {
    expect(displayName("  photo.jpg ")).toBe("photo.jpg");
    expect(displayName("\u0000\u200B")).toBe("file");
    expect(displayName("é".normalize("NFD") + ".jpg")).toBe("é.jpg");
    expect(displayName("x".repeat(300))).toHaveLength(120);
  });
});
