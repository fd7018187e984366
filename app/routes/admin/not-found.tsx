import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { AdminError } from "~/components/admin/admin-error";
import { routeAccess } from "~/domain/seller/permissions";
import { requireSeller } from "~/server/seller-auth/guard.server";

/** What this route needs (docs/decisions/036-staff-roles.md; the walk test checks it). */
export const access = routeAccess({ read: "console", write: "console" });

/** Unknown console paths: a 404 for a seller, the login page (or 401) for anyone else. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSeller(request, access.read, context.services);
  throw data(null, { status: 404 });
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireSeller(request, access.write, context.services);
  throw data(null, { status: 404 });
}

export default function AdminNotFound() {
  return null;
}

/** Inside the console's frame (an unknown order, a refused request). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
