import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/terms-of-service";
import { translationsFor } from "~/i18n/resources.server";
import { pageMeta } from "~/seo";
import { PolicyPage } from "~/components/content/policy-page";
import { isoDay } from "~/components/content/text";
import { LocalLink } from "~/components/ui/local-link";

export const meta: Route.MetaFunction = (args) => pageMeta(args, "termsOfService");

/** Today's date is taken on the server so the server and the hydrating browser print the same day. */
export function loader({ params, context }: Route.LoaderArgs) {
  return { updated: isoDay(), translations: translationsFor({ params, context }, ["contact", "info", "policies", "meta.termsOfService"]) };
}

const linkClass = "font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900";

export default function TermsOfServicePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <PolicyPage
      name="terms"
      updated={loaderData.updated}
      extras={{
        prices: (
          <LocalLink to="/return-policy" className={linkClass}>
            {t("policies.links.returnPolicy")}
          </LocalLink>
        ),
        account: (
          <LocalLink to="/login-required#rules" className={linkClass}>
            {t("policies.links.usageRules")}
          </LocalLink>
        ),
      }}
    />
  );
}
