/**
 * npm run bench — how fast the shop answers, on this machine, against issue 23's targets:
 *   pages: autocannon (10 connections) on /, /product/1 and /fr/triggers against the production
 *          build (`npm run build` first; BUILD_DIR honoured) started as its own process, with the
 *          render cache off (every page rendered) and on, on PGlite and on PostgreSQL
 *          (TEST_DATABASE_URL, else the local test server; a fresh database, dropped afterwards).
 *          Each page run is preceded by a /robots.txt run on the same server, and pages are judged
 *          by their share of it: on a machine shared with other work, absolute req/s are floors, the
 *          ratio of two interleaved runs is what the code decides. The server's peak RSS during the
 *          runs, and its peak while it starts on a fresh embedded database (initdb, migrations, seed).
 *   orders: createOrder from concurrent callers, in-process, on both databases.
 *   --profile: also records a CPU profile (`node --cpu-prof`) of the product page rendered without
 *          the render cache on PGlite, and prints where the time went (scripts/profile-summary.ts);
 *          `--profile-page order-status` or `--profile-page /cart` profiles that page instead (a fresh
 *          order's status page; the cart with the three-item cookie).
 *
 *   campaigns: a campaign to 20,000 confirmed subscribers on the embedded database (issue 30): the time
 *          to queue them, then the production server sending at --campaign-rate mails/s (default 50)
 *          to a fake SMTP server in this process — its RSS growth, the pace measured at the SMTP
 *          server, and the cached product page's req/s during the send against the same server idle.
 *
 *   video: peak RSS of the upload pipeline and its ffmpeg children while the owner uploads an 8K and
 *          a 4K video (scripts/bench-video.ts, its own process; issue 27's target ≤ 512 MB).
 *
 *   views: the cost of counting one storefront page view (issue 31, docs/decisions/051), timed in
 *          process, as a share of the cached product page's CPU time per request (target ≤ 3 %).
 *
 *   npm run bench -- --seconds 5 --connections 10 --only pages|orders|profile|campaigns|video|views [--profile]
 */
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { createServer } from "vite";
import type { OrderBenchResult } from "./bench-orders";
import { formatSummary, summariseProfile, type CpuProfile } from "./profile-summary";

// The app's modules use Vite features (import.meta.glob for the translations): load them through
// Vite, as the dev server and the integration tests do.
const vite = await createServer({ appType: "custom", logLevel: "error", server: { middlewareMode: true, hmr: false, ws: false } });
const { benchOrders, percentile, postgresReachable, withFreshPostgres } = (await vite.ssrLoadModule(
  "/scripts/bench-orders.ts",
)) as typeof import("./bench-orders");
const { openDatabase } = (await vite.ssrLoadModule("/app/server/platform/db.server.ts")) as typeof import("../app/server/platform/db.server");

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "5" },
    connections: { type: "string", default: "10" },
    concurrency: { type: "string", default: "16" },
    only: { type: "string" },
    profile: { type: "boolean", default: false },
    "profile-page": { type: "string", default: "/product/1" },
    "campaign-rate": { type: "string", default: "50" },
  },
});
const SECONDS = Number(values.seconds);
const CONNECTIONS = Number(values.connections);
const PG_URL = process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/test";
const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const PAGES = ["/", "/product/1", "/fr/triggers"];
/**
 * Issue 34: pages no cache can share, rendered on every request — the cart from a three-line cart
 * cookie (app/domain/cart-cookie.ts) and a real order's status page (created when the server starts).
 * Measured on the server without the render cache only: they never go through it.
 */
const CART_COOKIE = "cart=1:1,2:2,4:1";
const PER_REQUEST_PAGES = ["/cart", "order-status"] as const;
/** The yardstick: the same server answering a tiny route through the same middleware. */
const BASELINE = "/robots.txt";
const PORT = Number(process.env.BENCH_PORT ?? 4700);

/** Issue 23: shares of /robots.txt on the same server, p99, RSS (embedded database) and orders/s. */
const TARGETS = {
  uncachedProduct: { share: 0.35, p99: 40 },
  /** Issue 34: /cart with a three-item cookie and an order-status page, rendered per request. */
  perRequest: { share: 0.35, p99: 40 },
  cached: { share: 0.9 },
  ordersPostgres: 300,
  benchRssMb: 256,
  firstStartPeakMb: 512,
  /** Issue 31: counting a page view adds at most this share to the cached product page's CPU time. */
  viewCountingShare: 0.03,
  /** Issue 34: nothing of the round's features (campaign sending, view counting, push) costs the cached product page more. */
  featureCostShare: 0.03,
};

