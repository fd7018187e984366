import type { Permission } from "~/domain/seller/permissions";

export interface AdminNavItem {
  to: string;
  /** Its name, a key of the console's `admin` area (docs/decisions/055). */
  label: string;
  /** Active only on that exact path (the dashboard). */
  end: boolean;
  /** What the section's page needs: the nav shows it only to roles that may (docs/decisions/036). Its route's `access.read`. */
  need: Permission;
}

/** The console's sections, in nav order. */
export const ADMIN_NAV: readonly AdminNavItem[] = [
  { to: "/admin", label: "admin.nav.dashboard", end: true, need: "console" },
  { to: "/admin/orders", label: "admin.nav.orders", end: false, need: "orders.view" },
  { to: "/admin/analytics", label: "admin.nav.analytics", end: false, need: "analytics.delivery" },
  { to: "/admin/reports", label: "admin.nav.reports", end: false, need: "reports.view" },
  { to: "/admin/disputes", label: "admin.nav.disputes", end: false, need: "disputes.view" },
  { to: "/admin/products", label: "admin.nav.products", end: false, need: "products.view" },
  { to: "/admin/coupons", label: "admin.nav.coupons", end: false, need: "coupons.view" },
  { to: "/admin/inbox", label: "admin.nav.inbox", end: false, need: "inbox.view" },
  { to: "/admin/campaigns", label: "admin.nav.campaigns", end: false, need: "campaigns.view" },
  { to: "/admin/blocklist", label: "admin.nav.blocklist", end: false, need: "blocklist.view" },
  { to: "/admin/privacy", label: "admin.nav.privacy", end: false, need: "privacy.view" },
  { to: "/admin/suppressions", label: "admin.nav.suppressions", end: false, need: "suppressions.view" },
  { to: "/admin/login-keys", label: "admin.nav.loginKeys", end: false, need: "login-keys.manage" },
  { to: "/admin/accounts", label: "admin.nav.accounts", end: false, need: "accounts.manage" },
  { to: "/admin/account", label: "admin.nav.account", end: false, need: "console" },
];
