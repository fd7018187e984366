/**
 * /metrics and the per-request measurements (docs/decisions/032-metrics.md). Mounted only when
 * METRICS_TOKEN is set: without it the shop does none of this work.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import type { ShopMetrics } from "../app/server/metrics/metrics.server";

/** The console's login steps: their 429 is the login throttle refusing an attempt. */
const LOGIN_ROUTES = new Set(["/admin/login", "/admin/login/code"]);

/** Times every request from here to its last byte, counted under its route pattern and status. */
export function requestMetrics(metrics: ShopMetrics, routeOf: (pathname: string) => string): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    res.once("finish", () => {
      const route = routeOf(req.path);
      metrics.observeRequest(route, req.method, res.statusCode, Number(process.hrtime.bigint() - started) / 1e9);
      if (res.statusCode === 429 && req.method === "POST" && LOGIN_ROUTES.has(route)) metrics.loginThrottled();
    });
    next();
  };
}

const digest = (value: string) => createHash("sha256").update(value).digest();

/**
 * GET /metrics with `Authorization: Bearer METRICS_TOKEN`. Anything else goes on to the shop, which
 * answers its ordinary 404 page: the endpoint is not revealed to whoever lacks the token.
 */
export function metricsEndpoint(metrics: ShopMetrics, token: string): RequestHandler {
  const expected = digest(`Bearer ${token}`);
  return (req: Request, res: Response, next: NextFunction) => {
    const given = req.get("authorization");
    if (!given || !timingSafeEqual(digest(given), expected)) return next();
    metrics
      .scrape()
      .then((text) => {
        res.set({ "Content-Type": metrics.registry.contentType, "Cache-Control": "no-store" }).send(text);
      })
      .catch(next);
  };
}
