/**
 * An in-process cache of whole rendered responses for pages that are the same for every visitor
 * with the same key (path, language preference, currency state): the cart lives in the browser, so
 * anonymous pages carry nothing personal (docs/decisions/021-render-cache.md).
 *
 * A response is stored only when its route said so — the `X-Shared-Page` marker (removed before
 * sending) or `Cache-Control: public` — with status 200 and no Set-Cookie. Every page carries its
 * own CSP nonce: a stored page is served with the stored nonce replaced by this response's one.
 */
import { createHash } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { LRUCache } from "lru-cache";

const SHARED_PAGE_HEADER = "x-shared-page";

interface Entry {
  status: number;
  headers: [string, string | string[]][];
  /** The body cut where the page's nonce stood: served joined with this response's nonce. */
  parts: Buffer[];
  size: number;
  etag: string;
}

export interface RenderCacheOptions {
  ttlMs: number;
  maxBytes: number;
  /** The key of a request whose page may be shared, or null to leave it alone. */
  keyOf(req: Request): string | null;
  /** Whether stored pages may be trusted right now (false while catalogue changes may go unheard). */
  trusted?: () => boolean;
  /** Told of every lookup of a shared page: served from memory (hit) or rendered (miss); for /metrics. */
  onLookup?: (hit: boolean) => void;
}

export interface RenderCache {
  middleware(req: Request, res: Response, next: NextFunction): void;
  clear(): void;
  readonly size: number;
}

/** Headers that belong to one response, never to a stored page. */
const PER_RESPONSE = new Set([
  "content-security-policy",
  "set-cookie",
  "date",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "etag",
  "x-request-id",
]);

/** `body` split at every occurrence of `nonce` (one part when there is none). */
function splitAt(body: Buffer, nonce: string | null): Buffer[] {
  if (!nonce) return [body];
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = body.indexOf(nonce, from); at >= 0; at = body.indexOf(nonce, from)) {
    parts.push(body.subarray(from, at));
    from = at + nonce.length;
  }
  parts.push(body.subarray(from));
  return parts;
}

function etagOf(parts: readonly Buffer[]): string {
  const hash = createHash("sha1");
  // The nonce differs per response; the page does not.
  for (const part of parts) hash.update(part);
  return `W/"${hash.digest("base64url").slice(0, 27)}"`;
}

function isShareable(res: Response): boolean {
  if (res.statusCode !== 200 || res.getHeader("set-cookie") !== undefined) return false;
  if (res.getHeader(SHARED_PAGE_HEADER) !== undefined) return true;
  return /\bpublic\b/.test(String(res.getHeader("cache-control") ?? ""));
}

export function createRenderCache({ ttlMs, maxBytes, keyOf, trusted = () => true, onLookup }: RenderCacheOptions): RenderCache {
  const cache = new LRUCache<string, Entry>({ ttl: ttlMs, maxSize: maxBytes, sizeCalculation: (entry) => entry.size + 512 });

  function serve(req: Request, res: Response, entry: Entry): void {
    const nonce = res.locals.nonce as string | undefined;
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    res.setHeader("ETag", entry.etag);
    if (req.headers["if-none-match"] === entry.etag) {
      // The browser keeps its stored page and that page's CSP: a new nonce here would break its scripts.
      res.removeHeader("Content-Security-Policy");
      res.status(304).end();
      return;
    }
    res.status(entry.status);
    if (req.method === "HEAD") {
      res.end();
      return;
    }
    if (entry.parts.length === 1) {
      res.end(entry.parts[0]);
      return;
    }
    const joint = Buffer.from(nonce ?? "");
    res.end(Buffer.concat(entry.parts.flatMap((part, i) => (i === 0 ? [part] : [joint, part]))));
  }

  function record(res: Response, key: string): void {
    const chunks: Buffer[] = [];
    // Decided once the headers are final (writeHead, or end without a write); until then every chunk is kept.
    let shareable: boolean | undefined;
    const decide = () => {
      if (shareable === undefined) {
        shareable = isShareable(res);
        res.removeHeader(SHARED_PAGE_HEADER);
      }
      return shareable;
    };
    const { write, end, writeHead } = res;
    res.writeHead = function (this: Response, ...args: Parameters<Response["writeHead"]>) {
      decide();
      return writeHead.apply(this, args);
    } as Response["writeHead"];
    const keep = (chunk: unknown, encoding?: unknown) => {
      if (shareable === false || chunk == null || typeof chunk === "function") return;
      chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8"));
    };
    res.write = function (this: Response, chunk: unknown, ...rest: unknown[]) {
      keep(chunk, rest[0]);
      return (write as (...a: unknown[]) => boolean).call(this, chunk, ...rest);
    } as Response["write"];
    res.end = function (this: Response, chunk?: unknown, ...rest: unknown[]) {
      keep(chunk, rest[0]);
      if (decide() && trusted()) {
        const body = Buffer.concat(chunks);
        const nonce = (res.locals.nonce as string | undefined) ?? null;
        const headers = Object.entries(res.getHeaders())
          .filter(([name, value]) => value !== undefined && !PER_RESPONSE.has(name))
          .map(([name, value]) => [name, Array.isArray(value) ? value : String(value)] as [string, string | string[]]);
        const parts = splitAt(body, nonce);
        cache.set(key, { status: res.statusCode, headers, parts, size: body.length, etag: etagOf(parts) });
      }
      return (end as (...a: unknown[]) => Response).call(this, chunk, ...rest);
    } as Response["end"];
  }

  return {
    middleware(req, res, next) {
      if (req.method !== "GET" && req.method !== "HEAD") return next();
      const key = keyOf(req);
      if (key === null) return next();
      const entry = trusted() ? cache.get(key) : undefined;
      onLookup?.(entry !== undefined);
      if (entry) return serve(req, res, entry);
      // HEAD answers carry no body to keep; the next GET renders and stores the page.
      if (req.method === "GET") record(res, key);
      next();
    },
    clear: () => cache.clear(),
    get size() {
      return cache.size;
    },
  };
}
