/**
 * The installable console's icons (docs/decisions/053), drawn from public/favicon.svg with sharp and
 * committed under public/admin-icons/: `npx tsx scripts/console-icons.ts` after the logo changes.
 * "maskable" keeps the mark inside the safe zone a launcher may crop to a circle.
 */
import path from "node:path";
import sharp from "sharp";

const root = path.resolve(import.meta.dirname, "..");
const logo = path.join(root, "public/favicon.svg");
const out = (name: string) => path.join(root, "public/admin-icons", name);

async function plain(size: number, name: string) {
  await sharp(logo, { density: 72 * (size / 64) * 2 })
    .resize(size, size)
    .png()
    .toFile(out(name));
}

async function maskable(size: number, name: string) {
  const inner = Math.round(size * 0.7);
  const mark = await sharp(logo, { density: 72 * (inner / 64) * 2 })
    .resize(inner, inner)
    .png()
    .toBuffer();
  await sharp({ create: { width: size, height: size, channels: 4, background: "#7b1b9c" } })
    .composite([{ input: mark, gravity: "center" }])
    .png()
    .toFile(out(name));
}

await plain(192, "icon-192.png");
await plain(512, "icon-512.png");
await plain(180, "apple-touch-icon.png");
await maskable(512, "maskable-512.png");
console.log("public/admin-icons: icon-192.png, icon-512.png, apple-touch-icon.png, maskable-512.png");
