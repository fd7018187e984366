import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/privacy-policy";
import { translationsFor } from "~/i18n/resources.server";
import { pageMeta } from "~/seo";
import { PolicyPage } from "~/components/content/policy-page";
import { isoDay } from "~/components/content/text";
import { LocalLink } from "~/components/ui/local-link";

export const meta: Route.MetaFunction = (args) => pageMeta(args, "privacyPolicy");

/** Today's date is taken on the server so the server and the hydrating browser print the same day. */
export function loader({ params, context }: Route.LoaderArgs) {
  // The retention periods in force (RETENTION_ORDER_MONTHS, RETENTION_VISIT_DAYS; docs/decisions/041).
  const { orderMonths, visitDays } = context.services.retention;
  return {
    updated: isoDay(),
    retention: { orderMonths, visitDays },
    translations: translationsFor({ params, context }, ["contact", "info", "policies", "meta.privacyPolicy"]),
  };
}

export default function PrivacyPolicyPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <PolicyPage
      name="privacy"
      updated={loaderData.updated}
      vars={loaderData.retention}
      extras={{
        rights: (
          <LocalLink to="/contact" className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900">
            {t("policies.links.contact")}
          </LocalLink>
        ),
      }}
    />
  );
}
