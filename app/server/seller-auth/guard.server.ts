/**
 * The seller console's one door: every /admin loader and action (except the login steps) starts
 * with `requireSeller(request, need, context.services)`. Without a live session a page request is sent to the login page
 * (and comes back afterwards); anything else — React Router data requests, exports, form posts —
 * gets 401. A state-changing request must also come from the console's own origin, or 403.
 * In front of the router, `consoleWriteAllowed` answers every console post without the session it
 * needs with 401 before any route runs (server/guards.ts): React Router would otherwise render a
 * refused document post with the layout's loader, whose redirect to the login page would win.
 *
 * Past the door, the seller's role (docs/decisions/036-staff-roles.md): `requireSeller` takes the
 * permission the loader or action needs, from the route's `access` declaration; an action with one
 * permission per intent calls `requireIntent` once it has read the intent. A refusal is a 403 and
 * an audit row ("role_refused").
 */
import { data, redirect } from "react-router";
import type { ActionRefused } from "~/domain/seller/action-reply";
import type { ConsolePrefs } from "~/domain/seller/console-prefs";
import type { Lang } from "~/domain/lang";
import { roleMay, writePermission, type Permission, type RouteAccess, type SellerRole } from "~/domain/seller/permissions";
import { consoleT } from "~/i18n/console.server";
import { ADMIN_LOGIN, loginPathFor, safeAdminNext, sessionNeededToWrite } from "~/domain/seller-access";
import type { Db } from "../platform/db.server";
import type { Site } from "../platform/site.server";
import { recordSellerAction, type Actor } from "./audit.server";
import { readSessionToken, sessionTokenFromCookies } from "./session-cookie.server";
import { findLiveSession, type LiveSession } from "./sessions.server";

export interface Seller extends Actor, ConsolePrefs {
  id: number;
  email: string;
  totpEnabled: boolean;
  role: SellerRole;
  /** The current session's id (sha256 of its token): "log out everywhere else" keeps it. */
  sessionId: string;
  /** "seller:EMAIL": what histories and the audit table show. */
  actor: string;
}

/**
 * What the door needs of the services (routes pass `context.services`): the database, the site (its
 * origin, https or not, the session cookie's key) and the clock sessions expire by.
 */
export interface ConsoleDoor {
  db: Db;
  site: Pick<Site, "url" | "keys">;
  now: () => Date;
}

const READS = new Set(["GET", "HEAD"]);

/** A browser asking for a page (not a data request, an export or a form post). */
function wantsPage(request: Request): boolean {
  return READS.has(request.method) && (request.headers.get("accept") ?? "").includes("text/html");
}

function pathOf(request: Request): string {
  const url = new URL(request.url);
  return url.pathname + url.search;
}

/**
 * A state-changing request from the console's own pages: a browser sends Origin on every POST,
 * and Sec-Fetch-Site when it knows. The one origin is SITE_URL's (never one built from the
 * request's Host header, which the client chooses). Stricter than the shop-wide guard
 * (server/guards.ts), which lets a missing or "null" Origin through for the storefront's no-JS forms.
 */
export function isSameOriginRequest(request: Request, site: Pick<Site, "url">): boolean {
  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite && fetchSite !== "same-origin") return false;
  return request.headers.get("origin") === new URL(site.url).origin;
}

/** Throws the refusal for a request without a usable session (see the module comment). */
export function refuseWithoutSession(request: Request, stage: "none" | "totp" = "none"): never {
  if (wantsPage(request)) {
    const next = safeAdminNext(pathOf(request));
    throw redirect(stage === "totp" ? `${ADMIN_LOGIN}/code?next=${encodeURIComponent(next)}` : loginPathFor(next));
  }
  throw data({ ok: false, code: "unauthorized", message: "Log in to the seller console" }, { status: 401, headers: { "Cache-Control": "no-store" } });
}

export function refuseCrossSite(): never {
  throw data({ ok: false, code: "forbidden", message: "This request did not come from the seller console" }, { status: 403 });
}

