import { consoleRoutePath } from "../app/domain/seller-access";

/**
 * Request logging of storefront pages (docs/decisions/057): a successful GET of a shop page — most
 * of the traffic — is counted, not written one line at a time; a summary line says how many there
 * were, every `intervalMs` and when the shop stops. Everything else is logged as before: errors and
 * refusals (status ≥ 400), every write (POST …), the API and the seller console. Metrics
 * (server/metrics.ts) count every request as before.
 */
export interface PageLog {
  /** pino-http's customLogLevel: "silent" for a counted page, "info" (its default) otherwise. */
  level(req: { method?: string; url?: string }, res: { statusCode: number }, err?: unknown): "info" | "silent";
  /** Writes the summary line if pages were counted since the last one. */
  flush(): void;
  stop(): void;
}

export function quietPage(method: string | undefined, url: string | undefined, status: number): boolean {
  if ((method !== "GET" && method !== "HEAD") || status >= 400 || url === undefined) return false;
  const path = url.split("?")[0];
  return !path.startsWith("/api/") && consoleRoutePath(path) === null;
}

export function pageLog(write: (summary: { pages: number; seconds: number }) => void, intervalMs = 60_000, now = Date.now): PageLog {
  let pages = 0;
  let since = now();
  const flush = () => {
    if (pages === 0) return;
    write({ pages, seconds: Math.round((now() - since) / 1000) });
    pages = 0;
    since = now();
  };
  const timer = setInterval(flush, intervalMs);
  timer.unref();
  return {
    level: (req, res, err) => {
      if (err || !quietPage(req.method, req.url, res.statusCode)) return "info";
      if (pages === 0) since = now();
      pages += 1;
      return "silent";
    },
    flush,
    stop: () => {
      clearInterval(timer);
      flush();
    },
  };
}
