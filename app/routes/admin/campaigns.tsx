import { Link, useLoaderData } from "react-router";
import type { Route } from "./+types/campaigns";
import { Card, PageTitle } from "~/components/admin/kit/page";
import { Table } from "~/components/admin/kit/table";
import { consoleMeta } from "~/components/admin/meta";
import { useConsole } from "~/components/admin/use-console";
import { consoleTranslations } from "~/i18n/console.server";
import { routeAccess } from "~/domain/seller/permissions";
import { listCampaigns, reachableSubscribers } from "~/server/campaigns/campaigns.server";
import { requireSeller } from "~/server/seller-auth/guard.server";

/** Owner only (docs/decisions/036, 046): a campaign speaks for the shop to every subscriber. */
export const access = routeAccess({ read: "campaigns.view" });

// The page's words: locales/{lang}/adminCampaigns.json (docs/decisions/055).
export const meta: Route.MetaFunction = ({ matches }) => consoleMeta(matches, "adminCampaigns.list.title");

export async function loader({ request, context }: Route.LoaderArgs) {
  const seller = await requireSeller(request, access.read, context.services);
  const db = context.services.db;
  const [campaigns, reachable] = await Promise.all([listCampaigns(db), reachableSubscribers(db)]);
  return {
    reachable,
    campaigns: campaigns.map((c) => ({
      id: c.id,
      subject: c.subject.en,
      status: c.status,
      recipients: c.recipients,
      createdAt: c.createdAt.toISOString(),
      scheduledAt: c.scheduledAt?.toISOString() ?? null,
      startedAt: c.startedAt?.toISOString() ?? null,
    })),
    translations: consoleTranslations(seller.lang, ["adminCampaigns"]),
  };
}

/** Campaigns to newsletter subscribers, newest first. */
export default function Campaigns() {
  const { campaigns, reachable } = useLoaderData<typeof loader>();
  const { t, when } = useConsole();
  return (
    <>
      <PageTitle
        actions={
          <Link to="/admin/campaigns/new" className="rounded-md bg-brand-700 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-800">
            {t("adminCampaigns.list.new")}
          </Link>
        }
      >
        {t("adminCampaigns.list.title")}
      </PageTitle>
      <p className="mb-4 text-sm text-slate-700">{t("adminCampaigns.list.reach", { count: reachable })}</p>
      <Card>
        <Table
          caption={t("adminCampaigns.list.caption")}
          tableClassName="min-w-[36rem]"
          empty={t("adminCampaigns.list.empty")}
          columns={[
            t("adminCampaigns.list.colSubject"),
            t("adminCampaigns.list.colStatus"),
            t("adminCampaigns.list.colRecipients"),
            t("adminCampaigns.list.colWhen"),
          ]}
          keys={campaigns.map((c) => c.id)}
          rows={campaigns.map((c) => [
            <Link key="s" to={`/admin/campaigns/${c.id}`} className="font-semibold text-brand-700 underline">
              {c.subject}
            </Link>,
            t(`adminCampaigns.status.${c.status}`),
            c.startedAt ? String(c.recipients) : "—",
            <span key="w" className="text-xs">
              {c.startedAt
                ? t("adminCampaigns.list.started", { date: when(c.startedAt) })
                : c.scheduledAt
                  ? t("adminCampaigns.list.scheduled", { date: when(c.scheduledAt) })
                  : t("adminCampaigns.list.created", { date: when(c.createdAt) })}
            </span>,
          ])}
        />
      </Card>
    </>
  );
}
