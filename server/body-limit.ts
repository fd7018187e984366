/**
 * Request bodies are counted as the bytes arrive, whatever the framing (Content-Length or chunked)
 * and whoever reads them later (a form, JSON, a webhook, or nobody): past the route's limit the
 * answer is 413 and nothing more is kept (docs/decisions/026-body-limits-and-supervision.md).
 */
import type { Socket } from "node:net";
import type { NextFunction, Request, Response } from "express";
import { BodyTooLargeError, MAX_FORM_BYTES, MAX_JSON_BYTES, MAX_SNS_BYTES, MAX_WEBHOOK_BYTES } from "../app/server/platform/http.server";

export { BodyTooLargeError };

export interface BodyLimitRule {
  /**
   * Tested against the request's path, percent-decoded and lower-cased, query string excluded. A
   * page route's action is also posted to `<path>.data` (React Router's data requests).
   */
  path: RegExp;
  maxBytes: number;
  /**
   * The route reads its body as a stream (an upload written to disk): it runs at once and its
   * stream fails once the limit is passed. Otherwise (the default) the body is received whole — at
   * most `maxBytes` held — before any route code runs, so a route never sees a partial body.
   */
  stream?: boolean;
}

/** Every body not matched by a rule: the storefront's and the console's forms and JSON. */
export const DEFAULT_BODY_LIMIT = MAX_FORM_BYTES;

/**
 * Per-route limits, first match wins. A route that takes large uploads gets a line of its own
 * with `stream: true` and writes the body to disk as it arrives, e.g.
 * `{ path: /^\/admin\/media$/, maxBytes: 500 * 1024 * 1024, stream: true }`; it must treat a
 * failing stream (BodyTooLargeError, or the client going away) as "delete the partial file".
 */
