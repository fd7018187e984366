/**
 * npm run lighthouse — Lighthouse mobile (its default: a mid-range phone on slow 4G, simulated) on
 * the five pages of issue 11, against servers that are already running: this build and, optionally,
 * the previous release (e.g. a `git worktree` of main built with BUILD_DIR and started on another
 * port). With two, every page is measured alternately — this build, the previous one, the previous,
 * this, … — so that both see the same machine in the same minute (on a shared machine the scores
 * move with the load; only a side-by-side comparison means something), and the table shows them
 * side by side. It builds nothing.
 *
 *   npm run build && npm start &                   # or any running shop
 *   npm run lighthouse                             # http://localhost:3000
 *   npm run lighthouse -- http://localhost:3000 http://localhost:3100 --runs 3   # this build, previous release
 *   npm run lighthouse -- --url http://localhost:4090 --baseline http://localhost:4091 --page /cart --first-visit
 *
 * Options: --url (or the first positional URL; default http://localhost:3000), --baseline (or the
 * second positional URL), --runs N (per server; the median run by performance score is kept,
 * default 1), --page P (repeatable; default the five pages), --first-visit (no age-gate
 * confirmation stored, so the 18+ dialog shows as on a first visit; by default a returning
 * shopper is measured), --json FILE (writes the rows).
 *
 * Each run gets a fresh Chromium profile (cold cache). Before loading the page, the origin's local
 * storage is seeded on /robots.txt (no assets, so the cache stays cold): the age-gate confirmation
 * (`ageVerified`, an ISO time) and, for /cart and /checkout, one item in the cart (storage and cookie). Chromium is Debian's
 * (/usr/bin/chromium, or CHROMIUM_PATH), driven by the puppeteer-core that Lighthouse itself uses.
 * JavaScript bytes are every script the page fetched during the run as Lighthouse's network log has
 * them: transferred, the server's compression (brotli) and headers included — the count the budgets
 * use (docs/decisions/058, scripts/page-weight.mjs); each budgeted figure is printed beside its
 * target, met or MISSED.
 */
import { parseArgs } from "node:util";
import lighthouse from "lighthouse";
import puppeteer from "puppeteer-core";
import { budget, CART, PAGES, TARGETS as WEIGHT, WITH_ITEM } from "./page-weight.mjs";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    url: { type: "string" },
    baseline: { type: "string" },
    runs: { type: "string", default: "1" },
    page: { type: "string", multiple: true },
    "first-visit": { type: "boolean", default: false },
    json: { type: "string" },
  },
});

const trim = (url) => url?.replace(/\/$/, "");
/** This build, and the previous release to compare with (optional). */
const BASE = trim(values.url ?? positionals[0] ?? "http://localhost:3000");
const BASELINE = trim(values.baseline ?? positionals[1]);
const RUNS = Math.max(1, Number(values.runs) || 1);
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CHROMIUM_ARGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * Targets of issue 23: the four scores on every page (SEO not on /checkout, deliberately `noindex`),
 * JavaScript per page (every script requested during the run, gzip) and HTML per page (uncompressed),
 * both from scripts/page-weight.mjs.
 */
const TARGETS = { performance: 98, accessibility: 100, "best-practices": 100, seo: 100 };

async function serverAnswers(base) {
  try {
    return (await fetch(`${base}/robots.txt`)).ok;
  } catch {
    return false;
  }
}

async function seedStorage(page, base, path) {
  await page.goto(`${base}/robots.txt`);
  await page.evaluate(
    ({ ageVerified, cart }) => {
      if (ageVerified) localStorage.setItem("ageVerified", JSON.stringify(ageVerified));
      if (cart) localStorage.setItem("cart", JSON.stringify(cart));
      // The server renders the cart from its cookie (app/domain/cart-cookie.ts), written with the storage.
      if (cart) document.cookie = `cart=${encodeURIComponent(cart.map((l) => `${l.id}:${l.quantity}`).join(","))}; Path=/; SameSite=Lax`;
    },
    { ageVerified: values["first-visit"] ? null : new Date().toISOString(), cart: WITH_ITEM.has(path.replace(/^\/(fr|es)(?=\/|$)/, "")) ? CART : null },
  );
}

