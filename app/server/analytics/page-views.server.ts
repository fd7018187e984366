/**
 * Storefront page views counted on the server (issue 31, docs/decisions/051). A request is reduced
 * at once to coarse values — day (seller's time zone), route pattern, product, language, country,
 * referring domain, device class — and counted in memory; the counts are written in batches (every
 * flush: upserts adding to the day's rows) so a page view costs a Map increment, not a query.
 * Bots and the seller's own traffic are left out; nothing about the visitor is kept.
 */
import { sql } from "drizzle-orm";
import { isbot } from "isbot";
import { countedPage, countryCode, deviceClass, referrerDomain, type DeviceClass } from "~/domain/page-views";
import { dayIn } from "~/domain/time-zone";
import { pageViews } from "../../../db/schema";
import type { Db } from "../platform/db.server";
import { carriesSessionCookie } from "../seller-auth/session-cookie.server";
import { DEFAULT_TIME_ZONE, readTimeZone } from "./settings.server";

/** What the counter reads of a finished request (the caller passes nothing more). */
export interface ViewRequest {
  method: string;
  pathname: string;
  status: number;
  userAgent: string | undefined;
  referer: string | undefined;
  /** The cookie header, only looked at for the seller's session (the seller's own visits are not counted). */
  cookie: string | undefined;
  /** A prefetch (the browser fetching a page nobody opened yet) is not a view. */
  purpose: string | undefined;
  /** From COUNTRY_HEADER or the geo lookup's remembered answer. */
  country: string | null;
}

export interface ViewCounter {
  /** Counts the request when it is a storefront page view; returns whether it did. */
  count(request: ViewRequest, at: Date): boolean;
  /** Writes the counts gathered so far; on failure they are kept for the next flush. */
  flush(): Promise<void>;
  /** Counts waiting for the next flush (tests, the bench). */
  readonly pending: number;
  /** Reads the seller's time zone again (at start; each flush does too, so a saved zone follows within a flush). */
  refreshTimeZone(): Promise<void>;
}

const SEP = "\u0001";
/** User agents repeat: what each one says (bot? which device class?) is kept for the next views of it. */
const AGENTS_KEPT = 2000;
const agents = new Map<string, { bot: boolean; device: DeviceClass }>();

function agentOf(userAgent: string | undefined): { bot: boolean; device: DeviceClass } {
  const ua = userAgent ?? "";
  let known = agents.get(ua);
  if (!known) {
    known = { bot: ua !== "" && isbot(ua), device: deviceClass(ua) };
    if (agents.size >= AGENTS_KEPT) agents.clear();
    agents.set(ua, known);
  }
  return known;
}

function isCountedRequest(request: ViewRequest): boolean {
  if (request.method !== "GET" || (request.status !== 200 && request.status !== 304)) return false;
  if (request.purpose && /prefetch/i.test(request.purpose)) return false;
  if (carriesSessionCookie(request.cookie)) return false;
  if (agentOf(request.userAgent).bot) return false;
  return true;
}

export function createViewCounter(db: Db, ownHost: string): ViewCounter {
  let timeZone = DEFAULT_TIME_ZONE;
  let counts = new Map<string, number>();
  // The day changes once a day: worked out again at most once a minute (or when the zone changes).
  let dayCache = { minute: -1, zone: "", day: "" };
  const dayOf = (at: Date) => {
    const minute = Math.floor(at.getTime() / 60_000);
    if (dayCache.minute !== minute || dayCache.zone !== timeZone) dayCache = { minute, zone: timeZone, day: dayIn(at, timeZone) };
    return dayCache.day;
  };

  const refreshTimeZone = async () => {
    timeZone = await readTimeZone(db);
  };

  return {
    get pending() {
      let n = 0;
      for (const v of counts.values()) n += v;
      return n;
    },
    refreshTimeZone,
    count(request, at) {
      const page = countedPage(request.pathname);
      if (!page || !isCountedRequest(request)) return false;
      const key = [
        dayOf(at),
        page.route,
        page.productId,
        page.lang,
        countryCode(request.country),
        referrerDomain(request.referer, ownHost),
        agentOf(request.userAgent).device,
      ].join(SEP);
      counts.set(key, (counts.get(key) ?? 0) + 1);
      return true;
    },
    async flush() {
      if (counts.size > 0) {
        const batch = counts;
        counts = new Map();
        const rows = [...batch].map(([key, views]) => {
          const [day, route, productId, lang, country, referrer, device] = key.split(SEP);
          return { day, route, productId, lang, country, referrerDomain: referrer, deviceClass: device as DeviceClass, views };
        });
        try {
          await db
            .insert(pageViews)
            .values(rows)
            .onConflictDoUpdate({
              target: [pageViews.day, pageViews.route, pageViews.productId, pageViews.lang, pageViews.country, pageViews.referrerDomain, pageViews.deviceClass],
              set: { views: sql`${pageViews.views} + excluded.views` },
            });
        } catch (error) {
          // Kept for the next flush rather than lost (the database may be back by then).
          for (const [key, n] of batch) counts.set(key, (counts.get(key) ?? 0) + n);
          throw error;
        }
      }
      await refreshTimeZone().catch(() => undefined);
    },
  };
}
