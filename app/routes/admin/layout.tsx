import { Outlet, useLoaderData } from "react-router";
import type { Route } from "./+types/layout";
import { AdminFrame } from "~/components/admin/admin-frame";
import { consoleMeta } from "~/components/admin/meta";
import { consoleTranslations } from "~/i18n/console.server";
import { AdminError } from "~/components/admin/admin-error";
import { routeAccess } from "~/domain/seller/permissions";
import { waitingReportCount } from "~/server/problem-reports/reports.server";
import { requireSeller } from "~/server/seller-auth/guard.server";
import { paidOrderCount } from "~/server/orders/desk.server";

/** What this route needs (docs/decisions/036-staff-roles.md; the walk test checks it). */
export const access = routeAccess({ read: "console" });

/**
 * The console's layout. Its loader guards the frame only: React Router runs every matched loader
 * in parallel, so each page's own loader and action call requireSeller too (a test walks them all).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.services.db;
  const seller = await requireSeller(request, access.read, context.services);
  const [paid, reports] = await Promise.all([paidOrderCount(db), waitingReportCount(db)]);
  // The role lets every page hide what it may not use (useCan); the server refuses it anyway.
  // The account's language and zone: the frame's strings, and what useConsole() formats with (docs/decisions/055).
  return {
    email: seller.email,
    role: seller.role,
    badges: { "/admin/orders": paid, "/admin/reports": reports },
    prefs: { lang: seller.lang, timeZone: seller.timeZone },
    translations: consoleTranslations(seller.lang, ["admin"]),
  };
}

// Shown only when the layout itself failed (its pages set their own).
export const meta: Route.MetaFunction = ({ matches }) => consoleMeta(matches, "admin.error.title");

export default function AdminLayout() {
  const { email, role, badges } = useLoaderData<typeof loader>();
  return (
    <AdminFrame email={email} role={role} badges={badges}>
      <Outlet />
    </AdminFrame>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} standalone />;
}
