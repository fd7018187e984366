import type { NextFunction, Request, Response } from "express";
import { consoleRoutePath, loginPathFor } from "../app/domain/seller-access";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Methods the shop answers; anything else (TRACE, PROPFIND, …) is allowed nowhere. */
const IMPLEMENTED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

function refuse(res: Response, status: number) {
  res.status(status).type("application/json").send({ ok: false, code: "request_invalid" });
}

/**
 * State-changing requests must come from our own pages: a cross-site Origin or Sec-Fetch-Site is
 * refused (CSRF). The one origin accepted is SITE_URL's — never one built from the request's Host
 * header, which the client chooses. Provider webhooks, which are signed instead, are exempt.
 */
export function sameOriginGuard(siteUrl: string, exempt: string[] = []) {
  const siteOrigin = new URL(siteUrl).origin;
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method) || exempt.some((p) => req.path.startsWith(p))) return next();
    const origin = req.get("origin");
    const crossSite = req.get("sec-fetch-site") === "cross-site";
    if (crossSite || (origin && origin !== "null" && origin !== siteOrigin)) {
      refuse(res, 403);
      return;
    }
    next();
  };
}

const SESSION_ENDED_PAGE = (login: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Session ended · Seller console</title></head><body><main><h1>Your session has ended</h1><p>Nothing was changed. <a href="${login}">Log in again</a> to carry on.</p></main></body></html>`;

/**
 * One rule for every console write (docs/decisions/014): a POST (or any non-reading method) to an
 * /admin route without the session that route needs is answered 401 here, before React Router
 * runs anything — a form page gets a short page with the login link, anything else JSON.
 * `allowed` checks the session (app/server/seller-auth/guard.server.ts); the routes check it again.
 */
export function consoleSessionGuard(allowed: (route: string, cookieHeader: string | undefined) => Promise<boolean>) {
  return (req: Request, res: Response, next: NextFunction) => {
    const route = SAFE_METHODS.has(req.method) ? null : consoleRoutePath(req.path);
    if (route === null) return next();
    allowed(route, req.get("cookie")).then(
      (ok) => {
        if (ok) return next();
        res.status(401).set("Cache-Control", "no-store");
        if (!req.path.endsWith(".data") && req.accepts(["json", "html"]) === "html") res.type("html").send(SESSION_ENDED_PAGE(loginPathFor(req.originalUrl)));
        else res.json({ ok: false, code: "unauthorized", message: "Log in to the seller console" });
      },
      (error: unknown) => next(error),
    );
  };
}

/** 'shop.example', 'localhost:3000', '[::1]:8080': a host with an optional port, and nothing else. */
export function isHostHeader(value: string): boolean {
  if (!/^(\[[0-9a-f:.]+\]|[a-z0-9\-._~!$&'()*+;=%]+)(:\d{1,5})?$/i.test(value)) return false;
  try {
    new URL(`http://${value}`); // also refuses ports over 65535 and malformed IP literals
    return true;
  } catch {
    return false;
  }
}

/**
 * Answers requests whose URL the React Router adapter could not build (it would throw: a 500) or
 * whose method no page implements, before they reach it:
 * - a method outside IMPLEMENTED_METHODS (TRACE included: fetch's Request refuses it) → 405 with
 *   Allow, not 501: bad input is the client's fault, and scanners should not page anyone;
 * - `OPTIONS *` (a question about the server itself) → 204 with the implemented methods in Allow;
 * - any other target that is not a path (absolute-form `GET http://host/x`) → 400;
 * - a missing or malformed Host (HTTP/1.0 without one, '[::1', 'a b', a port over 65535) → 400;
 * - a malformed X-Forwarded-Host entry → 400, whoever sent it: the adapter reads its port even from
 *   clients whose forwarding headers Express does not trust;
 * - a trusted X-Forwarded-Proto other than http or https → 400.
 */
export function wellFormedRequestGuard() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!IMPLEMENTED_METHODS.includes(req.method)) {
      res.set("Allow", IMPLEMENTED_METHODS.join(", "));
      refuse(res, 405);
      return;
    }
    if (req.method === "OPTIONS" && req.url === "*") {
      res.status(204).set("Allow", IMPLEMENTED_METHODS.join(", ")).end();
      return;
    }
    const forwardedHosts = req.get("x-forwarded-host") || undefined; // empty is ignored downstream too
    const wellFormed =
      req.url.startsWith("/") &&
      isHostHeader(req.get("host") ?? "") &&
      (forwardedHosts?.split(",") ?? []).every((entry) => isHostHeader(entry.trim())) &&
      /^https?$/i.test(req.protocol);
    if (!wellFormed) {
      refuse(res, 400);
      return;
    }
    next();
  };
}
