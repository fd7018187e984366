// Starts the shop: Vite middleware in development (--dev), the built app in production.
import fs from "node:fs";
import path from "node:path";
import compression from "compression";
import express from "express";
import expressStaticGzip from "express-static-gzip";

const dev = process.argv.includes("--dev");

/**
 * LOG_FILE: a copy of everything the process writes (pino's lines, which go through stdout then,
 * and stderr), so a test run can check what the shop logged (tests/e2e/login-handoff.spec.ts).
 */
if (process.env.LOG_FILE) {
  fs.mkdirSync(path.dirname(process.env.LOG_FILE), { recursive: true });
  const file = fs.createWriteStream(process.env.LOG_FILE, { flags: "a" });
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write.bind(stream);
    stream.write = (chunk, ...rest) => {
      file.write(chunk);
      return write(chunk, ...rest);
    };
  }
}
const buildDir = process.env.BUILD_DIR ?? "build";

/**
 * React Router flushes the compressor after every chunk it writes, and each flush ends a deflate
 * block: the home page went out at 92 KB gzip instead of 40 KB. One flush per turn of the event loop
 * keeps streaming (a deferred part still leaves as soon as it is rendered) at whole-page compression.
 */
function coalesceFlushes(_req, res, next) {
  const flush = res.flush;
  if (typeof flush === "function") {
    let pending = false;
    res.flush = () => {
      if (pending) return;
      pending = true;
      setImmediate(() => {
        pending = false;
        if (!res.writableEnded) flush.call(res);
      });
    };
  }
  next();
}

async function main() {
  const outer = express();
  outer.disable("x-powered-by");
  // Compresses static assets and pages alike, brotli when the client takes it (pages stream; see
  // docs/decisions/006).
  outer.use(compression());
  outer.use(coalesceFlushes);
  let shop;
  if (dev) {
    const vite = await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }));
    const mod = await vite.ssrLoadModule("./server/app.ts");
    shop = await mod.createShop(() => vite.ssrLoadModule("virtual:react-router/server-build"));
    outer.use(vite.middlewares);
  } else {
    const mod = await import(new URL(`../${buildDir}/server/index.js`, import.meta.url).href);
    shop = await mod.createShop(mod.serverBuild);
    // Hashed files never change: cached for a year, sent pre-compressed (.br/.gz made at build). No
    // validators or ranges (ETag, Last-Modified, Accept-Ranges): an immutable file is never revalidated,
    // and those ≈ 95 header bytes were paid on each of the 12–25 scripts a page loads (docs/decisions/058).
    outer.use(
      "/assets",
      expressStaticGzip(`${buildDir}/client/assets`, {
        enableBrotli: true,
        orderPreference: ["br", "gz"],
        serveStatic: { immutable: true, maxAge: "1y", index: false, etag: false, lastModified: false, acceptRanges: false },
      }),
    );
    // Public files (favicon, product media) by their top folder or name, so that a page request
    // costs no filesystem lookup (a stat per page was 3.5 % of a product page's CPU).
    const publicEntries = new Set(fs.readdirSync(`${buildDir}/client`).filter((name) => name !== "assets" && !name.startsWith(".")));
    const publicFiles = express.static(`${buildDir}/client`, { maxAge: "1h", index: false });
    outer.use((req, res, next) => (publicEntries.has(req.path.split("/")[1]) ? publicFiles(req, res, next) : next()));
  }
  outer.use(shop.app);
  const server = outer.listen(shop.env.PORT, () => {
    console.log(`Trigger Shop listening on http://localhost:${shop.env.PORT} (${shop.database.kind})`);
  });
  // Node closes an idle keep-alive socket after 5 s, the very moment a client may be sending its next
  // request on it: that request dies with ECONNRESET (seen in the e2e run: a form post 5.2 s after the
  // previous one). Idle sockets stay open longer than a proxy's usual 60 s, so the proxy or the browser
  // is always the side that closes first. The headers timeout is kept above it, by the convention older
  // Node needed; on Node 20 it bounds only a request's headers (docs/decisions/059).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  // Graceful stop: no new connections, idle keep-alive ones closed, requests in flight answered,
  // then the jobs stop and the database closes. A request still running after 10 s is cut.
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    server.close(() => void shop.close().finally(() => process.exit(0)));
    server.closeIdleConnections();
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  // Run by server/supervise.js: should the supervisor itself die, stop rather than linger unwatched.
  if (process.send) process.on("disconnect", stop);
}

main().catch((error) => {
  // 78 (EX_CONFIG): a bad environment; the supervisor does not restart into the same error.
  if (error && error.name === "EnvError") {
    console.error(error.message);
    process.exit(78);
  }
  // A data folder held by another process (a backup, a restore): the supervisor tries again.
  if (error && error.name === "DataDirBusy") console.error(error.message);
  else console.error(error);
  process.exit(1);
});
