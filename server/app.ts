import { randomBytes, randomUUID } from "node:crypto";
import { createRequestHandler } from "@react-router/express";
import { sql } from "drizzle-orm";
import express from "express";
import helmet from "helmet";
import { pino } from "pino";
import { pinoHttp } from "pino-http";
import type { ServerBuild } from "react-router";
import { openDatabase, type Database } from "../app/server/platform/db.server";
import { parseEnv, type Env } from "../app/server/platform/env.server";
import { jobLock, startJobs } from "../app/server/platform/jobs.server";
import { serverJobs } from "../app/server/jobs.server";
import { setRateLimitScale } from "../app/server/platform/rate-limit.server";
import { catalogueChangesHeard, onCatalogueChange } from "../app/server/catalogue/cache.server";
import { sharedPageVariant } from "../app/server/catalogue/storefront.server";
import { createRenderCache, type RenderCache } from "./render-cache";
import { countViews } from "./page-views";
import { createViewCounter, type ViewCounter } from "../app/server/analytics/page-views.server";
import { consoleRoutePath } from "../app/domain/seller-access";
import { consoleWriteAllowed } from "../app/server/seller-auth/guard.server";
import { createServices, type Services } from "../app/server/services.server";
import { bodyLimit, shopBodyLimits } from "./body-limit";
import { MAX_DELIVERY_PROOFS } from "../app/domain/delivery-proofs";
import { consoleSessionGuard, sameOriginGuard, wellFormedRequestGuard } from "./guards";
import { MEDIA_ROUTE, serveMedia } from "./media-route";

/** The console's campaign preview path (framed by the campaign page; its own headers below). */
const CAMPAIGN_PREVIEW = /^\/admin\/campaigns\/\d+\/preview$/;
import { seedCouponsFromFile, seedDatabase } from "../app/server/catalogue/seed.server";
import { seedProductMediaRows } from "../app/server/catalogue/product-media-seed.server";
import { claimEmbeddedDataDir, movePublicBackups, shopBackups } from "../app/server/backup/shop.server";
import { createShopMetrics, type ShopMetrics } from "../app/server/metrics/metrics.server";
import { routeLabeler } from "../app/server/metrics/route-label.server";
import { metricsEndpoint, requestMetrics } from "./metrics";
import { pageLog } from "./page-log";
import { safeErrorSerializer } from "../app/server/platform/safe-error.server";

export { EnvError } from "../app/server/platform/env.server";

export interface Shop {
  app: express.Express;
  env: Env;
  database: Database;
  /** What loaders, actions and jobs are handed (docs/decisions/027). */
  services: Services;
  /** The storefront's page view counter (docs/decisions/051): tests flush it. */
  views: ViewCounter;
  close(): Promise<void>;
}

function originOf(url: string): string {
  return new URL(url).origin;
}

const READY_TIMEOUT_MS = 2000;
/** How often counted page views are written (docs/decisions/051). */
const VIEW_FLUSH_MS = 10_000;

async function databaseReachable(database: Database): Promise<boolean> {
  const timeout = new Promise<false>((resolve) => setTimeout(() => resolve(false), READY_TIMEOUT_MS).unref());
  const query = database.db.execute(sql`select 1`).then(
    () => true as const,
    () => false as const,
  );
  return Promise.race([query, timeout]);
}

/** Whole pages rendered once per key and TTL; dropped whenever the catalogue changes (server/render-cache.ts). */
function sharedPageCache({ env, db, now }: Services, metrics: ShopMetrics | null): RenderCache | null {
  const seconds = env.RENDER_CACHE_SECONDS ?? (env.NODE_ENV === "development" ? 0 : 60);
  if (seconds === 0) return null;
  const cache = createRenderCache({
    ttlMs: seconds * 1000,
    maxBytes: 64 * 1024 * 1024,
    keyOf: (req) => (req.path.startsWith("/api/") ? null : `${sharedPageVariant(req.path, (name) => req.get(name) ?? null, env, now())}|${req.originalUrl}`),
    trusted: () => catalogueChangesHeard(db),
    onLookup: metrics ? (hit) => metrics.renderCacheLookup(hit) : undefined,
  });
  onCatalogueChange(() => cache.clear(), db);
  return cache;
}

