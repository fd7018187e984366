/**
 * Who may do what in the seller console (docs/decisions/036-staff-roles.md): the one table. Each
 * console route declares, per loader and per posted `intent`, which entry it needs (`routeAccess`
 * below); the server refuses the rest with 403 and an audit row, and the console hides what the
 * seller's role may not use. Pure: shared by the server, the pages and the tests.
 */

export const SELLER_ROLES = ["owner", "staff"] as const;
export type SellerRole = (typeof SELLER_ROLES)[number];

export const ROLE_LABELS: Record<SellerRole, string> = { owner: "Owner", staff: "Staff" };

const EVERYONE = ["owner", "staff"] as const;
const OWNER = ["owner"] as const;

/**
 * Every console action, keyed by name, with the roles that may do it and what it is (shown in a
 * refusal). Staff run the daily work — orders, deliveries, login reveals, problem reports, the
 * inbox, the figures; money out, prices, the catalogue, coupons, exports, the blocklist, login
 * keys, dispute answers and accounts stay with the owner. A new console route adds its entries here.
 */
export const PERMISSIONS = {
  /** Being in the console at all: the frame, the dashboard's figures, one's own account (TOTP, sessions). */
  console: { roles: EVERYONE, what: "use the console" },
  "orders.view": { roles: EVERYONE, what: "see orders" },
  /** Start, deliver, re-deliver, cancel, record a payment received outside PayPal. */
  "orders.work": { roles: EVERYONE, what: "work on orders" },
  "orders.refund": { roles: OWNER, what: "refund orders" },
  "orders.export": { roles: OWNER, what: "export orders" },
  "logins.reveal": { roles: EVERYONE, what: "reveal buyers' logins" },
  "login-keys.manage": { roles: OWNER, what: "manage login key pairs" },
  "inbox.view": { roles: EVERYONE, what: "read the inbox" },
  "inbox.work": { roles: EVERYONE, what: "handle messages and reviews" },
  "newsletter.export": { roles: OWNER, what: "export the newsletter list" },
  "products.view": { roles: OWNER, what: "see the product catalogue" },
  "products.edit": { roles: OWNER, what: "change products and prices" },
  "products.media": { roles: OWNER, what: "upload product media" },
  "coupons.view": { roles: OWNER, what: "see coupons" },
  "coupons.edit": { roles: OWNER, what: "create and change coupons" },
  /** Problem reports (issue 21): the queue, answers, re-deliveries, closing. A refund from a report needs orders.refund. */
  "reports.view": { roles: EVERYONE, what: "see problem reports" },
  "reports.work": { roles: EVERYONE, what: "answer problem reports" },
  /** PayPal disputes: reading them is work; evidence, accepting and messages speak for the shop. */
  "disputes.view": { roles: EVERYONE, what: "see disputes" },
  "disputes.respond": { roles: OWNER, what: "answer disputes (evidence, accept, messages)" },
  "blocklist.view": { roles: OWNER, what: "see the blocklist" },
  "blocklist.edit": { roles: OWNER, what: "block and unblock buyers" },
  "accounts.manage": { roles: OWNER, what: "manage seller accounts" },
  /** The retention policy's runs and buyers' data requests (docs/decisions/041). */
  "privacy.view": { roles: OWNER, what: "see retention runs and buyers' data requests" },
  /** Addresses marketing mail no longer reaches (bounces, complaints, refusals; docs/decisions/044). */
  "suppressions.view": { roles: OWNER, what: "see suppressed mail addresses" },
  "suppressions.lift": { roles: OWNER, what: "lift mail suppressions" },
  /** Posting a published product to the community Discord server. */
  "products.announce": { roles: OWNER, what: "announce products" },
  /** Campaigns to newsletter subscribers (issue 30): they speak for the shop to everyone at once. */
  "campaigns.view": { roles: OWNER, what: "see campaigns" },
  "campaigns.send": { roles: OWNER, what: "write and send campaigns" },
  /** The analytics page (issue 31): sales, products, coupons, refunds are the owner's; the delivery chart is everyone's work. */
  "analytics.view": { roles: OWNER, what: "see the shop's sales analytics" },
  "analytics.delivery": { roles: EVERYONE, what: "see the delivery figures" },
  "analytics.settings": { roles: OWNER, what: "change the analytics time zone" },
} as const satisfies Record<string, { roles: readonly SellerRole[]; what: string }>;

export type Permission = keyof typeof PERMISSIONS;

export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as Permission[];

export function isPermission(name: string): name is Permission {
  return Object.hasOwn(PERMISSIONS, name);
}

export function isSellerRole(value: unknown): value is SellerRole {
  return typeof value === "string" && (SELLER_ROLES as readonly string[]).includes(value);
}

/** Whether `role` may do `permission`. An unknown role may do nothing. */
export function roleMay(role: SellerRole | null | undefined, permission: Permission): boolean {
  return role != null && (PERMISSIONS[permission].roles as readonly string[]).includes(role);
}

/**
 * What one console route module needs, exported as `access`:
 * - `read`: what its loader needs (every route with a loader declares one);
 * - `write`: what its action needs, one permission for any post, or one per posted `intent`
 *   (an intent not listed is refused as unknown, so an action cannot grow an undeclared one).
 */
export interface RouteAccess {
  read?: Permission;
  write?: Permission | Readonly<Record<string, Permission>>;
}

/** Declares a route's access (typed: a misspelt permission does not compile). */
export function routeAccess<const A extends RouteAccess>(access: A): A {
  return access;
}

/** The permission a post with `intent` needs under `access`, or null when the route does not declare that intent. */
export function writePermission(access: RouteAccess, intent: string): Permission | null {
  const { write } = access;
  if (write === undefined) return null;
  if (typeof write === "string") return write;
  return Object.hasOwn(write, intent) ? (write[intent] ?? null) : null;
}

/** The intents a route's action declares (for the walk test and the docs); [] when one permission covers every post. */
export function declaredIntents(access: RouteAccess): string[] {
  return access.write && typeof access.write !== "string" ? Object.keys(access.write) : [];
}

/**
 * The sentence a refusal shows, in English: "Your role (staff) may not refund orders: ask the shop's
 * owner." The console says it in the seller's language (roleRefusal in guard.server.ts, from
 * admin.refusal and admin.permissions in the console's strings, whose English equals `what` here).
 */
export function refusalMessage(role: SellerRole, permission: Permission): string {
  return `Your role (${ROLE_LABELS[role].toLowerCase()}) may not ${PERMISSIONS[permission].what}: ask the shop's owner.`;
}
