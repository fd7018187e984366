import type { Route } from "./+types/return-policy";
import { translationsFor } from "~/i18n/resources.server";
import { pageMeta } from "~/seo";
import { PolicyPage } from "~/components/content/policy-page";
import { isoDay } from "~/components/content/text";

export const meta: Route.MetaFunction = (args) => pageMeta(args, "returnPolicy");

/** Today's date is taken on the server so the server and the hydrating browser print the same day. */
export function loader({ params, context }: Route.LoaderArgs) {
  return { updated: isoDay(), translations: translationsFor({ params, context }, ["contact", "info", "policies", "meta.returnPolicy"]) };
}

export default function ReturnPolicyPage({ loaderData }: Route.ComponentProps) {
  return <PolicyPage name="returns" updated={loaderData.updated} />;
}
