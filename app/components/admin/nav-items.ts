/** The console's sections, in nav order. `end`: active only on that exact path (the dashboard). */
export const ADMIN_NAV = [
  { to: "/admin", label: "Dashboard", end: true },
  { to: "/admin/orders", label: "Orders", end: false },
  { to: "/admin/disputes", label: "Disputes", end: false },
  { to: "/admin/products", label: "Products", end: false },
  { to: "/admin/coupons", label: "Coupons", end: false },
  { to: "/admin/inbox", label: "Inbox", end: false },
  { to: "/admin/blocklist", label: "Blocklist", end: false },
  { to: "/admin/login-keys", label: "Login keys", end: false },
  { to: "/admin/account", label: "Account", end: false },
] as const;
