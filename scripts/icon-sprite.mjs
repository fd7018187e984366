/**
 * Writes app/components/ui/icons.svg: one <symbol> per icon that app/components/ui/icon.tsx
 * declares (`spriteIcon("name")` from lucide, `brandIcon("name")` from BRANDS below). Pages then
 * reference an icon in a few bytes (<svg><use href="/assets/icon-sprite-<hash>.svg#name"/></svg>)
 * instead of repeating its paths inline (docs/decisions/020).
 *
 *   npm run icons          (after adding an icon to icon.tsx; a unit test fails while the file is stale)
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";

// Paths, not URLs: the unit test imports this module under jsdom, whose URL class fs refuses.
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const ICON_MODULE = path.join(ROOT, "app/components/ui/icon.tsx");
export const SPRITE_FILE = path.join(ROOT, "app/components/ui/icons.svg");

/** Brand marks (Simple Icons, CC0): lucide ships none. Filled, unlike lucide's stroked icons. */
export const BRANDS = {
  discord:
    "M20.317 4.3698a19.7913 19.7913 0 00-4.8851-1.5152.0741.0741 0 00-.0785.0371c-.211.3753-.4447.8648-.6083 1.2495-1.8447-.2762-3.68-.2762-5.4868 0-.1636-.3933-.4058-.8742-.6177-1.2495a.077.077 0 00-.0785-.037 19.7363 19.7363 0 00-4.8852 1.515.0699.0699 0 00-.0321.0277C.5334 9.0458-.319 13.5799.0992 18.0578a.0824.0824 0 00.0312.0561c2.0528 1.5076 4.0413 2.4228 5.9929 3.0294a.0777.0777 0 00.0842-.0276c.4616-.6304.8731-1.2952 1.226-1.9942a.076.076 0 00-.0416-.1057c-.6528-.2476-1.2743-.5495-1.8722-.8923a.077.077 0 01-.0076-.1277c.1258-.0943.2517-.1923.3718-.2914a.0743.0743 0 01.0776-.0105c3.9278 1.7933 8.18 1.7933 12.0614 0a.0739.0739 0 01.0785.0095c.1202.099.246.1981.3728.2924a.077.077 0 01-.0066.1276 12.2986 12.2986 0 01-1.873.8914.0766.0766 0 00-.0407.1067c.3604.698.7719 1.3628 1.225 1.9932a.076.076 0 00.0842.0286c1.961-.6067 3.9495-1.5219 6.0023-3.0294a.077.077 0 00.0313-.0552c.5004-5.177-.8382-9.6739-3.5485-13.6604a.061.061 0 00-.0312-.0286zM8.02 15.3312c-1.1825 0-2.1569-1.0857-2.1569-2.419 0-1.3332.9555-2.4189 2.157-2.4189 1.2108 0 2.1757 1.0952 2.1568 2.419 0 1.3332-.9555 2.4189-2.1569 2.4189zm7.9748 0c-1.1825 0-2.1569-1.0857-2.1569-2.419 0-1.3332.9554-2.4189 2.1569-2.4189 1.2108 0 2.1757 1.0952 2.1568 2.419 0 1.3332-.946 2.4189-2.1568 2.4189Z",
  whatsapp:
    "M17.472 14.382c-.297-.149-1.758-.867-2.03-.967-.273-.099-.471-.148-.67.15-.197.297-.767.966-.94 1.164-.173.199-.347.223-.644.075-.297-.15-1.255-.463-2.39-1.475-.883-.788-1.48-1.761-1.653-2.059-.173-.297-.018-.458.13-.606.134-.133.298-.347.446-.52.149-.174.198-.298.298-.497.099-.198.05-.371-.025-.52-.075-.149-.669-1.612-.916-2.207-.242-.579-.487-.5-.669-.51-.173-.008-.371-.01-.57-.01-.198 0-.52.074-.792.372-.272.297-1.04 1.016-1.04 2.479 0 1.462 1.065 2.875 1.213 3.074.149.198 2.096 3.2 5.077 4.487.709.306 1.262.489 1.694.625.712.227 1.36.195 1.871.118.571-.085 1.758-.719 2.006-1.413.248-.694.248-1.289.173-1.413-.074-.124-.272-.198-.57-.347m-5.421 7.403h-.004a9.87 9.87 0 01-5.031-1.378l-.361-.214-3.741.982.998-3.648-.235-.374a9.86 9.86 0 01-1.51-5.26c.001-5.45 4.436-9.884 9.888-9.884 2.64 0 5.122 1.03 6.988 2.898a9.825 9.825 0 012.893 6.994c-.003 5.45-4.437 9.884-9.885 9.884m8.413-18.297A11.815 11.815 0 0012.05 0C5.495 0 .16 5.335.157 11.892c0 2.096.547 4.142 1.588 5.945L.057 24l6.305-1.654a11.882 11.882 0 005.683 1.448h.005c6.554 0 11.89-5.335 11.893-11.893a11.821 11.821 0 00-3.48-8.413z",
  instagram:
    "M12 0C8.741 0 8.333.014 7.053.072 2.695.272.273 2.69.073 7.052.014 8.333 0 8.741 0 12c0 3.259.014 3.668.072 4.948.2 4.358 2.618 6.78 6.98 6.98C8.333 23.986 8.741 24 12 24c3.259 0 3.668-.014 4.948-.072 4.354-.2 6.782-2.618 6.979-6.98.059-1.28.073-1.689.073-4.948 0-3.259-.014-3.667-.072-4.947-.196-4.354-2.617-6.78-6.979-6.98C15.668.014 15.259 0 12 0zm0 5.838a6.162 6.162 0 100 12.324 6.162 6.162 0 000-12.324zM12 16a4 4 0 110-8 4 4 0 010 8zm3.98-10.181a1.44 1.44 0 11-2.88 0 1.44 1.44 0 012.88 0z",
  tiktok:
    "M12.525.02c1.31-.02 2.61-.01 3.91-.02.08 1.53.63 3.09 1.75 4.17 1.12 1.11 2.7 1.62 4.24 1.79v4.03c-1.44-.05-2.89-.35-4.2-.97-.57-.26-1.1-.59-1.62-.93-.01 2.92.01 5.84-.02 8.75-.08 1.4-.54 2.79-1.35 3.94-1.31 1.92-3.58 3.17-5.91 3.21-1.43.08-2.86-.31-4.08-1.03-2.02-1.19-3.44-3.37-3.65-5.71-.02-.5-.03-1-.01-1.49.18-1.9 1.12-3.72 2.58-4.96 1.66-1.44 3.98-2.13 6.15-1.72.02 1.48-.04 2.96-.04 4.44-.99-.32-2.15-.23-3.02.37-.63.41-1.11 1.04-1.36 1.75-.21.51-.15 1.07-.14 1.61.24 1.64 1.82 3.02 3.5 2.87 1.12-.01 2.19-.66 2.77-1.61.19-.33.4-.67.41-1.06.1-1.79.06-3.57.07-5.36.01-4.03-.01-8.05.02-12.07z",
  youtube:
    "M23.498 6.186a3.016 3.016 0 0 0-2.122-2.136C19.505 3.545 12 3.545 12 3.545s-7.505 0-9.377.505A3.017 3.017 0 0 0 .502 6.186C0 8.07 0 12 0 12s0 3.93.502 5.814a3.016 3.016 0 0 0 2.122 2.136c1.871.505 9.376.505 9.376.505s7.505 0 9.377-.505a3.015 3.015 0 0 0 2.122-2.136C24 15.93 24 12 24 12s0-3.93-.502-5.814zM9.545 15.568V8.432L15.818 12l-6.273 3.568z",
};

