/**
 * GET /media/KEY: a stored media file, streamed from the storage adapter (local files, or S3 when no
 * public URL serves the bucket directly). Names carry a content hash, so every answer is cached for a
 * year as immutable; ETag/304 for revalidation and single Range requests (206) for video seeking.
 * Only a valid key is ever looked up: no listing, no `..`, nothing outside the media storage
 * (docs/decisions/030).
 */
import type { Request, Response } from "express";
import { pipeline } from "node:stream/promises";
import { contentTypeOfKey, isPublicMediaKey, MEDIA_ROUTE, type ByteRange, type MediaObjectInfo, type MediaStorage } from "../app/server/media/storage.server";

export { MEDIA_ROUTE };

export const MEDIA_CACHE_CONTROL = "public, max-age=31536000, immutable";
/** An SVG opened on its own runs no script and loads nothing (ours are trusted, this is belt and braces). */
const MEDIA_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

function notFound(res: Response): void {
  res.status(404).set("Cache-Control", "no-store").type("text/plain").send("Not found");
}

/** The key in the URL path after the mount point, or null when it is not a valid media key. */
function keyOf(req: Request): string | null {
  try {
    const key = decodeURIComponent(req.path.slice(1));
    return isPublicMediaKey(key) ? key : null; // never a backup or another private file
  } catch {
    return null; // malformed percent-encoding
  }
}

/** If-Range: the range applies only while the file is still the one the client has part of. */
function rangeStillValid(req: Request, info: MediaObjectInfo): boolean {
  const ifRange = req.get("if-range");
  if (!ifRange) return true;
  if (ifRange.startsWith('"') || ifRange.startsWith("W/")) return info.etag !== undefined && !info.etag.startsWith("W/") && ifRange === info.etag;
  const date = Date.parse(ifRange);
  return info.lastModified !== undefined && !Number.isNaN(date) && Math.floor(info.lastModified.getTime() / 1000) <= Math.floor(date / 1000);
}

async function answer(storage: MediaStorage, req: Request, res: Response): Promise<void> {
  if (req.method !== "GET" && req.method !== "HEAD") {
    res.status(405).set("Allow", "GET, HEAD").type("text/plain").send("Method not allowed");
    return;
  }
  const key = keyOf(req);
  const info = key ? await storage.head(key) : null;
  if (!key || !info) return notFound(res);

  res.set({
    "Content-Type": info.contentType ?? contentTypeOfKey(key) ?? "application/octet-stream",
    "Cache-Control": MEDIA_CACHE_CONTROL,
    "Accept-Ranges": "bytes",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": MEDIA_CSP,
    // Pages may load media from a CDN origin that pulls from this route.
    "Cross-Origin-Resource-Policy": "cross-origin",
  });
  if (info.etag) res.set("ETag", info.etag);
  if (info.lastModified) res.set("Last-Modified", info.lastModified.toUTCString());
  if (req.fresh) {
    res.removeHeader("Content-Type");
    res.status(304).end();
    return;
  }

  let range: ByteRange | undefined;
  const ranges = req.get("range") && rangeStillValid(req, info) ? req.range(info.size, { combine: true }) : undefined;
  if (ranges === -1) {
    res.status(416).set("Content-Range", `bytes */${info.size}`).end();
    return;
  }
  // One range is answered with 206; several (rare, never from a video element) get the whole file.
  if (Array.isArray(ranges) && ranges.type === "bytes" && ranges.length === 1) {
    range = { start: ranges[0].start, end: ranges[0].end };
    res.status(206).set("Content-Range", `bytes ${range.start}-${range.end}/${info.size}`);
  }
  res.set("Content-Length", String(range ? range.end - range.start + 1 : info.size));
  if (req.method === "HEAD") {
    res.end();
    return;
  }
  const body = await storage.get(key, range);
  if (!body) {
    res.removeHeader("Content-Range");
    return notFound(res);
  }
  await pipeline(body, res).catch(() => {
    // The client went away (a video element stops reading when it seeks): nothing to answer.
    body.destroy();
  });
}

/** Mount at /media: `app.use(MEDIA_ROUTE, serveMedia(storage))`. */
export function serveMedia(storage: MediaStorage) {
  return (req: Request, res: Response): void => {
    answer(storage, req, res).catch((error: unknown) => {
      if (res.headersSent) return void res.destroy();
      // The storage did not answer (S3 unreachable): the file may well exist, so no 404 and no cache.
      req.log?.warn({ err: error }, "media storage unavailable");
      res.status(503).set({ "Cache-Control": "no-store", "Retry-After": "5" }).type("text/plain").send("Media storage unavailable");
    });
  };
}
