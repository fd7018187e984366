import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdir, readdir } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { promisify } from "node:util";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, test } from "./fixtures";
import { loginAsSeller } from "./admin-helpers";
import { prepare } from "./helpers";
import { GPS, pngBomb } from "../setup/media-fixtures";

/**
 * The seller's product media (docs/decisions/030), in the browser: upload a photo that carries GPS
 * and a short MP4, put them in order, write alt texts; the storefront serves AVIF or WebP through
 * srcset and no served file carries the GPS tag; every bad upload is refused with its message and
 * leaves no file. The same upload against S3 runs in server/product-media-http.integration.test.ts.
 */

const PRODUCT = "king-kong-4k-edition-gift";
const port = Number(process.env.E2E_PORT ?? 3210);
/** The shop's DATA_DIR in this run (playwright.config.ts): media and upload-tmp are in it. */
const dataDir = path.resolve(`.e2e-data/${port}`);

test.describe.configure({ mode: "serial" });

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(path.join(dataDir, folder), { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

async function gpsJpeg(): Promise<Buffer> {
  const left = await sharp({ create: { width: 800, height: 1200, channels: 3, background: "#cc2222" } })
    .png()
    .toBuffer();
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#2244cc" } })
    .composite([{ input: left, left: 0, top: 0 }])
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Make: "TestCam" }, IFD3: GPS })
    .toBuffer();
}

async function shortMp4(folder: string): Promise<string> {
  const installer = (await import("@ffmpeg-installer/ffmpeg")) as { default: { path: string } };
  await mkdir(folder, { recursive: true });
  const file = path.join(folder, "preview.mp4");
  await promisify(execFile)(installer.default.path, [
    ...["-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i", "testsrc=size=320x240:rate=24:duration=1"],
    ...["-c:v", "libx264", "-pix_fmt", "yuv420p", "-preset", "ultrafast", "-y", file],
  ]);
  return file;
}

const rows = (page: Page) => page.getByTestId("media-row");
const row = (page: Page, name: string) => page.getByRole("listitem", { name });

async function uploadPhoto(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.getByLabel("Photos", { exact: true }).setInputFiles(file);
  await page.getByRole("button", { name: "Upload" }).click();
}

test("the seller uploads a GPS photo and a video, orders them, writes alt texts; the storefront serves AVIF/WebP without GPS", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const jpeg = await gpsJpeg();
  expect(jpeg.includes(Buffer.from("Exif\0\0"))).toBe(true);
  const video = await shortMp4(testInfo.outputDir);

  await loginAsSeller(page, { next: `/admin/products/${PRODUCT}` });
  const media = page.getByRole("region", { name: "Photos and video" });
  await expect(rows(page)).toHaveCount(1); // the seeded drawing
  await page.getByLabel("Photos", { exact: true }).setInputFiles({ name: "holiday.jpg", mimeType: "image/jpeg", buffer: jpeg });
  await page.getByLabel("Preview video").setInputFiles(video);
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(media.getByRole("status").first()).toHaveText("Added 1 photo and the preview video. The storefront shows it now.", { timeout: 60_000 });
  await expect(rows(page)).toHaveCount(3);
  await expect(row(page, "3. Video")).toBeVisible();

  // Keyboard: the photo moves up to the first place.
  await row(page, "2. Photo 2").getByRole("button", { name: "Move photo 2 up" }).focus();
  await page.keyboard.press("Enter");
  await expect(media.getByRole("status").first()).toHaveText("New order saved. The storefront shows it now.");
  await expect(row(page, "1. Photo 1").getByText("AVIF, WebP, JPEG · 4 widths up to 1280 px")).toBeVisible();
  // Drag: the video goes between the photo and the drawing.
  await row(page, "3. Video").dragTo(row(page, "2. Photo 2"));
  await expect(row(page, "2. Video")).toBeVisible();
  await expect(row(page, "3. Photo 3")).toBeVisible();

  const first = row(page, "1. Photo 1");
  await first.getByLabel("Alt text (English)").fill("A red and blue card");
  await first.getByLabel("Alt text (French)").fill("Une carte rouge et bleue");
  await first.getByLabel("Alt text (Spanish)").fill("Una tarjeta roja y azul");
  await first.getByRole("button", { name: "Save alt text" }).click();
  await expect(media.getByRole("status").first()).toHaveText("Alt text saved.");

  await prepare(page);
  await page.goto(`/fr/product/${PRODUCT}`);
  const main = page.getByTestId("product-main-image");
  await expect(main).toHaveAttribute("alt", "Une carte rouge et bleue");
  await expect(main).toHaveAttribute("width", "1280");
  await expect(main).toHaveAttribute("height", "960");
  await expect(page.locator('picture source[type="image/avif"]').first()).toHaveAttribute("srcset", /\/media\/img\/[0-9a-f]{32}-320w\.avif 320w/);
  await expect.poll(() => main.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\.(avif|webp)$/);
  await expect(page.getByRole("button", { name: "Afficher la vidéo (2 sur 3)" })).toBeVisible();

  const urls = await page.evaluate(() => {
    const all = [...document.querySelectorAll("picture source, picture img")].flatMap((el) =>
      (el.getAttribute("srcset") ?? "").split(",").map((s) => s.trim().split(" ")[0]),
    );
    return [
      ...new Set(
        [...all, document.querySelector<HTMLImageElement>("[data-testid=product-main-image]")!.getAttribute("src")!].filter((u) =>
          /^\/media\/img\/.*-\d+w\./.test(u),
        ),
      ),
    ];
  });
  expect(urls.length).toBeGreaterThanOrEqual(12);
  for (const url of urls) {
    const response = await page.request.get(url);
    expect(response.status(), url).toBe(200);
    const bytes = await response.body();
    expect(bytes.includes(Buffer.from("Exif\0\0")), url).toBe(false);
    expect(bytes.includes(Buffer.from("GPS")), url).toBe(false);
    expect((await sharp(bytes).metadata()).exif, url).toBeUndefined();
  }

  // The video, shown with its poster, is not loaded before it is played.
  const videoRequests: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/media/vid/")) videoRequests.push(r.url());
  });
  await page.getByRole("button", { name: "Afficher la vidéo (2 sur 3)" }).click();
  const player = page.locator("video");
  await expect(player).toHaveAttribute("preload", "none");
  await expect(player).toHaveAttribute("poster", /^\/media\/img\/[0-9a-f]{32}-320w\.jpg$/);
  expect(videoRequests).toEqual([]);
});

