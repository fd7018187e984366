import { translationsFor } from "~/i18n/resources.server";
import type { Route } from "./+types/newsletter.unsubscribe";
import { NewsletterLinkPage, newsletterPageMeta, skipRevalidationAfterSubmit } from "~/components/content/newsletter-link-page";
import { NEWSLETTER_PAGE_HEADERS, newsletterPageAction, newsletterPageLoader } from "~/server/newsletter/pages.server";

/** /newsletter/unsubscribe?t=…: the unsubscribe link of every newsletter-type mail; its POST also takes a mail client's one-click (RFC 8058). */
export const meta: Route.MetaFunction = ({ location }) => newsletterPageMeta(location.pathname, "unsubscribe");

export const headers: Route.HeadersFunction = () => NEWSLETTER_PAGE_HEADERS;

export const shouldRevalidate = skipRevalidationAfterSubmit;

export const loader = ({ request, params, context }: Route.LoaderArgs) =>
  newsletterPageLoader(context.services, "unsubscribe", request, translationsFor({ params, context }, ["info", "newsletter"]));

export const action = ({ request, context }: Route.ActionArgs) => newsletterPageAction(context.services, "unsubscribe", request);

export default function NewsletterUnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  return <NewsletterLinkPage action="unsubscribe" link={actionData?.link ?? loaderData.link} token={loaderData.token} />;
}
