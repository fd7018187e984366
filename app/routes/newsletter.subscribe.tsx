import { data } from "react-router";
import type { Route } from "./+types/newsletter.subscribe";
import { splitLangFromPath } from "~/domain/lang-path";
import { newsletterSchema } from "~/domain/validation";
import { translationsFor } from "~/i18n/resources.server";
import { NewsletterSignupPage, newsletterPageMeta, type NewsletterSignupView } from "~/components/content/newsletter-link-page";
import { acceptRequest } from "~/server/web/endpoint.server";
import { passRetryAfter } from "~/server/platform/retry-after.server";
import { subscribe } from "~/server/newsletter/newsletter.server";
import { NEWSLETTER_PAGE_HEADERS } from "~/server/newsletter/pages.server";
import { RATE_LIMITS } from "~/server/platform/rate-limit.server";

/**
 * /newsletter/subscribe: the footer's sign-up form posts here when the page's JavaScript has not
 * run yet (or never does), so the address never lands in a GET query string. Same rules as
 * POST /api/newsletter: the schema, the rate limit, a confirmation mail in the page's language.
 */
export const meta: Route.MetaFunction = ({ location }) => newsletterPageMeta(location.pathname, "subscribe");

export const headers: Route.HeadersFunction = (args) => passRetryAfter(args, NEWSLETTER_PAGE_HEADERS);

export const loader = ({ params, context }: Route.LoaderArgs) => ({ translations: translationsFor({ params, context }, ["info", "newsletter"]) });

/** One answer shape (the page's view, with its status) whatever happened. */
const answer = (view: NewsletterSignupView, init?: ResponseInit) => data({ view }, init);

export async function action(args: Route.ActionArgs) {
  const accepted = await acceptRequest(args, { body: "form", schema: newsletterSchema, limit: RATE_LIMITS.newsletter });
  if (!accepted.ok) {
    const { status, refusal, headers } = accepted;
    // Bots fill the hidden field: they get the same answer as people, and nothing is stored.
    if (refusal.fields?.website) return answer({ state: "done" });
    return answer({ state: "refused", code: refusal.code }, { status, headers });
  }
  const { lang } = splitLangFromPath(new URL(args.request.url).pathname);
  await subscribe(accepted.db, accepted.services.site, accepted.input.email, lang, accepted.now);
  return answer({ state: "done" });
}

export default function NewsletterSubscribePage({ actionData }: Route.ComponentProps) {
  return <NewsletterSignupPage view={actionData?.view ?? { state: "form" }} />;
}
