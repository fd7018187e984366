import type { Permission } from "~/domain/seller/permissions";

export interface AdminNavItem {
  to: string;
  label: string;
  /** Active only on that exact path (the dashboard). */
  end: boolean;
  /** What the section's page needs: the nav shows it only to roles that may (docs/decisions/036). Its route's `access.read`. */
  need: Permission;
}

/** The console's sections, in nav order. */
export const ADMIN_NAV: readonly AdminNavItem[] = [
  { to: "/admin", label: "Dashboard", end: true, need: "console" },
  { to: "/admin/orders", label: "Orders", end: false, need: "orders.view" },
  { to: "/admin/analytics", label: "Analytics", end: false, need: "analytics.delivery" },
  { to: "/admin/reports", label: "Reports", end: false, need: "reports.view" },
  { to: "/admin/disputes", label: "Disputes", end: false, need: "disputes.view" },
  { to: "/admin/products", label: "Products", end: false, need: "products.view" },
  { to: "/admin/coupons", label: "Coupons", end: false, need: "coupons.view" },
  { to: "/admin/inbox", label: "Inbox", end: false, need: "inbox.view" },
  { to: "/admin/campaigns", label: "Campaigns", end: false, need: "campaigns.view" },
  { to: "/admin/blocklist", label: "Blocklist", end: false, need: "blocklist.view" },
  { to: "/admin/privacy", label: "Privacy", end: false, need: "privacy.view" },
  { to: "/admin/suppressions", label: "Suppressed mail", end: false, need: "suppressions.view" },
  { to: "/admin/login-keys", label: "Login keys", end: false, need: "login-keys.manage" },
  { to: "/admin/accounts", label: "Accounts", end: false, need: "accounts.manage" },
  { to: "/admin/account", label: "Account", end: false, need: "console" },
];