/**
 * The icons icon.tsx declares, in its order: [{ kind: "lucide" | "brand", id }] and rows
 * [{ kind: "row", id, count, gap }] (`iconRow("star", 5)`: five stars as one symbol).
 */
export function declaredIcons(source = readFileSync(ICON_MODULE, "utf8")) {
  const gap = Number(/const ROW_GAP = (\d+)/.exec(source)?.[1] ?? 0);
  return [...source.matchAll(/\b(spriteIcon|brandIcon|iconRow)\("([a-z0-9-]+)"(?:, (\d+))?\)/g)].map((m) =>
    m[1] === "iconRow" ? { kind: "row", id: m[2], count: Number(m[3]), gap } : { kind: m[1] === "brandIcon" ? "brand" : "lucide", id: m[2] },
  );
}

/** A lucide icon's inner markup (its paths, circles…), rendered by lucide-react itself. */
async function lucideShapes(id) {
  const { default: Icon } = await import(`lucide-react/icons/${id}`);
  const svg = renderToStaticMarkup(createElement(Icon));
  return svg.replace(/^<svg[^>]*>/, "").replace(/<\/svg>$/, "");
}

export async function buildSprite(icons = declaredIcons()) {
  const symbols = [];
  const seen = new Set();
  for (const { kind, id, count, gap } of icons) {
    const symbolId = kind === "row" ? `${id}-x${count}` : id;
    if (seen.has(symbolId)) continue;
    seen.add(symbolId);
    if (kind === "row") {
      const shapes = await lucideShapes(id);
      const copies = Array.from({ length: count }, (_, i) => (i === 0 ? shapes : `<g transform="translate(${i * (24 + gap)})">${shapes}</g>`));
      symbols.push(`<symbol id="${symbolId}" viewBox="0 0 ${count * 24 + (count - 1) * gap} 24">${copies.join("")}</symbol>`);
    } else if (kind === "brand") {
      if (!BRANDS[id]) throw new Error(`icon-sprite: no brand mark named "${id}" in scripts/icon-sprite.mjs`);
      symbols.push(`<symbol id="${id}" viewBox="0 0 24 24"><path fill="currentColor" stroke="none" d="${BRANDS[id]}"/></symbol>`);
    } else {
      symbols.push(`<symbol id="${id}" viewBox="0 0 24 24">${await lucideShapes(id)}</symbol>`);
    }
  }
  return [
    `<svg xmlns="http://www.w3.org/2000/svg">`,
    `<!-- Generated by scripts/icon-sprite.mjs from app/components/ui/icon.tsx (lucide-react, ISC; brand marks: Simple Icons, CC0). Do not edit. -->`,
    ...symbols,
    `</svg>`,
    "",
  ].join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const sprite = await buildSprite();
  writeFileSync(SPRITE_FILE, sprite);
  console.log(`icon-sprite: ${declaredIcons().length} icons, ${sprite.length} bytes → ${path.relative(process.cwd(), SPRITE_FILE)}`);
}
