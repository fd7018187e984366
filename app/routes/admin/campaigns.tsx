import { Link, useLoaderData } from "react-router";
import type { Route } from "./+types/campaigns";
import { utc } from "~/components/admin/kit/format";
import { Card, PageTitle } from "~/components/admin/kit/page";
import { Table } from "~/components/admin/kit/table";
import { adminMeta } from "~/components/admin/meta";
import { CAMPAIGN_STATUS_LABELS } from "~/domain/campaigns";
import { routeAccess } from "~/domain/seller/permissions";
import { listCampaigns, reachableSubscribers } from "~/server/campaigns/campaigns.server";
import { requireSeller } from "~/server/seller-auth/guard.server";

/** Owner only (docs/decisions/036, 046): a campaign speaks for the shop to every subscriber. */
export const access = routeAccess({ read: "campaigns.view" });

export const meta: Route.MetaFunction = () => adminMeta("Campaigns");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSeller(request, access.read, context.services);
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
  };
}

/** Campaigns to newsletter subscribers, newest first. */
export default function Campaigns() {
  const { campaigns, reachable } = useLoaderData<typeof loader>();
  return (
    <>
      <PageTitle
        actions={
          <Link to="/admin/campaigns/new" className="rounded-md bg-brand-700 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-800">
            New campaign
          </Link>
        }
      >
        Campaigns
      </PageTitle>
      <p className="mb-4 text-sm text-slate-700">
        A campaign sent now reaches {reachable} confirmed subscriber{reachable === 1 ? "" : "s"} (suppressed addresses left out).
      </p>
      <Card>
        <Table
          caption="Campaigns"
          tableClassName="min-w-[36rem]"
          empty="No campaign yet."
          columns={["Subject", "Status", "Recipients", "When"]}
          keys={campaigns.map((c) => c.id)}
          rows={campaigns.map((c) => [
            <Link key="s" to={`/admin/campaigns/${c.id}`} className="font-semibold text-brand-700 underline">
              {c.subject}
            </Link>,
            CAMPAIGN_STATUS_LABELS[c.status],
            c.startedAt ? String(c.recipients) : "—",
            <span key="w" className="text-xs">
              {c.startedAt ? `Started ${utc(c.startedAt)}` : c.scheduledAt ? `Scheduled ${utc(c.scheduledAt)}` : `Created ${utc(c.createdAt)}`}
            </span>,
          ])}
        />
      </Card>
    </>
  );
}