export const BODY_LIMITS: readonly BodyLimitRule[] = [
  // PayPal's signed events (a few KB each), read whole by their route.
  { path: /^\/api\/paypal\/webhook$/, maxBytes: MAX_WEBHOOK_BYTES },
  // SES bounces and complaints through SNS (at most 256 KB a message), read whole by their route.
  { path: /^\/api\/ses\/notifications$/, maxBytes: MAX_SNS_BYTES },
  // The JSON endpoints read at most this much (app/server/platform/http.server.ts).
  { path: /^\/api\//, maxBytes: MAX_JSON_BYTES },
];

/** Multipart framing around the files (part headers, boundaries, the few text fields). */
const UPLOAD_FRAMING_BYTES = 1024 * 1024;

/**
 * The console's product media uploads (docs/decisions/030): streamed to disk as they arrive, the
 * upload reader enforcing each file's limit; this rule bounds the whole body (all files of one
 * upload, MEDIA_MAX_*_MB) so a client that never stops is cut.
 */
export function mediaUploadRule(maxUploadBytes: number): BodyLimitRule {
  return { path: /^\/admin\/products\/[^/]+\/media(\.data)?$/, maxBytes: maxUploadBytes + UPLOAD_FRAMING_BYTES, stream: true };
}

/**
 * The console's deliver (order page) and re-deliver (report page) forms with their screenshots
 * (docs/decisions/043): streamed to disk like the media uploads, at most `maxProofBytes` of files
 * (4 photos at the photo limit) plus framing. Their url-encoded posts are still read at most 64 KB
 * by readForm.
 */
export function deliveryProofRule(maxProofBytes: number): BodyLimitRule {
  return { path: /^\/admin\/(orders|reports)\/[^/]+(\.data)?$/, maxBytes: maxProofBytes + UPLOAD_FRAMING_BYTES, stream: true };
}

/** The shop's rules: BODY_LIMITS and the upload routes', sized by the media settings. */
export function shopBodyLimits(maxUploadBytes: number, maxProofBytes = 0): BodyLimitRule[] {
  return [mediaUploadRule(maxUploadBytes), ...(maxProofBytes > 0 ? [deliveryProofRule(maxProofBytes)] : []), ...BODY_LIMITS];
}

/** How long a refused client may keep sending (dropped) while it reads the 413. */
const LINGER_MS = 2000;

function routePath(req: Request): string {
  try {
    return decodeURIComponent(req.path).toLowerCase();
  } catch {
    return req.path.toLowerCase();
  }
}

export function limitFor(path: string, rules: readonly BodyLimitRule[], defaultMaxBytes: number): { maxBytes: number; stream: boolean } {
  const rule = rules.find((r) => r.path.test(path));
  return { maxBytes: rule?.maxBytes ?? defaultMaxBytes, stream: rule?.stream ?? false };
}

/**
 * Node ends a `Connection: close` socket as soon as the answer is written (socket.destroySoon):
 * while the client is still sending, the kernel then resets the connection and the client may
 * never read the 413. As nginx does ("lingering close"), this socket half-closes instead and keeps
 * reading — dropping — what still comes, for at most LINGER_MS.
 */
function lingerBeforeClosing(socket: Socket) {
  socket.destroySoon = function destroySoonAfterLinger(this: Socket) {
    if (this.writable) this.end();
    const timer = setTimeout(() => this.destroy(), LINGER_MS).unref();
    this.once("close", () => clearTimeout(timer));
  };
}

function tooLarge(req: Request, res: Response, maxBytes: number) {
  lingerBeforeClosing(req.socket);
  if (res.headersSent) {
    // The route already answered and is still reading: all that is left is to cut the body.
    failBody(req, maxBytes);
    return;
  }
  res.status(413).set("Connection", "close").type("application/json").send({ ok: false, code: "request_too_large" });
}

/**
 * Makes the stream a route reads fail — not end: a cut body must never look complete. (Node emits
 * the error only to listeners, so a request nobody reads is simply closed.)
 */
function failBody(req: Request, maxBytes: number) {
  if (!req.destroyed) req.destroy(new BodyTooLargeError(maxBytes));
}

function hasBody(req: Request): boolean {
  return req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;
}

/**
 * The middleware. Counting happens where Node's HTTP parser hands each piece of body to the
 * request stream (`push`), so it sees every byte received — before anyone reads it, and even if
 * nobody ever does — and holds nothing beyond the limit.
 */
export function bodyLimit(rules: readonly BodyLimitRule[] = BODY_LIMITS, defaultMaxBytes = DEFAULT_BODY_LIMIT) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!hasBody(req)) return next();
    const { maxBytes, stream } = limitFor(routePath(req), rules, defaultMaxBytes);
    if (Number(req.headers["content-length"] ?? 0) > maxBytes) return tooLarge(req, res, maxBytes);

    // Whatever the parser pushed before this middleware ran is already in the stream's buffer.
    let received = req.readableLength;
    if (received > maxBytes) return tooLarge(req, res, maxBytes);
    if (req.complete) return next();

    const push = req.push.bind(req);
    const held: Buffer[] = [];
    let refused = false;
    req.push = (chunk: Buffer | null, encoding?: BufferEncoding) => {
      if (refused) return true; // dropped, the end included: the route must never see a cut body end
      if (chunk === null) {
        // Restores the stream's own push, then hands a whole body over in one go.
        delete (req as { push?: unknown }).push;
        if (stream) return push(null);
        for (const piece of held.splice(0)) push(piece);
        push(null);
        next();
        return false;
      }
      received += chunk.length;
      if (received > maxBytes) {
        refused = true;
        held.length = 0;
        tooLarge(req, res, maxBytes);
        // A stream-mode route is left waiting for more: its body fails once the client is gone.
        if (stream && req.socket.destroyed) failBody(req, maxBytes);
        else if (stream) req.socket.once("close", () => failBody(req, maxBytes));
        return true;
      }
      if (stream) return push(chunk, encoding);
      held.push(chunk);
      return true;
    };
    if (stream) next();
  };
}
