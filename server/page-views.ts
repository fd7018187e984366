/**
 * Counts storefront page views (app/server/analytics/page-views.server.ts, docs/decisions/051):
 * placed before the render cache, so a page served from memory is counted like a rendered one.
 * The request is read when its response has finished (its status decides); nothing is stored
 * about it but the coarse values the counter keeps.
 */
import type { NextFunction, Request, Response } from "express";
import { countedPage } from "../app/domain/page-views";
import type { ViewCounter } from "../app/server/analytics/page-views.server";
import { knownCountry } from "../app/server/platform/geo.server";

export function countViews(counter: ViewCounter, countryHeader: string | undefined, now: () => Date) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.method !== "GET" || countedPage(req.path) === null) return next();
    res.on("finish", () => {
      counter.count(
        {
          method: req.method,
          pathname: req.path,
          status: res.statusCode,
          userAgent: req.headers["user-agent"],
          referer: req.headers.referer,
          cookie: req.headers.cookie,
          purpose: (req.headers["sec-purpose"] ?? req.headers.purpose) as string | undefined,
          country: countryHeader ? (req.get(countryHeader) ?? null) : knownCountry(req.ip ?? ""),
        },
        now(),
      );
    });
    next();
  };
}