async function runOnce(base, path) {
  const browser = await puppeteer.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
  try {
    const page = await browser.newPage();
    await seedStorage(page, base, path);
    const result = await lighthouse(
      `${base}${path}`,
      {
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
        // Keeps the seeded storage; the profile is new, so the HTTP cache is cold anyway.
        disableStorageReset: true,
      },
      undefined,
      page,
    );
    const { lhr } = result;
    const metric = (id) => lhr.audits[id]?.numericValue ?? NaN;
    const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const requests = lhr.audits["network-requests"]?.details?.items ?? [];
    const scripts = requests.filter((r) => r.resourceType === "Script" && r.url.startsWith(base));
    const document = requests.find((r) => r.resourceType === "Document");
    // Audits that could not run and count in a score (Node 20 lacks what some unweighted "insights" need).
    const weighted = new Set(Object.values(lhr.categories).flatMap((c) => c.auditRefs.filter((ref) => ref.weight > 0).map((ref) => ref.id)));
    const errors = Object.values(lhr.audits)
      .filter((a) => a.errorMessage && weighted.has(a.id))
      .map((a) => `${a.id}: ${a.errorMessage}`);
    const consoleErrors = (lhr.audits["errors-in-console"]?.details?.items ?? []).map(
      (item) => `${item.source}: ${item.description} ${item.sourceLocation?.url ?? item.url ?? ""}`,
    );
    const issues = (lhr.audits["inspector-issues"]?.details?.items ?? []).flatMap((group) =>
      (group.subItems?.items ?? [{}]).map((sub) => `${group.issueType}: ${sub.url ?? JSON.stringify(sub).slice(0, 160)}`),
    );
    const failed = (id) =>
      Object.values(lhr.categories[id]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => ref.id);
    return {
      base,
      path,
      performance: score("performance"),
      accessibility: score("accessibility"),
      "best-practices": score("best-practices"),
      seo: score("seo"),
      lcpMs: metric("largest-contentful-paint"),
      tbtMs: metric("total-blocking-time"),
      cls: metric("cumulative-layout-shift"),
      fcpMs: metric("first-contentful-paint"),
      jsTransfer: scripts.reduce((sum, s) => sum + (s.transferSize ?? 0), 0),
      scriptFiles: scripts.map((s) => ({ url: new URL(s.url).pathname, transferSize: s.transferSize })),
      scripts: scripts.length,
      htmlBytes: document?.resourceSize ?? 0,
      htmlTransfer: document?.transferSize ?? 0,
      consoleErrors: [...consoleErrors, ...issues],
      notPassed: [...failed("accessibility"), ...failed("best-practices"), ...failed("seo")],
      runtimeError: lhr.runtimeError?.message ?? (errors.length > 0 ? errors.slice(0, 3).join("; ") : null),
    };
  } finally {
    await browser.close();
  }
}

const kb = (bytes) => (bytes / 1024).toFixed(1);
const mark = (ok) => (ok ? "met" : "MISSED");

/** Runs `path` RUNS times on each server, alternating which goes first; the median run of each. */
async function measure(path) {
  const servers = BASELINE ? [BASE, BASELINE] : [BASE];
  const runs = new Map(servers.map((base) => [base, []]));
  for (let i = 0; i < RUNS; i++) {
    for (const base of i % 2 === 0 ? servers : [...servers].reverse()) {
      let run = await runOnce(base, path);
      // A run Lighthouse could not measure (no paint seen on a starved CPU…) is tried once more.
      if (run.performance === 0) run = await runOnce(base, path);
      runs.get(base).push(run);
    }
  }
  return servers.map((base) => {
    const all = runs.get(base).sort((a, b) => a.performance - b.performance);
    return { ...all[Math.floor(all.length / 2)], scores: all.map((r) => r.performance) };
  });
}