/**
 * Microseconds of CPU to count one product page view as the request pipeline does (the Map
 * increment and the reductions; the batched write every 10 s is spread over thousands of views and
 * left out). Timed in this process, with a counter that is never flushed.
 */
async function viewCountingMicros(): Promise<number> {
  const { createViewCounter } = (await vite.ssrLoadModule(
    "/app/server/analytics/page-views.server.ts",
  )) as typeof import("../app/server/analytics/page-views.server");
  const counter = createViewCounter(null as never, "shop.example");
  const request = {
    method: "GET",
    pathname: "/fr/product/1",
    status: 200,
    userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
    referer: "https://www.google.com/",
    cookie: "currency=%7B%7D",
    purpose: undefined,
    country: "FR",
  };
  const now = new Date();
  for (let i = 0; i < 20_000; i++) counter.count(request, now); // warm-up
  const runs = 200_000;
  const started = process.cpuUsage();
  for (let i = 0; i < runs; i++) counter.count(request, now);
  const used = process.cpuUsage(started);
  return (used.user + used.system) / runs;
}

interface PageResult {
  database: string;
  cache: "off" | "on";
  path: string;
  rps: number;
  /** req/s of /robots.txt measured just before, on the same server. */
  baselineRps: number;
  /** The server process's CPU time (user + system) per request: a cost other work on the machine barely moves. */
  cpuMs: number;
  baselineCpuMs: number;
  p50: number;
  p99: number;
  errors: number;
  rssMb: number;
}

function rssMb(pid: number, field: "VmRSS" | "VmHWM" = "VmRSS"): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, "utf8").match(new RegExp(`${field}:\\s+(\\d+) kB`));
    return line ? Number(line[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/**
 * Node's flags from `npm start` (the heap limit), so the server runs as it does in production. The
 * bench runs the shop process itself, without the supervisor that `npm start` puts in front of it.
 */
const START_FLAGS =
  (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: { start: string } }).scripts.start
    .match(/node (.*?)\s*server\/(?:start|supervise)\.js/)?.[1]
    .split(/\s+/)
    .filter(Boolean) ?? [];

/**
 * A child process (output ignored, errors shown) waited for until `ready` answers true, within 60 s;
 * stop() ends it with SIGTERM and resolves when it has exited.
 */
async function startChild(what: string, command: string, args: string[], env: NodeJS.ProcessEnv | undefined, ready: () => Promise<boolean>) {
  const child = spawn(command, args, { env, stdio: ["ignore", "ignore", "inherit"] });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the ${what} exited with ${child.exitCode}`);
    // A refused connection: not listening yet.
    if (await ready().catch(() => false)) break;
    if (Date.now() > deadline) throw new Error(`the ${what} did not become ready in 60 s`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const stop = () =>
    new Promise<void>((resolve) => {
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  return { child, stop };
}

async function startServer(env: Record<string, string>, nodeArgs: string[] = []): Promise<{ child: ChildProcess; startPeakMb: number; stop(): Promise<void> }> {
  const { child, stop } = await startChild(
    "server",
    "node",
    [...START_FLAGS, ...nodeArgs, "server/start.js"],
    { ...process.env, NODE_ENV: "production", PORT: String(PORT), LOG_LEVEL: "info", ...env },
    async () => (await fetch(`http://127.0.0.1:${PORT}/readyz`)).ok,
  );
  // The kernel's high-water mark of the process's resident set, up to readiness.
  return { child, startPeakMb: rssMb(child.pid!, "VmHWM"), stop };
}

/** User + system CPU time of a process so far, in ms (/proc/PID/stat, clock ticks of 10 ms). */
function cpuTimeMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

