import { translationsFor } from "~/i18n/resources.server";
import type { Route } from "./+types/newsletter.confirm";
import { NewsletterLinkPage, newsletterPageMeta, skipRevalidationAfterSubmit } from "~/components/content/newsletter-link-page";
import { NEWSLETTER_PAGE_HEADERS, newsletterPageAction, newsletterPageLoader } from "~/server/newsletter/pages.server";

/** /newsletter/confirm?t=…: the double opt-in link of the confirmation mail. */
export const meta: Route.MetaFunction = ({ location }) => newsletterPageMeta(location.pathname, "confirm");

export const headers: Route.HeadersFunction = () => NEWSLETTER_PAGE_HEADERS;

export const shouldRevalidate = skipRevalidationAfterSubmit;

export const loader = ({ request, params, context }: Route.LoaderArgs) =>
  newsletterPageLoader(context.services, "confirm", request, translationsFor({ params, context }, ["info", "newsletter"]));

export const action = ({ request, context }: Route.ActionArgs) => newsletterPageAction(context.services, "confirm", request);

export default function NewsletterConfirmPage({ loaderData, actionData }: Route.ComponentProps) {
  return <NewsletterLinkPage action="confirm" link={actionData?.link ?? loaderData.link} token={loaderData.token} />;
}
