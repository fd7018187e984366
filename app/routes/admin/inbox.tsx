import { Outlet, useLoaderData, useLocation } from "react-router";
import type { Route } from "./+types/inbox";
import { AdminError } from "~/components/admin/admin-error";
import { Tabs } from "~/components/admin/kit/tabs";
import { PageTitle } from "~/components/admin/kit/page";
import { routeAccess } from "~/domain/seller/permissions";
import { requireSeller } from "~/server/seller-auth/guard.server";
import { inboxCounts } from "~/server/contact/inbox.server";

/** What this route needs (docs/decisions/036-staff-roles.md; the walk test checks it). */
export const access = routeAccess({ read: "inbox.view" });

/** The inbox's frame: its three lists as tabs, each with what waits in it. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSeller(request, access.read, context.services);
  return inboxCounts(context.services.db);
}

const SECTIONS = [
  { to: "/admin/inbox", label: "Messages", key: "unread", counted: "unread" },
  { to: "/admin/inbox/reviews", label: "Reviews", key: "pendingReviews", counted: "waiting" },
  { to: "/admin/inbox/subscribers", label: "Newsletter", key: "confirmed", counted: "confirmed" },
] as const;

export default function Inbox() {
  const counts = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  const current = SECTIONS.findLast((s) => pathname === s.to || pathname.startsWith(`${s.to}/`)) ?? SECTIONS[0];
  return (
    <>
      <PageTitle>Inbox</PageTitle>
      <Tabs
        label="Inbox sections"
        variant="sections"
        tabs={SECTIONS.map((s) => ({
          to: s.to,
          label: s.label,
          count: counts[s.key] || undefined,
          countLabel: s.counted,
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