async function measure(
  pagePath: string,
  pid: number,
  headers: Record<string, string> = {},
): Promise<Omit<PageResult, "database" | "cache" | "path" | "baselineRps" | "baselineCpuMs">> {
  // Warm-up: the first renders compile and fill caches.
  await autocannon({ url: `http://127.0.0.1:${PORT}${pagePath}`, connections: 2, amount: 50, headers });
  let peak = rssMb(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 200);
  const cpuBefore = cpuTimeMs(pid);
  const result = await autocannon({ url: `http://127.0.0.1:${PORT}${pagePath}`, connections: CONNECTIONS, duration: SECONDS, headers });
  const cpuMs = (cpuTimeMs(pid) - cpuBefore) / Math.max(1, result.requests.total);
  clearInterval(sampler);
  return {
    rps: result.requests.average,
    cpuMs,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    rssMb: Math.max(peak, rssMb(pid)),
  };
}

/** Peak RSS while a server started on a fresh database, per database. */
const startPeaks = new Map<string, number>();

/** A real order placed through the running server (POST /api/orders): its status page's path, with its key. */
async function placeOrder(): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${PORT}/api/orders`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      details: { EMAIL: "bench@example.com", FNAME: "Robin", USERNAME: "robin#1", VUUSER: "RobinGame" },
      lines: [
        { id: "1", quantity: 1 },
        { id: "2", quantity: 2 },
      ],
      lang: "en",
    }),
  });
  if (response.status !== 201) throw new Error(`placing the bench's order: HTTP ${response.status}`);
  return ((await response.json()) as { order: { statusPath: string } }).order.statusPath;
}

async function benchPages(database: string, env: Record<string, string>): Promise<PageResult[]> {
  const results: PageResult[] = [];
  for (const cache of ["off", "on"] as const) {
    const server = await startServer({ ...env, RENDER_CACHE_SECONDS: cache === "on" ? "600" : "0" });
    // The first server of a database creates it (for PGlite: initdb in WebAssembly).
    if (!startPeaks.has(database)) startPeaks.set(database, server.startPeakMb);
    try {
      const pages: { path: string; label: string; headers?: Record<string, string> }[] = PAGES.map((p) => ({ path: p, label: p }));
      if (cache === "off") {
        const orderPath = await placeOrder();
        for (const page of PER_REQUEST_PAGES)
          pages.push(page === "/cart" ? { path: "/cart", label: "/cart", headers: { cookie: CART_COOKIE } } : { path: orderPath, label: "order-status" });
      }
      for (const { path: pagePath, label, headers } of pages) {
        // Interleaved: the yardstick right before each page, so both see the same machine.
        const baseline = await measure(BASELINE, server.child.pid!);
        const measured = await measure(pagePath, server.child.pid!, headers);
        results.push({
          database,
          cache,
          path: label,
          baselineRps: baseline.rps,
          baselineCpuMs: baseline.cpuMs,
          ...measured,
          rssMb: Math.max(baseline.rssMb, measured.rssMb),
        });
        console.log(
          `${database.padEnd(9)} cache ${cache.padEnd(3)} ${label.padEnd(14)} ${measured.rps.toFixed(0).padStart(6)} req/s (${(measured.rps / baseline.rps).toFixed(2)} of ${BASELINE}: ${baseline.rps.toFixed(0)})  CPU ${measured.cpuMs.toFixed(2)} ms/req (${BASELINE} ${baseline.cpuMs.toFixed(2)})  p50 ${measured.p50} ms  p99 ${measured.p99} ms  errors ${measured.errors}  RSS ${measured.rssMb.toFixed(0)} MB`,
        );
      }
    } finally {
      await server.stop();
    }
  }
  return results;
}

