/**
 * What a server-rendered page weighs, read from a running server: the HTML it sends (size, inline
 * SVGs, hydration data) and the JavaScript a browser actually loads for it — every script response
 * while Chromium loads the page until it has hydrated and the network is quiet (chunks imported
 * statically, modulepreloads and whatever the page imports on mount alike), gzipped here at level 6
 * like the server's compression. /cart and /checkout are loaded with one item in the cart (issue 23).
 * Each figure of issue 23's table is printed beside its target, met or MISSED.
 *
 *   node scripts/page-weight.mjs [baseUrl] [path…]      (default http://localhost:3000, the five pages)
 *
 * scripts/lighthouse.mjs imports gzipSize, PAGES and TARGETS.
 */
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";

export const PAGES = ["/", "/product/1", "/cart", "/fr/triggers/gift", "/checkout"];

/** Issue 23's budgets: JavaScript a page loads (gzip) and uncompressed HTML, in KB (1,024 bytes). */
export const TARGETS = {
  jsKb: { "/": 140, "/product/1": 150, "/checkout": 160 },
  htmlKb: { "/": 60, "/product/1": 45 },
};

/** Pages measured with one item in the cart (the cart's stored shape: app/state/cart.tsx). */
export const WITH_ITEM = new Set(["/cart", "/checkout"]);
export const CART = [{ id: "1", quantity: 1 }];
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

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

/**
 * Every script the browser requests while it loads `path` (a fresh context: cold cache), until the
 * page has hydrated (`<html data-hydrated>`) and the network has been quiet for 500 ms, so chunks
 * imported on mount count too. The age gate is marked as passed and, for WITH_ITEM pages, one item
 * is in the cart, as a returning shopper has them.
 */
export async function loadedScripts(browser, baseUrl, path) {
  const context = await browser.newContext({ userAgent: BROWSER_UA, locale: "en-US" });
  try {
    const cart = WITH_ITEM.has(path.replace(/^\/(fr|es)(?=\/|$)/, "")) ? CART : null;
    await context.addInitScript(
      ({ cart }) => {
        if (localStorage.getItem("ageVerified") === null) localStorage.setItem("ageVerified", JSON.stringify(new Date().toISOString()));
        if (cart && localStorage.getItem("cart") === null) localStorage.setItem("cart", JSON.stringify(cart));
      },
      { cart },
    );
    if (cart) await context.addCookies([{ name: "cart", value: encodeURIComponent(cart.map((l) => `${l.id}:${l.quantity}`).join(",")), url: baseUrl }]);
    const page = await context.newPage();
    const urls = new Set();
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") urls.add(response.url());
    });
    await page.goto(new URL(path, baseUrl).href);
    await page.waitForSelector("html[data-hydrated]", { state: "attached", timeout: 30_000 });
    await page.waitForLoadState("networkidle");
    return [...urls];
  } finally {
    await context.close();
  }
}

const gzipCache = new Map();
async function scriptSize(url) {
  if (!gzipCache.has(url)) {
    const body = await (await fetch(url)).text();
    gzipCache.set(url, { url: new URL(url).pathname, bytes: Buffer.byteLength(body), gzip: gzipSize(body) });
  }
  return gzipCache.get(url);
}

export async function pageWeight(baseUrl, path, { headers = {}, browser } = {}) {
  const response = await fetch(new URL(path, baseUrl), { headers: { "user-agent": BROWSER_UA, ...headers } });
  const html = await response.text();
  const svgs = inlineSvgs(html);
  const hydration = hydrationScripts(html);
  const scripts = browser ? await Promise.all((await loadedScripts(browser, baseUrl, path)).map(scriptSize)) : [];
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

/** "met" or "MISSED" with the budget, or "—" for a page without one. */
export function budget(valueBytes, limitKb) {
  if (limitKb === undefined) return "—";
  return `≤ ${limitKb} KB ${valueBytes <= limitKb * 1024 ? "met" : "MISSED"}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [baseUrl = "http://localhost:3000", ...paths] = process.argv.slice(2);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu", "--disable-quic"] });
  const rows = [];
  try {
    for (const path of paths.length > 0 ? paths : PAGES) {
      const w = await pageWeight(baseUrl, path, { headers: { "accept-language": "en" }, browser });
      rows.push({
        page: path,
        status: w.status,
        html: kb(w.htmlBytes),
        "html target": budget(w.htmlBytes, TARGETS.htmlKb[path]),
        "html gzip": kb(w.htmlGzip),
        svgs: `${w.svgCount} (${kb(w.svgBytes)})`,
        hydration: kb(w.hydrationBytes),
        scripts: w.scripts.length,
        "js gzip": kb(w.jsGzip),
        "js target": budget(w.jsGzip, TARGETS.jsKb[path]),
      });
      if (process.env.VERBOSE) for (const s of w.scripts.sort((a, b) => b.gzip - a.gzip)) console.log(`  ${path} ${s.url} ${kb(s.gzip)}`);
    }
  } finally {
    await browser.close();
  }
  console.log(`page weight, ${baseUrl}, ${new Date().toISOString()}: JavaScript = every script the page requested while loading (gzip -6)`);
  console.table(rows);
}
