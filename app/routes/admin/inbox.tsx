import { Outlet, useLoaderData, useLocation } from "react-router";
import { count, eq } from "drizzle-orm";
import type { Route } from "./+types/inbox";
import { FilterTabs } from "~/components/admin/shop/filter-tabs";
import { PageTitle } from "~/components/admin/ui";
import { getDb } from "~/server/db.server";
import { requireSeller } from "~/server/admin/guard.server";
import { contactMessages, newsletterSubscribers, reviews } from "../../../db/schema";

/** The inbox's frame: its three lists as tabs, each with what waits in it. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireSeller(request);
  const db = getDb();
  const [[unread], [pending], [confirmed]] = await Promise.all([
    db.select({ n: count() }).from(contactMessages).where(eq(contactMessages.handled, false)),
    db.select({ n: count() }).from(reviews).where(eq(reviews.status, "pending")),
    db.select({ n: count() }).from(newsletterSubscribers).where(eq(newsletterSubscribers.status, "confirmed")),
  ]);
  return { unread: Number(unread.n), pendingReviews: Number(pending.n), confirmed: Number(confirmed.n) };
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
      <FilterTabs
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