/** An uncached page (the product page unless --profile-page) under load with `--cpu-prof`: the summary of the load's samples only. */
async function profilePage(page: string): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), "ts-profile-"));
  try {
    const server = await startServer({ DATA_DIR: path.join(dir, "data"), RENDER_CACHE_SECONDS: "0" }, ["--cpu-prof", `--cpu-prof-dir=${dir}`]);
    try {
      if (page === "order-status") await measure(await placeOrder(), server.child.pid!);
      else await measure(page, server.child.pid!, page === "/cart" ? { cookie: CART_COOKIE } : {});
    } finally {
      await server.stop(); // the profile is written as the process exits
    }
    const file = readdirSync(dir).find((name) => name.endsWith(".cpuprofile"));
    if (!file) throw new Error("the server wrote no CPU profile");
    const profile = JSON.parse(readFileSync(path.join(dir, file), "utf8")) as CpuProfile;
    // The load was the last SECONDS of the process's life: start-up and warm-up are left out.
    const end = profile.startTime + profile.timeDeltas.reduce((sum, d) => sum + d, 0);
    return formatSummary(summariseProfile(profile, end - SECONDS * 1_000_000));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const verdict = (met: boolean) => (met ? "met" : "MISSED");

/** Issue 30's numbers for a campaign to 20,000 subscribers on the embedded database. */
const CAMPAIGN_TARGETS = { subscribers: 20_000, queuedSeconds: 10, rssGrowthMb: 50, paceTolerance: 0.1, cachedShare: 0.9 };

interface CampaignBench {
  queuedSeconds: number;
  rate: number;
  measuredRate: number;
  /** Mails/s while autocannon loads the product page, and in the quiet seconds after. */
  underLoadRate: number;
  afterLoadRate: number;
  rssStartMb: number;
  rssPeakMb: number;
  idleRps: number;
  sendingRps: number;
}

/**
 * The SMTP sink in a process of its own: in this one it would answer the shop only when autocannon
 * (same event loop, every core busy) lets it, and the pace measured would be the sink's.
 */
async function startMailSink(): Promise<{ smtpUrl: string; count(): Promise<number>; close(): Promise<void> }> {
  const [smtpPort, httpPort] = [PORT + 1, PORT + 2];
  const count = async () => ((await (await fetch(`http://127.0.0.1:${httpPort}/messages/count`)).json()) as { count: number }).count;
  const { stop } = await startChild(
    "mail sink",
    "node_modules/.bin/tsx",
    ["tests/mocks/mail-fake-main.ts", String(smtpPort), String(httpPort), "--quiet"],
    undefined,
    async () => (await count()) >= 0,
  );
  return { smtpUrl: `smtp://127.0.0.1:${smtpPort}`, count, close: stop };
}

async function benchCampaigns(rate: number): Promise<CampaignBench> {
  if (!existsSync(path.join(BUILD_DIR, "server", "index.js"))) throw new Error(`No production build in ${BUILD_DIR}/: run npm run build first`);
  const { seedDatabase } = (await vite.ssrLoadModule("/app/server/catalogue/seed.server.ts")) as typeof import("../app/server/catalogue/seed.server");
  const campaignsModule = (await vite.ssrLoadModule("/app/server/campaigns/campaigns.server.ts")) as typeof import("../app/server/campaigns/campaigns.server");
  const { newsletterSubscribers } = (await vite.ssrLoadModule("/db/schema.ts")) as typeof import("../db/schema");
  const fake = await startMailSink();
  const dir = mkdtempSync(path.join(tmpdir(), "ts-bench-campaign-"));
  const env = { DATA_DIR: dir, RENDER_CACHE_SECONDS: "600", SMTP_URL: `${fake.smtpUrl}?pool=true`, CAMPAIGN_MAILS_PER_SECOND: String(rate) };
  try {
    // The subscribers, written before the server owns the embedded database.
    let database = await openDatabase({ dataDir: dir });
    await seedDatabase(database.db);
    const now = new Date();
    for (let i = 0; i < CAMPAIGN_TARGETS.subscribers; i += 1000) {
      await database.db.insert(newsletterSubscribers).values(
        Array.from({ length: Math.min(1000, CAMPAIGN_TARGETS.subscribers - i) }, (_, j) => ({
          email: `bench${String(i + j).padStart(6, "0")}@example.com`,
          lang: (["en", "fr", "es"] as const)[(i + j) % 3],
          status: "confirmed" as const,
          nonce: `n${String(i + j).padStart(21, "0")}`,
          createdAt: now,
        })),
      );
    }
    await database.close();

    // Idle: the cached product page on a server with nothing to send.
    let server = await startServer(env);
    const idle = await measure("/product/1", server.child.pid!);
    await server.stop();

    // Queue: the campaign starts (every recipient queued in one statement).
    database = await openDatabase({ dataDir: dir });
    const system = { id: null, actor: "system" };
    const id = await campaignsModule.createCampaign(
      database.db,
      { subject: { en: "Bench", fr: "Banc", es: "Banco" }, body: { en: "Hello", fr: "Bonjour", es: "Hola" }, productIds: ["1", "2"] },
      system,
      new Date(),
    );
    const queueStart = performance.now();
    const started = await campaignsModule.startCampaign(database.db, id, system, new Date());
    const queuedSeconds = (performance.now() - queueStart) / 1000;
    if (!started.ok || started.recipients !== CAMPAIGN_TARGETS.subscribers) throw new Error(`queued ${JSON.stringify(started)}`);
    await database.close();

    // Sending: the same server again, with the campaign under way.
    server = await startServer(env);
    const pid = server.child.pid!;
    await new Promise((r) => setTimeout(r, 3000)); // the pace settles
    const rssStartMb = rssMb(pid);
    let rssPeakMb = rssStartMb;
    const sampler = setInterval(() => (rssPeakMb = Math.max(rssPeakMb, rssMb(pid))), 200);
    const mailsBefore = await fake.count();
    const windowStart = performance.now();
    const sending = await measure("/product/1", pid);
    // The pace is also read apart under the page load and after it: on a saturated 2-core machine
    // the sender (one mail at a time) can fall behind while every core serves pages.
    const loadEnd = performance.now();
    const mailsAtLoadEnd = await fake.count();
    await new Promise((r) => setTimeout(r, Math.max(10_000, 20_000 - (loadEnd - windowStart))));
    const mailsAtEnd = await fake.count();
    const end = performance.now();
    const measuredRate = (mailsAtEnd - mailsBefore) / ((end - windowStart) / 1000);
    const underLoadRate = (mailsAtLoadEnd - mailsBefore) / ((loadEnd - windowStart) / 1000);
    const afterLoadRate = (mailsAtEnd - mailsAtLoadEnd) / ((end - loadEnd) / 1000);
    clearInterval(sampler);
    await server.stop();
    return { queuedSeconds, rate, measuredRate, underLoadRate, afterLoadRate, rssStartMb, rssPeakMb, idleRps: idle.rps, sendingRps: sending.rps };
  } finally {
    await fake.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const only = values.only;
  const pageResults: PageResult[] = [];
  const orderResults: OrderBenchResult[] = [];
  const pgUp = await postgresReachable(PG_URL);
  if (!pgUp) console.log(`PostgreSQL skipped: nothing answers at ${PG_URL.replace(/\/\/[^@]*@/, "//")}`);

  if (only === undefined || only === "pages") {
    if (!existsSync(path.join(BUILD_DIR, "server", "index.js"))) throw new Error(`No production build in ${BUILD_DIR}/: run npm run build first`);
    const dataDir = mkdtempSync(path.join(tmpdir(), "ts-bench-"));
    try {
      pageResults.push(...(await benchPages("pglite", { DATA_DIR: dataDir })));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    if (pgUp)
      await withFreshPostgres(
        PG_URL,
        async (url) =>
          void pageResults.push(...(await benchPages("postgres", { DATABASE_URL: url, SESSION_SECRET: "bench-secret-bench-secret-bench-secret-0" }))),
      );
  }
  if (only === undefined || only === "orders") {
    const options = { seconds: SECONDS, concurrency: Number(values.concurrency) };
    const pglite = await openDatabase({ dataDir: "memory://" });
    try {
      orderResults.push(await benchOrders("pglite", pglite, options));
    } finally {
      await pglite.close();
    }
    if (pgUp) {
      await withFreshPostgres(PG_URL, async (url) => {
        const postgres = await openDatabase({ databaseUrl: url, dataDir: "unused" });
        try {
          orderResults.push(await benchOrders("postgres", postgres, options));
        } finally {
          await postgres.close();
        }
      });
    }
  }

  let campaign: CampaignBench | null = null;
  if (only === undefined || only === "campaigns") campaign = await benchCampaigns(Number(values["campaign-rate"]));
  if (only === undefined || only === "video") {
    // Its own process: the figure is the pipeline's and its children's, not this bench's (Vite, autocannon).
    const child = spawn(path.join("node_modules", ".bin", "tsx"), ["scripts/bench-video.ts"], { stdio: "inherit" });
    const [code] = (await once(child, "exit")) as [number | null];
    if (code !== 0) console.log(`video bench failed (exit ${code})`);
  }

  let profileSummary: string | null = null;
  if (values.profile || only === "profile") {
    if (!existsSync(path.join(BUILD_DIR, "server", "index.js"))) throw new Error(`No production build in ${BUILD_DIR}/: run npm run build first`);
    profileSummary = await profilePage(values["profile-page"]);
  }

  if (profileSummary) console.log(`\n${profileSummary}`);
  if (pageResults.length)
    console.log(
      `\n| database | render cache | page | req/s | ${BASELINE} req/s | share | CPU ms/req | ${BASELINE} CPU ms/req | CPU share | p50 | p99 | errors | peak RSS |\n| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |`,
    );
  for (const r of pageResults)
    console.log(
      `| ${r.database} | ${r.cache} | \`${r.path}\` | ${r.rps.toFixed(0)} | ${r.baselineRps.toFixed(0)} | ${(r.rps / r.baselineRps).toFixed(2)} | ${r.cpuMs.toFixed(2)} | ${r.baselineCpuMs.toFixed(2)} | ${(r.baselineCpuMs / r.cpuMs).toFixed(2)} | ${r.p50} ms | ${r.p99} ms | ${r.errors} | ${r.rssMb.toFixed(0)} MB |`,
    );
  if (orderResults.length) {
    console.log(`\n| database | orders/s | p50 | p99 | failures |\n| --- | --- | --- | --- | --- |`);
    for (const r of orderResults) {
      console.log(
        `| ${r.name} | ${(r.orders / r.seconds).toFixed(0)} | ${percentile(r.latenciesMs, 50).toFixed(1)} ms | ${percentile(r.latenciesMs, 99).toFixed(1)} ms | ${r.failures} |`,
      );
    }
  }

  if (campaign) {
    const c = campaign;
    const growth = c.rssPeakMb - c.rssStartMb;
    const paceOff = Math.abs(c.measuredRate - c.rate) / c.rate;
    const share = c.sendingRps / c.idleRps;
    console.log(`\nCampaign to ${CAMPAIGN_TARGETS.subscribers} confirmed subscribers, embedded database (issue 30):`);
    console.log(
      `  queued ≤ ${CAMPAIGN_TARGETS.queuedSeconds} s: ${c.queuedSeconds.toFixed(2)} s — ${verdict(c.queuedSeconds <= CAMPAIGN_TARGETS.queuedSeconds)}`,
    );
    console.log(
      `  RSS growth while sending ≤ ${CAMPAIGN_TARGETS.rssGrowthMb} MB: ${growth.toFixed(0)} MB (${c.rssStartMb.toFixed(0)} → ${c.rssPeakMb.toFixed(0)} MB) — ${verdict(growth <= CAMPAIGN_TARGETS.rssGrowthMb)}`,
    );
    console.log(
      `  pace ${c.rate}/s ± ${CAMPAIGN_TARGETS.paceTolerance * 100} %: ${c.measuredRate.toFixed(1)}/s at the SMTP server (${(paceOff * 100).toFixed(1)} % off; ${c.underLoadRate.toFixed(1)}/s under the page load, ${c.afterLoadRate.toFixed(1)}/s after it) — ${verdict(paceOff <= CAMPAIGN_TARGETS.paceTolerance)}`,
    );
    console.log(
      `  cached /product/1 during the send within 10 % of idle: ${c.sendingRps.toFixed(0)} vs ${c.idleRps.toFixed(0)} req/s (${share.toFixed(2)}) — ${verdict(share >= CAMPAIGN_TARGETS.cachedShare)}`,
    );
    // Issue 34: this round's features cost the cached product page at most 3 %.
    console.log(
      `  campaign sending costs the cached /product/1 ≤ ${TARGETS.featureCostShare * 100} % of its req/s (a floor on a shared machine): ${((1 - share) * 100).toFixed(1)} % — ${verdict(1 - share <= TARGETS.featureCostShare)}`,
    );
  }

  console.log("\nTargets (issue 23; shares are of /robots.txt measured just before on the same server):");
  for (const database of new Set(pageResults.map((r) => r.database))) {
    const uncached = pageResults.find((r) => r.database === database && r.cache === "off" && r.path === "/product/1");
    const cached = pageResults.filter((r) => r.database === database && r.cache === "on");
    const peak = Math.max(...pageResults.filter((r) => r.database === database).map((r) => r.rssMb));
    if (uncached) {
      const share = uncached.rps / uncached.baselineRps;
      console.log(
        `  ${database}: product page uncached ≥ ${TARGETS.uncachedProduct.share} of ${BASELINE}, p99 ≤ ${TARGETS.uncachedProduct.p99} ms: ${share.toFixed(2)} (${uncached.rps.toFixed(0)}/${uncached.baselineRps.toFixed(0)} req/s), p99 ${uncached.p99} ms — ${verdict(share >= TARGETS.uncachedProduct.share && uncached.p99 <= TARGETS.uncachedProduct.p99)}; by CPU time per request (load-independent): ${(uncached.baselineCpuMs / uncached.cpuMs).toFixed(2)} (${uncached.cpuMs.toFixed(2)} vs ${uncached.baselineCpuMs.toFixed(2)} ms)`,
      );
    }
    // Pages no cache can share (issue 34): each beside the uncached product page's target.
    for (const r of pageResults.filter((x) => x.database === database && (PER_REQUEST_PAGES as readonly string[]).includes(x.path))) {
      const share = r.rps / r.baselineRps;
      console.log(
        `  ${database}: ${r.path === "/cart" ? "/cart (three-item cookie)" : "order-status page"} ≥ ${TARGETS.perRequest.share} of ${BASELINE}, p99 ≤ ${TARGETS.perRequest.p99} ms: ${share.toFixed(2)} (${r.rps.toFixed(0)}/${r.baselineRps.toFixed(0)} req/s), p99 ${r.p99} ms at ${CONNECTIONS} connections — ${verdict(share >= TARGETS.perRequest.share && r.p99 <= TARGETS.perRequest.p99)}; by CPU time per request: ${(r.baselineCpuMs / r.cpuMs).toFixed(2)} (${r.cpuMs.toFixed(2)} vs ${r.baselineCpuMs.toFixed(2)} ms)`,
      );
    }
    for (const r of cached) {
      const share = r.rps / r.baselineRps;
      console.log(
        `  ${database}: ${r.path} from the render cache ≥ ${TARGETS.cached.share} of ${BASELINE}: ${share.toFixed(2)} (${r.rps.toFixed(0)}/${r.baselineRps.toFixed(0)} req/s) — ${verdict(share >= TARGETS.cached.share)}; by CPU time per request: ${(r.baselineCpuMs / r.cpuMs).toFixed(2)}`,
      );
    }
    if (database === "pglite") {
      console.log(`  ${database}: RSS ≤ ${TARGETS.benchRssMb} MB during the bench: ${peak.toFixed(0)} MB — ${verdict(peak <= TARGETS.benchRssMb)}`);
      const start = startPeaks.get(database) ?? NaN;
      console.log(
        `  ${database}: peak RSS ≤ ${TARGETS.firstStartPeakMb} MB on first start (database created): ${start.toFixed(0)} MB — ${verdict(start <= TARGETS.firstStartPeakMb)}`,
      );
    } else console.log(`  ${database}: RSS during the bench ${peak.toFixed(0)} MB (no target)`);
  }
  if (only === undefined || only === "pages" || only === "views") {
    // Issue 34: push notifications (docs/decisions/053) are sent from order events and a 10-minute
    // job: nothing runs per storefront request, so they cost the cached product page nothing.
    console.log("  push notifications: no per-request work on storefront pages (order events and a 10-minute job) — 0 % of the cached product page");
    const micros = await viewCountingMicros();
    const cachedProduct = pageResults.find((r) => r.database === "pglite" && r.cache === "on" && r.path === "/product/1");
    if (cachedProduct) {
      const share = micros / 1000 / cachedProduct.cpuMs;
      console.log(
        `  counting a page view ≤ ${TARGETS.viewCountingShare * 100} % of the cached product page's CPU time per request: ${micros.toFixed(2)} µs of ${(cachedProduct.cpuMs * 1000).toFixed(0)} µs = ${(share * 100).toFixed(2)} % — ${verdict(share <= TARGETS.viewCountingShare)}`,
      );
    } else
      console.log(
        `  counting a page view: ${micros.toFixed(2)} µs of CPU (target: ≤ ${TARGETS.viewCountingShare * 100} % of the cached product page's CPU time per request; run --only pages to compare)`,
      );
  }
  const pgOrders = orderResults.find((r) => r.name === "postgres");
  if (pgOrders)
    console.log(
      `  orders on PostgreSQL ≥ ${TARGETS.ordersPostgres}/s: ${(pgOrders.orders / pgOrders.seconds).toFixed(0)} — ${verdict(pgOrders.orders / pgOrders.seconds >= TARGETS.ordersPostgres)}`,
    );
}

main()
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  })
  .finally(() => void vite.close());