async function main() {
  for (const base of [BASE, BASELINE].filter(Boolean)) {
    if (!(await serverAnswers(base))) {
      console.error(`npm run lighthouse: nothing answers at ${base}. Start the shop first (npm run build && npm start), or pass --url.`);
      process.exit(1);
    }
  }
  const rows = [];
  const baselineRows = [];
  for (const path of values.page ?? PAGES) {
    const [row, before] = await measure(path);
    rows.push(row);
    if (before) baselineRows.push(before);
    process.stderr.write(`${path}: performance ${row.scores.join(", ")}${before ? ` (previous release: ${before.scores.join(", ")})` : ""}\n`);
  }

  console.log(
    `\nLighthouse ${(await import("lighthouse/package.json", { with: { type: "json" } })).default.version} mobile, ${BASE}${BASELINE ? ` against ${BASELINE} (previous release), measured alternately` : ""}, ${new Date().toISOString()}, ${RUNS} run(s) per page and server (median by performance)${values["first-visit"] ? ", first visit (age gate shown)" : ""}\n`,
  );
  const columns = (r) => ({
    perf: r.performance,
    "LCP ms": Math.round(r.lcpMs),
    "TBT ms": Math.round(r.tbtMs),
    CLS: Number(r.cls.toFixed(3)),
    "JS KB": kb(r.jsTransfer),
    "HTML KB": kb(r.htmlBytes),
  });
  if (BASELINE) {
    // Side by side: "this build / previous release" in every cell.
    console.table(
      rows.map((r, i) => {
        const now = columns(r);
        const before = columns(baselineRows[i]);
        return {
          page: r.path,
          ...Object.fromEntries(Object.keys(now).map((key) => [key, `${now[key]} / ${before[key]}`])),
          runs: `${r.scores.join(",")} / ${baselineRows[i].scores.join(",")}`,
        };
      }),
    );
    console.log("Cells: this build / previous release. JS: every script, as transferred (brotli, headers included).");
  } else {
    console.table(rows.map((r) => ({ page: r.path, ...columns(r), a11y: r.accessibility, "best pr.": r["best-practices"], seo: r.seo })));
  }
  console.log(`Targets (issues 23 and 34), ${BASE}:`);
  console.table(
    rows.map((r) => ({
      page: r.path,
      [`perf ≥ ${TARGETS.performance}`]: `${r.performance} ${mark(r.performance >= TARGETS.performance)}`,
      "a11y 100": `${r.accessibility} ${mark(r.accessibility >= TARGETS.accessibility)}`,
      "best pr. 100": `${r["best-practices"]} ${mark(r["best-practices"] >= TARGETS["best-practices"])}`,
      "seo 100": r.path === "/checkout" ? `${r.seo} (noindex)` : `${r.seo} ${mark(r.seo >= TARGETS.seo)}`,
      "JS KB as served": `${kb(r.jsTransfer)} ${budget(r.jsTransfer, WEIGHT.jsKb[r.path])}`,
      "HTML KB": `${kb(r.htmlBytes)} ${budget(r.htmlBytes, WEIGHT.htmlKb[r.path])}`,
    })),
  );
  for (const r of [...rows, ...baselineRows]) {
    const who = r.base === BASE ? r.path : `${r.path} (previous release)`;
    if (r.notPassed.length > 0) console.log(`${who}: audits not passed: ${r.notPassed.join(", ")}`);
    for (const e of r.consoleErrors) console.log(`${who}: console: ${e}`);
    if (r.runtimeError) console.log(`${who}: Lighthouse error: ${r.runtimeError}`);
  }
  if (values.json) {
    const { writeFile } = await import("node:fs/promises");
    await writeFile(values.json, JSON.stringify({ build: rows, previous: baselineRows }, null, 2));
  }
}

await main();
