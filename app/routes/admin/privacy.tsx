import { useLoaderData } from "react-router";
import type { Route } from "./+types/privacy";
import { Card, PageTitle } from "~/components/admin/kit/page";
import { Table } from "~/components/admin/kit/table";
import { consoleMeta } from "~/components/admin/meta";
import { useConsole } from "~/components/admin/use-console";
import { consoleTranslations } from "~/i18n/console.server";
import { routeAccess } from "~/domain/seller/permissions";
import { requireSeller } from "~/server/seller-auth/guard.server";
import { listPrivacyRuns } from "~/server/privacy/retention.server";
import { listPrivacyRequests } from "~/server/privacy/requests.server";

/** What this route needs (docs/decisions/036-staff-roles.md; the walk test checks it). */
export const access = routeAccess({ read: "privacy.view" });

// The page's words: locales/{lang}/adminPrivacy.json (docs/decisions/055).
export const meta: Route.MetaFunction = ({ matches }) => consoleMeta(matches, "adminPrivacy.privacy.title");

export async function loader({ request, context }: Route.LoaderArgs) {
  const seller = await requireSeller(request, access.read, context.services);
  const now = context.services.now();
  return {
    translations: consoleTranslations(seller.lang, ["adminPrivacy"]),
    policy: context.services.retention,
    runs: await listPrivacyRuns(context.services.db),
    requests: await listPrivacyRequests(context.services.db, now),
  };
}

const BLOCKERS = new Set(["order_open", "open_dispute", "open_report"]);

/**
 * What the shop keeps and for how long (docs/decisions/041): the policy in force, each run of the
 * retention job (what it removed, when) and each buyer's data request with where it stands.
 */
export default function Privacy() {
  const { policy, runs, requests } = useLoaderData<typeof loader>();
  const { t, when } = useConsole();
  return (
    <>
      <PageTitle>{t("adminPrivacy.privacy.title")}</PageTitle>
      <Card>
        <h2 className="text-base font-semibold text-slate-900">{t("adminPrivacy.privacy.policy")}</h2>
        <p className="mt-1 text-sm text-slate-700">{t("adminPrivacy.privacy.policyText", { months: policy.orderMonths, days: policy.visitDays })}</p>
      </Card>
      <div className="mt-4 grid grid-cols-1 gap-4">
        <Card>
          <Table
            caption={t("adminPrivacy.privacy.requests")}
            tableClassName="min-w-[40rem]"
            empty={t("adminPrivacy.privacy.noRequests")}
            columns={[
              t("adminPrivacy.privacy.colAsked"),
              t("adminPrivacy.privacy.colRequest"),
              t("adminPrivacy.privacy.colOrder"),
              t("adminPrivacy.privacy.colStatus"),
              t("adminPrivacy.privacy.colConfirmed"),
              t("adminPrivacy.privacy.colDone"),
            ]}
            keys={requests.map((r) => r.id)}
            rows={requests.map((r) => [
              when(r.createdAt),
              r.kind === "export" ? t("adminPrivacy.privacy.export") : t("adminPrivacy.privacy.delete"),
              <span key="o" className="font-mono text-xs">
                {r.orderId}
              </span>,
              <span key="s" className="text-xs">
                {t(`adminPrivacy.privacy.status.${r.status}`)}
                {r.reason && (
                  <span className="block text-slate-600">
                    {t("adminPrivacy.privacy.waits", {
                      blockers: r.reason
                        .split(",")
                        .map((b) => (BLOCKERS.has(b) ? t(`adminPrivacy.privacy.blockers.${b}`) : b))
                        .join(", "),
                    })}
                  </span>
                )}
              </span>,
              r.confirmedAt ? when(r.confirmedAt) : "—",
              r.doneAt ? when(r.doneAt) : "—",
            ])}
          />
        </Card>
        <Card>
          <Table
            caption={t("adminPrivacy.privacy.runs")}
            tableClassName="min-w-[40rem]"
            empty={t("adminPrivacy.privacy.noRuns")}
            columns={[
              t("adminPrivacy.privacy.colWhen"),
              t("adminPrivacy.privacy.colPseudonymised"),
              t("adminPrivacy.privacy.colVisits"),
              t("adminPrivacy.privacy.colRateLimits"),
              t("adminPrivacy.privacy.colApplied"),
            ]}
            keys={runs.map((r) => r.id)}
            rows={runs.map((r) => [
              when(r.ranAt),
              <span key="o" className="text-xs">
                {r.ordersPseudonymised}
                {r.orderIds.length > 0 && <span className="block break-all font-mono text-slate-600">{r.orderIds.join(", ")}</span>}
              </span>,
              String(r.visitsDeleted),
              String(r.rateLimitsDeleted),
              String(r.requestsApplied),
            ])}
          />
        </Card>
      </div>
    </>
  );
}
