import { useLoaderData } from "react-router";
import type { Route } from "./+types/inbox-subscribers";
import { AdminError } from "~/components/admin/admin-error";
import { consoleMeta } from "~/components/admin/meta";
import { useConsole } from "~/components/admin/use-console";
import { consoleTranslations } from "~/i18n/console.server";
import { Pager, Tabs } from "~/components/admin/kit/tabs";
import { Card } from "~/components/admin/kit/page";
import { Table } from "~/components/admin/kit/table";
import { buttonClass } from "~/components/ui/button";
import { useCan } from "~/components/admin/use-can";
import { routeAccess } from "~/domain/seller/permissions";
import { requireSeller } from "~/server/seller-auth/guard.server";
import { listSubscribers, pageNumber, subscriberFilterOf, type SubscriberFilter } from "~/server/contact/inbox.server";

/** What this route needs (docs/decisions/036-staff-roles.md; the walk test checks it). */
export const access = routeAccess({ read: "inbox.view" });

export const meta: Route.MetaFunction = ({ matches }) => consoleMeta(matches, "adminInbox.inbox.newsletter");

const FILTERS: readonly { value: SubscriberFilter; label: string }[] = [
  { value: "confirmed", label: "adminInbox.subscribers.confirmed" },
  { value: "pending", label: "adminInbox.subscribers.pending" },
  { value: "unsubscribed", label: "adminInbox.subscribers.unsubscribed" },
  { value: "all", label: "adminInbox.subscribers.all" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const seller = await requireSeller(request, access.read, context.services);
  const url = new URL(request.url);
  const filter = subscriberFilterOf(url);
  return { filter, ...(await listSubscribers(context.services.db, filter, pageNumber(url))), translations: consoleTranslations(seller.lang, ["adminInbox"]) };
}

export default function Subscribers() {
  const { filter, rows, page, pages, counts, total } = useLoaderData<typeof loader>();
  const href = (show: SubscriberFilter, p = 1) => `/admin/inbox/subscribers?show=${show}${p > 1 ? `&page=${p}` : ""}`;
  const can = useCan();
  const all = counts.confirmed + counts.pending + counts.unsubscribed;
  const { t, when } = useConsole();
  return (
    <>
      <Tabs
        label={t("adminInbox.subscribers.show")}
        tabs={FILTERS.map((f) => ({ to: href(f.value), label: t(f.label), count: f.value === "all" ? all : counts[f.value], active: f.value === filter }))}
      />
      <Card>
        <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-base font-semibold text-slate-900">
            {t(`adminInbox.subscribers.heading.${filter}`)} ({total})
          </h2>
          {/* A plain link: the browser downloads the file (the loader of a resource route). */}
          {can("newsletter.export") && (
            <a href={`/admin/inbox/subscribers.csv?show=${filter}`} download className={buttonClass({ variant: "secondary" })}>
              {t("adminInbox.subscribers.csv")}
              <span className="sr-only"> {t(`adminInbox.subscribers.csvOf.${filter}`)}</span>
            </a>
          )}
        </div>
        <p className="mb-3 text-sm text-slate-700">{t("adminInbox.subscribers.onlyConfirmed")}</p>
        <Table
          empty={t("adminInbox.subscribers.none")}
          caption={t(`adminInbox.subscribers.heading.${filter}`)}
          tableClassName="min-w-[36rem]"
          rowHeads
          columns={[
            t("adminInbox.subscribers.colEmail"),
            t("adminInbox.subscribers.colStatus"),
            t("adminInbox.subscribers.colLanguage"),
            t("adminInbox.subscribers.colSince"),
          ]}
          keys={rows.map((s) => s.email)}
          rows={rows.map((s) => [
            <span className="break-all">{s.email}</span>,
            t(`adminInbox.subscribers.status.${s.status}`),
            <span className="uppercase">{s.lang}</span>,
            <span className="text-xs text-slate-700">
              {when(
                s.status === "confirmed" && s.confirmedAt ? s.confirmedAt : s.status === "unsubscribed" && s.unsubscribedAt ? s.unsubscribedAt : s.createdAt,
              )}
            </span>,
          ])}
        />
      </Card>
      <Pager page={page} pages={pages} href={(p) => href(filter, p)} />
    </>
  );
}

/** Inside the console's frame: a refusal (a role's 403), an unknown id, a request the page cannot read. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
