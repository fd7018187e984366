// Renders the short preview videos of the products that have one (public/products/{id}.mp4) from
// their artwork: a slow zoom on the SVG. Needs Debian's chromium and ffmpeg; run by hand when the
// artwork changes: `node scripts/make-product-videos.mjs`.
import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";

const IDS = ["1", "2", "4", "6", "7", "9", "10"];
const root = path.resolve(import.meta.dirname, "../public/products");
const work = mkdtempSync(path.join(tmpdir(), "videos-"));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
const page = await browser.newPage({ viewport: { width: 960, height: 960 } });
for (const id of IDS) {
  await page.goto(`file://${root}/${id}.svg`);
  const still = path.join(work, `${id}.png`);
  await page.screenshot({ path: still });
  execFileSync("ffmpeg", [
    "-y",
    "-loglevel",
    "error",
    "-loop",
    "1",
    "-i",
    still,
    "-vf",
    "zoompan=z='min(zoom+0.0012,1.18)':d=144:x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)':s=480x480:fps=24",
    "-t",
    "6",
    "-c:v",
    "libx264",
    "-profile:v",
    "baseline",
    "-pix_fmt",
    "yuv420p",
    "-crf",
    "30",
    "-movflags",
    "+faststart",
    "-an",
    path.join(root, `${id}.mp4`),
  ]);
  console.log(`public/products/${id}.mp4`);
}
await browser.close();