/** Parses the environment, opens and migrates the database, seeds it, and builds the Express app. */
export async function createShop(build: ServerBuild | (() => Promise<ServerBuild>)): Promise<Shop> {
  const env = parseEnv();
  // The embedded database is one process's: its folder's socket keeps others out and serves `npm run backup`.
  const dataDirClaim = await claimEmbeddedDataDir(env);
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  // Built once, handed to every loader, action and job (docs/decisions/027).
  const services = createServices(env, database);
  await seedDatabase(database.db);
  setRateLimitScale(env.RATE_LIMIT_SCALE);
  if (env.SEED_COUPONS_FILE) await seedCouponsFromFile(database.db, env.SEED_COUPONS_FILE);
  await seedProductMediaRows(database.db, services.media); // the drawings become media rows, once (docs/decisions/030)

  // With LOG_FILE, lines go through process.stdout, which server/start.js also copies to the file.
  // Errors are logged with the database's cause and never a query's parameters (docs/decisions/040).
  const loggerOptions = { level: env.LOG_LEVEL, serializers: { err: safeErrorSerializer } };
  const logger = env.LOG_FILE ? pino(loggerOptions, process.stdout) : pino(loggerOptions);
  if (!env.SMTP_URL) logger.warn("SMTP_URL is not set: emails wait in the email_outbox table until it is (README, Emails)");
  else if (env.NODE_ENV === "production" && !env.DKIM_DOMAIN)
    logger.warn("DKIM_DOMAIN is not set: mails leave unsigned, and Gmail and Yahoo junk unsigned bulk mail (README, Bring buyers back)");
  // Backups carry the product media too (docs/decisions/031).
  const moved = await movePublicBackups(services.media.storage, services.privateFiles).catch((error: unknown) => {
    logger.error({ err: error }, "could not move old backups out of the public media storage");
    return [];
  });
  if (moved.length > 0) logger.warn(`Moved ${moved.length} backup(s) from the public media storage to the private storage (docs/decisions/039)`);
  const backups = shopBackups(env, database, { media: services.media.storage, privateFiles: services.privateFiles }, services.now, (message) =>
    logger.info(message),
  );
  dataDirClaim?.handle(backups.controlHandler);
  if (env.NODE_ENV === "production" && backups.jobs.length === 0)
    logger.warn("BACKUP_INTERVAL_HOURS is not set: no scheduled backups (README, Run it for real)");
  const metrics = env.METRICS_TOKEN ? createShopMetrics(database) : null;
  const app = express();
  app.disable("x-powered-by");
  // Whose X-Forwarded-* headers are believed: the client address behind rate limits and login
  // throttles, and https behind a TLS-terminating proxy (README, Run it for real).
  app.set("trust proxy", env.TRUST_PROXY);
  if (metrics) app.use(requestMetrics(metrics, routeLabeler((typeof build === "function" ? await build() : build).routes)));
  // Successful storefront page GETs are counted into a summary line rather than logged one by one.
  const pages = pageLog((summary) => logger.info(summary, "storefront pages answered (successful GETs, not logged one by one)"));
  app.use(
    pinoHttp({
      logger,
      // A proxy's request id is kept when it looks like one; otherwise each request gets its own.
      genReqId: (req, res) => {
        const given = req.headers["x-request-id"];
        const id = typeof given === "string" && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
        res.setHeader("X-Request-Id", id);
        return id;
      },
      autoLogging: { ignore: (req) => /^\/(assets|media)\//.test(req.url ?? "") || req.url === "/healthz" || req.url === "/readyz" },
      customLogLevel: (req, res, err) => pages.level(req, res, err),
      serializers: {
        // The path only: query strings carry capabilities (order-status keys, newsletter tokens) and search terms.
        req: (req: { method: string; url: string }) => ({ method: req.method, path: req.url.split("?")[0] }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
        err: safeErrorSerializer,
      },
    }),
  );
  app.use((_req, res, next) => {
    res.locals.nonce = randomBytes(16).toString("base64");
    next();
  });
  // PayPal's hosts, plus the configured SDK and API origins (the fakes in development and e2e).
  const paypal = [
    ...new Set(["https://www.paypal.com", "https://*.paypal.com", "https://*.paypalobjects.com", originOf(env.PAYPAL_SDK_URL), originOf(env.PAYPAL_API_BASE)]),
  ];
  const mediaOrigins = env.MEDIA_PUBLIC_URL ? [originOf(env.MEDIA_PUBLIC_URL)] : []; // a CDN serving product media
  const nonce = (_req: unknown, res: unknown) => `'nonce-${(res as express.Response).locals.nonce as string}'`;
  const upgradeInsecureRequests = env.SITE_URL.startsWith("https:") ? [] : null;
  type Directives = Exclude<Parameters<typeof helmet.contentSecurityPolicy>[0], undefined>["directives"];
  const headersWith = (directives: Directives) =>
    helmet({
      contentSecurityPolicy: env.NODE_ENV === "development" ? false : { directives },
      crossOriginEmbedderPolicy: false,
      // Keeps the Origin header on our own form posts (no-JS forms get Origin: null under no-referrer).
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      strictTransportSecurity: env.SITE_URL.startsWith("https:"),
      // PayPal's popup needs to keep its opener.
      crossOriginOpenerPolicy: { policy: "same-origin-allow-popups" },
    });
  const shopHeaders = headersWith({
    "script-src": [
      "'self'",
      // libsodium (the login handoff's encryption, docs/decisions/022) is WebAssembly:
      // this allows compiling it, not eval of JavaScript.
      "'wasm-unsafe-eval'",
      nonce,
      ...paypal,
      ...(env.REVIEW_WIDGET_URL ? [originOf(env.REVIEW_WIDGET_URL)] : []),
    ],
    // The geo lookup goes through our own /api/geo (docs/decisions/037).
    "connect-src": ["'self'", ...paypal],
    "img-src": ["'self'", "data:", ...paypal, ...mediaOrigins],
    "frame-src": ["'self'", ...paypal, ...(env.REVIEW_WIDGET_URL ? [originOf(env.REVIEW_WIDGET_URL)] : [])],
    "style-src": ["'self'", "'unsafe-inline'"],
    "media-src": ["'self'", ...mediaOrigins],
    "form-action": ["'self'", ...paypal],
    "upgrade-insecure-requests": upgradeInsecureRequests,
  });
  // The seller console loads nothing from elsewhere (docs/decisions/014): its own scripts with the
  // nonce, libsodium's WebAssembly (login keys, reveal), its stylesheet, the TOTP QR code as a
  // data: image, and product media (from a CDN when MEDIA_PUBLIC_URL is set). No inline styles, no
  // frames but a campaign's mail preview (its own), never framed.
  const consoleHeaders = headersWith({
    "default-src": ["'self'"],
    "script-src": ["'self'", "'wasm-unsafe-eval'", nonce],
    "style-src": ["'self'"],
    "img-src": ["'self'", "data:", ...mediaOrigins],
    "media-src": ["'self'", ...mediaOrigins],
    "font-src": ["'self'"],
    "connect-src": ["'self'"],
    "frame-src": ["'self'"],
    "frame-ancestors": ["'none'"],
    "form-action": ["'self'"],
    "base-uri": ["'none'"],
    "object-src": ["'none'"],
    "upgrade-insecure-requests": upgradeInsecureRequests,
  });
  // A campaign's preview (app/routes/admin/campaign-preview.ts) is a mail: inline styles, pictures
  // from anywhere a mail's may come from, no script at all, framed by the console's own pages only.
  const mailPreviewHeaders = headersWith({
    "default-src": ["'none'"],
    // Said outright: helmet's defaults would otherwise add script-src 'self'.
    "script-src": ["'none'"],
    "style-src": ["'unsafe-inline'"],
    "img-src": ["'self'", "data:", "https:", ...mediaOrigins],
    "frame-ancestors": ["'self'"],
    "form-action": ["'none'"],
    "base-uri": ["'none'"],
    // An opaque origin, as the frame's own sandbox attribute says; no script runs under script-src
    // 'none' whatever the sandbox allows (docs/decisions/047).
    sandbox: ["allow-scripts", "allow-popups", "allow-popups-to-escape-sandbox"],
  });
  app.use((req, res, next) =>
    (consoleRoutePath(req.path) === null ? shopHeaders : CAMPAIGN_PREVIEW.test(req.path) ? mailPreviewHeaders : consoleHeaders)(req, res, next),
  );
  // For the load balancer and the orchestrator: the process answers; the database answers too.
  app.get("/healthz", (_req, res) => void res.json({ status: "ok" }));
  if (metrics && env.METRICS_TOKEN) app.get("/metrics", metricsEndpoint(metrics, env.METRICS_TOKEN));
  app.get("/readyz", (_req, res) => {
    databaseReachable(database)
      .then((ok) => res.status(ok ? 200 : 503).json({ status: ok ? "ok" : "database unreachable" }))
      .catch(() => res.status(503).json({ status: "database unreachable" }));
  });
  app.use(wellFormedRequestGuard());
  // Every body is counted as it arrives; past its route's limit, 413 (server/body-limit.ts).
  app.use(bodyLimit(shopBodyLimits(services.media.limits.uploadBytes, MAX_DELIVERY_PROOFS * services.media.limits.imageBytes)));
  app.use(sameOriginGuard(env.SITE_URL, ["/api/paypal/webhook", "/api/ses/notifications"]));
  app.use(MEDIA_ROUTE, serveMedia(services.media.storage)); // product photos and videos (docs/decisions/030)
  // The seller console (pages, data requests, exports) is never stored by caches nor indexed.
  app.use((req, res, next) => {
    if (consoleRoutePath(req.path) !== null) res.set({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" });
    next();
  });
  // A console post without the session its route needs: 401, before any route code (docs/decisions/014).
  app.use(consoleSessionGuard((route, cookie) => consoleWriteAllowed(route, cookie, services)));
  // A page may set a stricter Referrer-Policy than helmet's (the order-status page, whose URL holds
  // its key): React Router's adapter appends headers, so this one replaces the default instead.
  app.use((_req, res, next) => {
    const append = res.append.bind(res);
    res.append = (field: string, value?: string | string[]) =>
      field.toLowerCase() === "referrer-policy" && value !== undefined ? res.set(field, value) : append(field, value);
    next();
  });
  // Storefront page views, render-cache hits included, counted in memory and written every 10 s
  // and at shutdown (docs/decisions/051).
  const views = createViewCounter(database.db, new URL(env.SITE_URL).hostname);
  await views.refreshTimeZone();
  app.use(countViews(views, env.COUNTRY_HEADER, services.now));
  const flushViews = () => views.flush().catch((error: unknown) => logger.warn({ err: error }, "page views not written yet"));
  const viewsTimer = setInterval(flushViews, VIEW_FLUSH_MS);
  viewsTimer.unref();
  const renderCache = sharedPageCache(services, metrics);
  if (renderCache) app.use(renderCache.middleware);
  app.use(
    createRequestHandler({
      build,
      getLoadContext: (req, res) => ({
        nonce: res.locals.nonce as string,
        document: !req.path.endsWith(".data"),
        clientIp: req.ip ?? "unknown",
        services,
        ...(metrics ? { metrics } : {}),
      }),
    }),
  );

  const jobs = startJobs({
    db: database.db,
    jobs: [...serverJobs(services), ...backups.jobs],
    lock: jobLock(database),
    now: services.now,
    logger,
    onRun: metrics ? (event) => metrics.jobRun(event) : undefined,
  });

  return {
    app,
    env,
    database,
    services,
    views,
    close: async () => {
      clearInterval(viewsTimer);
      pages.stop();
      await jobs.stop();
      await flushViews();
      await database.close();
      await dataDirClaim?.release();
    },
  };
}
