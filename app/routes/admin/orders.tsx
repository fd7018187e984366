import type { Route } from "./+types/orders";
import { adminMeta } from "~/components/admin/meta";
import { PageTitle } from "~/components/admin/ui";
import { requireSeller } from "~/server/admin/guard.server";

export const meta: Route.MetaFunction = () => adminMeta("orders");

export async function loader({ request }: Route.LoaderArgs) {
  await requireSeller(request);
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  await requireSeller(request);
  return null;
}

export default function Page() {
  return <PageTitle>orders</PageTitle>;
}