/** The request's live session (any stage), or null: for the login pages themselves. */
export async function currentSession(request: Request, door: ConsoleDoor): Promise<LiveSession | null> {
  const token = readSessionToken(request, door.site);
  return token ? findLiveSession(door.db, token, door.now()) : null;
}

/** Whether the request comes from a fully signed-in seller (a draft's preview on the storefront); never redirects. */
export async function isSignedInSeller(request: Request, door: ConsoleDoor): Promise<boolean> {
  return (await currentSession(request, door))?.stage === "active";
}

/** Whether a console write to `route` (consoleRoutePath) carries the session it needs. */
export async function consoleWriteAllowed(route: string, cookieHeader: string | undefined, door: ConsoleDoor): Promise<boolean> {
  const needed = sessionNeededToWrite(route);
  if (needed === "none") return true;
  const token = sessionTokenFromCookies(cookieHeader, door.site);
  const session = token ? await findLiveSession(door.db, token, door.now()) : null;
  return session !== null && (needed === "any" || session.stage === "active");
}

/**
 * The signed-in seller whose role may do `need`, or a thrown redirect/401/403 (see the module
 * comment). Pass the route's `access.read` in a loader, `access.write` in an action with one
 * permission, "console" in an action that checks its intent next (`requireIntent`).
 */
export async function requireSeller(request: Request, need: Permission, door: ConsoleDoor): Promise<Seller> {
  const session = await currentSession(request, door);
  if (!session) refuseWithoutSession(request);
  if (session.stage !== "active") refuseWithoutSession(request, "totp");
  if (!READS.has(request.method) && !isSameOriginRequest(request, door.site)) refuseCrossSite();
  const { id, email, totpEnabled, role, lang, timeZone } = session.seller;
  const seller = { id, email, totpEnabled, role, lang, timeZone, sessionId: session.id, actor: `seller:${email}` };
  if (!roleMay(role, need)) await refuseForRole(door, request, seller, need);
  return seller;
}

/**
 * For an action with one permission per intent, after reading the form: an intent the route does
 * not declare is refused as unknown (400), one the seller's role may not use with 403 (audited).
 */
export async function requireIntent(
  request: Request,
  seller: Seller,
  access: RouteAccess,
  intent: string,
  door: Pick<ConsoleDoor, "db" | "now">,
): Promise<Permission> {
  const need = writePermission(access, intent);
  if (!need) throw data<ActionRefused>({ ok: false, message: consoleT(seller.lang)("admin.unknownAction"), fieldErrors: {} }, { status: 400 });
  if (!roleMay(seller.role, need)) await refuseForRole(door, request, seller, need, intent);
  return need;
}

/**
 * A role refusal in the seller's language: in English exactly the domain's refusalMessage ("Your role
 * (staff) may not refund orders: ask the shop's owner."); the admin area's permissions mirror PERMISSIONS' `what`.
 */
export function roleRefusal(lang: Lang, role: SellerRole, need: Permission): string {
  const t = consoleT(lang);
  return t("admin.refusal", { role: t(`admin.roles.${role}`).toLowerCase(), what: t(`admin.permissions.${need}`) });
}

/** 403 for what the role may not do, recorded (who tried what, where) so the owner sees attempts. */
async function refuseForRole(door: Pick<ConsoleDoor, "db" | "now">, request: Request, seller: Seller, need: Permission, intent?: string): Promise<never> {
  const url = new URL(request.url);
  await recordSellerAction(
    door.db,
    seller,
    "role_refused",
    url.pathname,
    { permission: need, role: seller.role, method: request.method, ...(intent ? { intent } : {}) },
    door.now(),
  );
  throw data<ActionRefused>(
    { ok: false, message: roleRefusal(seller.lang, seller.role, need), fieldErrors: {} },
    { status: 403, headers: { "Cache-Control": "no-store" } },
  );
}
