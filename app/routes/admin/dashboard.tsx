import { Link } from "react-router";
import type { Route } from "./+types/dashboard";
import { adminMeta } from "~/components/admin/meta";
import { Card, PageTitle } from "~/components/admin/ui";
import { requireSeller } from "~/server/admin/guard.server";

// A placeholder until the dashboard (figures, waiting orders, health) lands from the admin-shop branch.
export const meta: Route.MetaFunction = () => adminMeta("Dashboard");

export async function loader({ request }: Route.LoaderArgs) {
  const seller = await requireSeller(request);
  return { email: seller.email };
}

export default function Dashboard() {
  return (
    <>
      <PageTitle>Dashboard</PageTitle>
      <Card>
        <p className="text-sm text-slate-700">
          Paid orders wait in the{" "}
          <Link to="/admin/orders?status=paid" className="font-semibold text-brand-700 underline">
            order queue
          </Link>
          , oldest first.
        </p>
      </Card>
    </>
  );
}
