import { Outlet, useLoaderData, useLocation } from "react-router";
import type { Route } from "./+types/inbox";
import { AdminError } from "~/components/admin/admin-error";
import { useConsole } from "~/components/admin/use-console";
import { consoleTranslations } from "~/i18n/console.server";
import { Tabs } from "~/components/admin/kit/tabs";
import { PageTitle } from "~/components/admin/kit/page";
import { routeAccess } from "~/domain/seller/permissions";
import { requireSeller } from "~/server/seller-auth/guard.server";
import { inboxCounts } from "~/server/contact/inbox.server";

/** What this route needs (docs/decisions/036-staff-roles.md; the walk test checks it). */
export const access = routeAccess({ read: "inbox.view" });

/** The inbox's frame: its three lists as tabs, each with what waits in it. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const seller = await requireSeller(request, access.read, context.services);
  // The inbox's words: locales/{lang}/adminInbox.json (docs/decisions/055), for its three pages too.
  return { ...(await inboxCounts(context.services.db)), translations: consoleTranslations(seller.lang, ["adminInbox"]) };
}

const SECTIONS = [
  { to: "/admin/inbox", label: "adminInbox.inbox.messages", key: "unread", counted: "adminInbox.inbox.unread" },
  { to: "/admin/inbox/reviews", label: "adminInbox.inbox.reviews", key: "pendingReviews", counted: "adminInbox.inbox.waiting" },
  { to: "/admin/inbox/subscribers", label: "adminInbox.inbox.newsletter", key: "confirmed", counted: "adminInbox.inbox.confirmed" },
] as const;

export default function Inbox() {
  const counts = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  const { t } = useConsole();
  const current = SECTIONS.findLast((s) => pathname === s.to || pathname.startsWith(`${s.to}/`)) ?? SECTIONS[0];
  return (
    <>
      <PageTitle>{t("adminInbox.inbox.title")}</PageTitle>
      <Tabs
        label={t("adminInbox.inbox.sections")}
        variant="sections"
        tabs={SECTIONS.map((s) => ({
          to: s.to,
          label: t(s.label),
          count: counts[s.key] || undefined,
          countLabel: t(s.counted),
          active: s === current,
        }))}
      />
      <Outlet />
    </>
  );
}

/** Inside the console's frame: a refusal (a role's 403), an unknown id, a request the page cannot read. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
