import { useRouteLoaderData } from "react-router";
import { isSellerRole, roleMay, type Permission, type SellerRole } from "~/domain/seller/permissions";

/** The console layout's route id: its loader gives every page the seller's role. */
const LAYOUT_ID = "routes/admin/layout";

/** The signed-in seller's role, from the console layout's data (null outside it). */
export function useSellerRole(): SellerRole | null {
  const role = (useRouteLoaderData(LAYOUT_ID) as { role?: unknown } | undefined)?.role;
  return isSellerRole(role) ? role : null;
}

/**
 * `can(permission)`: whether to show a link, button or form (docs/decisions/036-staff-roles.md).
 * Only hides: the server refuses the same request whatever the page shows.
 */
export function useCan(): (permission: Permission) => boolean {
  const role = useSellerRole();
  return (permission) => roleMay(role, permission);
}