test("every bad upload is refused with its message and leaves no file", async ({ page, context }) => {
  test.setTimeout(120_000);
  await loginAsSeller(page, { next: `/admin/products/${PRODUCT}` });
  const media = page.getByRole("region", { name: "Photos and video" });
  await expect(rows(page).first()).toBeVisible();
  const count = await rows(page).count();
  const before = await filesUnder("media");

  const corrupt = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#123456" } })
    .jpeg()
    .toBuffer();
  const oversize = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(21 * 1024 * 1024)]);
  const cases: [{ name: string; mimeType: string; buffer: Buffer }, RegExp][] = [
    [
      { name: "photo.jpg", mimeType: "image/jpeg", buffer: Buffer.from("not a photo at all, just words") },
      /^photo\.jpg is not a JPEG, PNG, WebP or AVIF image/,
    ],
    [
      { name: "logo.svg", mimeType: "image/svg+xml", buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>') },
      /^logo\.svg is an SVG drawing\. SVG files are refused because they can carry scripts/,
    ],
    [{ name: "huge.png", mimeType: "image/png", buffer: oversize }, /^huge\.png is 21 MB; a photo may be at most 20 MB\./],
    [
      { name: "bomb.png", mimeType: "image/png", buffer: pngBomb(10_000) },
      /^bomb\.png is 10000 × 10000 pixels \(100 megapixels\); a photo may be at most 50 megapixels\./,
    ],
    [
      { name: "cut.jpg", mimeType: "image/jpeg", buffer: corrupt.subarray(0, corrupt.length >> 1) },
      /^cut\.jpg could not be read as (a JPEG|an) image: it may be damaged or cut short/,
    ],
  ];
  for (const [file, message] of cases) {
    await uploadPhoto(page, file);
    await expect(media.getByRole("alert")).toHaveText(message, { timeout: 30_000 });
    await expect(rows(page)).toHaveCount(count);
    expect(await filesUnder("media"), file.name).toEqual(before);
    expect(await filesUnder("upload-tmp"), file.name).toEqual([]);
  }

  // A path in the file name: browsers never send one, a hand-made request does.
  const origin = new URL(page.url()).origin;
  const withPath = await page.request.post(`/admin/products/${PRODUCT}/media`, {
    headers: { origin, accept: "application/json" },
    multipart: { photos: { name: "../../etc/photo.jpg", mimeType: "image/jpeg", buffer: corrupt } },
  });
  expect(withPath.status()).toBe(400);
  expect(((await withPath.json()) as { message: string }).message).toMatch(/contains a folder path; send the file itself with a plain name/);

  // An upload cut off halfway: the client goes away mid-body.
  const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const boundary = "----cut-off";
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="half.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
  const socket = net.connect(port, "127.0.0.1");
  await new Promise((resolve) => socket.once("connect", resolve));
  socket.write(
    `POST /admin/products/${PRODUCT}/media HTTP/1.1\r\nHost: localhost:${port}\r\nOrigin: ${origin}\r\nCookie: ${cookie}\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${head.length + corrupt.length * 2}\r\n\r\n${head}`,
  );
  socket.write(corrupt);
  await expect.poll(() => filesUnder("upload-tmp")).not.toEqual([]);
  socket.destroy();
  await expect.poll(() => filesUnder("upload-tmp"), { timeout: 15_000 }).toEqual([]);

  // The server kept answering, and nothing was added.
  await page.reload();
  await expect(rows(page)).toHaveCount(count);
  expect(await filesUnder("media")).toEqual(before);
});
