import type { NextFunction, Request, Response } from "express";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
export const MAX_BODY_BYTES = 64 * 1024;

/**
 * State-changing requests must come from our own pages: a cross-site Origin or Sec-Fetch-Site is
 * refused (CSRF). Provider webhooks, which are signed instead, are exempt.
 */
export function sameOriginGuard(siteUrl: string, exempt: string[] = []) {
  const siteOrigin = new URL(siteUrl).origin;
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method) || exempt.some((p) => req.path.startsWith(p))) return next();
    const origin = req.get("origin");
    const hostOrigin = `${req.protocol}://${req.get("host")}`;
    const crossSite = req.get("sec-fetch-site") === "cross-site";
    if (crossSite || (origin && origin !== "null" && origin !== siteOrigin && origin !== hostOrigin)) {
      res.status(403).type("application/json").send({ ok: false, code: "request_invalid" });
      return;
    }
    next();
  };
}

/** Refuses bodies announced larger than the limit before anything reads them. */
export function bodySizeGuard(maxBytes = MAX_BODY_BYTES) {
  return (req: Request, res: Response, next: NextFunction) => {
    const length = Number(req.get("content-length") ?? 0);
    if (length > maxBytes) {
      res.status(413).type("application/json").send({ ok: false, code: "request_invalid" });
      return;
    }
    next();
  };
}
