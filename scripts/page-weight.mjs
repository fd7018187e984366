/**
 * What a server-rendered page weighs, read from the HTML a running server sends: its size, the
 * inline SVGs and the hydration data inside it, and the JavaScript it loads up front (every
 * module script, modulepreload and what they import statically, gzipped here at level 6 like the
 * server's compression).
 *
 *   node scripts/page-weight.mjs [baseUrl] [path…]      (default http://localhost:3000, the five pages)
 *
 * scripts/lighthouse.mjs imports gzipSize; this file alone is the quick look while cutting bytes.
 */
import { gzipSync } from "node:zlib";

export const PAGES = ["/", "/product/1", "/cart", "/fr/triggers/gift", "/checkout"];

/** A phone browser's user agent: crawlers get the page whole, shoppers get it streamed (a little larger). */
const BROWSER_UA = "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36";

export function gzipSize(text) {
  return gzipSync(Buffer.from(text), { level: 6 }).length;
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** Inline <svg>…</svg> elements (no nesting in our markup). */
function inlineSvgs(html) {
  return [...html.matchAll(/<svg[\s\S]*?<\/svg>/g)].map((m) => m[0]);
}

/** React Router's hydration data: the inline scripts that fill window.__reactRouterContext. */
function hydrationScripts(html) {
  return [...html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).filter((body) => body.includes("__reactRouter"));
}

/** Script URLs the page names: modulepreload hints, script src, and the module script's imports. */
function scriptUrls(html) {
  const urls = new Set();
  for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) urls.add(m[1]);
  for (const m of html.matchAll(/<script[^>]*src="([^"]+)"/g)) urls.add(m[1]);
  // React Router's module script: `import * as route0 from "/assets/…"` and `import("/assets/entry.client…")`.
  for (const m of html.matchAll(/(?:import|from)\(?\s*"(\/assets\/[^"]+\.js)"/g)) urls.add(m[1]);
  return [...urls];
}

/**
 * The chunks a script imports statically (`import{…}from"./x.js"`, `import"./x.js"`): they load
 * before it runs, hints or not. Dynamic `import("./x.js")` is code on demand and is not followed.
 */
function staticImports(url, body) {
  const out = [];
  for (const m of body.matchAll(/(?:^|[;\n}])\s*import\s*(?:[\w$*{}\s,]+?\s*from\s*)?"(\.{1,2}\/[^"]+\.js|\/assets\/[^"]+\.js)"/g)) {
    out.push(new URL(m[1], new URL(url, "http://x")).pathname);
  }
  return out;
}

async function pageWeight(baseUrl, path, { headers = {} } = {}) {
  const response = await fetch(new URL(path, baseUrl), { headers: { "user-agent": BROWSER_UA, ...headers } });
  const html = await response.text();
  const svgs = inlineSvgs(html);
  const hydration = hydrationScripts(html);
  const scripts = [];
  const queue = scriptUrls(html);
  const seen = new Set(queue);
  while (queue.length > 0) {
    const url = queue.shift();
    const body = await (await fetch(new URL(url, baseUrl))).text();
    scripts.push({ url, bytes: Buffer.byteLength(body), gzip: gzipSize(body) });
    for (const next of staticImports(url, body)) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return {
    path,
    status: response.status,
    htmlBytes: Buffer.byteLength(html),
    htmlGzip: gzipSize(html),
    svgCount: svgs.length,
    svgBytes: svgs.reduce((sum, s) => sum + Buffer.byteLength(s), 0),
    hydrationBytes: hydration.reduce((sum, s) => sum + Buffer.byteLength(s), 0),
    scripts,
    jsGzip: scripts.reduce((sum, s) => sum + s.gzip, 0),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [baseUrl = "http://localhost:3000", ...paths] = process.argv.slice(2);
  const rows = [];
  for (const path of paths.length > 0 ? paths : PAGES) {
    const w = await pageWeight(baseUrl, path, { headers: { "accept-language": "en" } });
    rows.push({
      page: path,
      status: w.status,
      html: kb(w.htmlBytes),
      "html gzip": kb(w.htmlGzip),
      svgs: `${w.svgCount} (${kb(w.svgBytes)})`,
      hydration: kb(w.hydrationBytes),
      scripts: w.scripts.length,
      "js gzip": kb(w.jsGzip),
    });
    if (process.env.VERBOSE) for (const s of w.scripts.sort((a, b) => b.gzip - a.gzip)) console.log(`  ${path} ${s.url} ${kb(s.gzip)}`);
  }
  console.table(rows);
}
