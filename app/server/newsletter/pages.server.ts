import type { PageTranslations } from "~/i18n/areas";
import { data } from "react-router";
import type { Db } from "../platform/db.server";
import type { Keys } from "../platform/keys.server";
import { readBody, UNREADABLE } from "../platform/http.server";
import type { NewsletterAction } from "./links.server";
import { confirmSubscription, inspectNewsletterLink, unsubscribe, type LinkState } from "./newsletter.server";

/** What the confirm and unsubscribe pages render: the link's state and, while it can act, its token for the form. */
export interface NewsletterPageData {
  link: LinkState;
  token: string | null;
}

/** What the pages need of the services (routes pass `context.services`): the database, the keys that signed the link, the clock. */
export interface NewsletterPageServices {
  db: Db;
  keys: Keys;
  now: () => Date;
}

/** A link that is not ours is a bad request; a used one is gone for good. */
function statusOf(link: LinkState): number {
  return link.state === "invalid" ? 400 : link.state === "used" ? 410 : 200;
}

function queryToken(request: Request): string | null {
  return new URL(request.url).searchParams.get("t");
}

/**
 * GET only reads the link: mail scanners that open every link in a mail must not confirm or
 * unsubscribe anyone, so the change waits for the page's button (a POST).
 */
/** `translations`: the page's strings, named by the route (app/i18n/route-areas.test.ts reads them there). */
export async function newsletterPageLoader({ db, keys }: NewsletterPageServices, action: NewsletterAction, request: Request, translations: PageTranslations) {
  const token = queryToken(request);
  const link = await inspectNewsletterLink(db, keys, action, token);
  return data<NewsletterPageData & { translations: PageTranslations }>(
    { link, token: link.state === "ready" ? token : null, translations },
    { status: statusOf(link) },
  );
}

/**
 * POST does the change: from the page's form (the token in a hidden field) or, for unsubscribing,
 * from a mail client's one-click button (RFC 8058: `List-Unsubscribe=One-Click` in the body, the
 * token in the link's query). Whatever the body, the token must be one this shop signed.
 */
export async function newsletterPageAction({ db, keys, now }: NewsletterPageServices, action: NewsletterAction, request: Request) {
  const body = await readBody(request, "form");
  const fromForm = body !== UNREADABLE && typeof body === "object" && body !== null ? (body as Record<string, unknown>).t : undefined;
  const token = typeof fromForm === "string" && fromForm !== "" ? fromForm : queryToken(request);
  const link = action === "confirm" ? await confirmSubscription(db, keys, token, now()) : await unsubscribe(db, keys, token, now());
  return data<NewsletterPageData>({ link, token: null }, { status: statusOf(link) });
}

/** Emailed links carry a personal token: never indexed, never cached. */
export const NEWSLETTER_PAGE_HEADERS = { "X-Robots-Tag": "noindex", "Cache-Control": "no-store" } as const;
