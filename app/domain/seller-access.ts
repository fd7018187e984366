/**
 * Rules of the seller console's access (docs/decisions/014-seller-sessions.md): account fields,
 * how long a session lives, how failed logins slow the next try, and where a login may send the
 * seller afterwards. Pure: the server applies them.
 */
import { z } from "./zod";

export const SELLER_PASSWORD_MIN = 12;
/** argon2 takes any length; a cap keeps a megabyte "password" from costing us anything. */
export const SELLER_PASSWORD_MAX = 256;

export const sellerEmailSchema = z.pipe(z.string().check(z.trim(), z.toLowerCase(), z.maxLength(254)), z.email());
export const sellerPasswordSchema = z
  .string()
  .check(
    z.minLength(SELLER_PASSWORD_MIN, `at least ${SELLER_PASSWORD_MIN} characters`),
    z.maxLength(SELLER_PASSWORD_MAX, `at most ${SELLER_PASSWORD_MAX} characters`),
  );

/** What the login form sends: checked for shape only (a wrong password is the server's answer). */
export const loginFormSchema = z.object({
  email: z.string().check(z.trim(), z.toLowerCase(), z.minLength(1, "Enter your email"), z.maxLength(254, "Enter your email")),
  password: z.string().check(z.minLength(1, "Enter your password"), z.maxLength(SELLER_PASSWORD_MAX, "Wrong email or password")),
  next: z.optional(z.string().check(z.maxLength(2000))),
});

export const totpCodeSchema = z.pipe(
  z.pipe(
    z.string(),
    z.transform((v: string) => v.replace(/\s+/g, "")),
  ),
  z.string().check(z.regex(/^\d{6}$/, "Enter the 6-digit code")),
);

export const SESSION_LIMITS = {
  /** A session unused this long ends. */
  idleMs: 12 * 60 * 60_000,
  /** A session ends this long after login, however busy. */
  absoluteMs: 7 * 24 * 60 * 60_000,
  /** Between the password and the TOTP code. */
  totpStepMs: 5 * 60_000,
  /** last_seen_at is written at most this often (not on every request). */
  touchEveryMs: 60_000,
};

export interface SessionTimes {
  stage: "totp" | "active";
  lastSeenAt: Date;
  expiresAt: Date;
}

/** Whether a stored session still counts at `now`: before its absolute end and not idle too long. */
export function isSessionLive(session: SessionTimes, now: Date): boolean {
  if (session.expiresAt.getTime() <= now.getTime()) return false;
  return now.getTime() - session.lastSeenAt.getTime() < SESSION_LIMITS.idleMs;
}

export interface ThrottleRule {
  /** Failures allowed before any wait. */
  freeFailures: number;
  /** The wait after the first failure past the free ones; it doubles with each further failure. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Failures older than this are forgotten. */
  forgetAfterMs: number;
}

export const LOGIN_THROTTLE: Record<"account" | "client", ThrottleRule> = {
  /** One account: a person mistypes a few times; a guesser waits 5 s, 10 s, 20 s… up to 15 min. */
  account: { freeFailures: 3, baseDelayMs: 5_000, maxDelayMs: 15 * 60_000, forgetAfterMs: 60 * 60_000 },
  /** One client, across accounts (scaled by RATE_LIMIT_SCALE: a shared address or a test run). */
  client: { freeFailures: 10, baseDelayMs: 5_000, maxDelayMs: 15 * 60_000, forgetAfterMs: 60 * 60_000 },
};

/** How long to refuse logins after the `failures`-th failure in a row: 0, then growing. */
export function lockDelayMs(failures: number, rule: ThrottleRule): number {
  if (failures < rule.freeFailures) return 0;
  const doublings = Math.min(failures - rule.freeFailures, 30);
  return Math.min(rule.baseDelayMs * 2 ** doublings, rule.maxDelayMs);
}

export const ADMIN_HOME = "/admin";
export const ADMIN_LOGIN = "/admin/login";

/**
 * Where to go after logging in: a console path from `next`, else the console's home. Anything that
 * could leave the console (another site, `//host`, backslashes, the login page itself) is ignored.
 */
export function safeAdminNext(next: string | null | undefined): string {
  if (!next || next.length > 2000) return ADMIN_HOME;
  if (!next.startsWith("/admin") || /[\\\s]/.test(next) || next.startsWith("//")) return ADMIN_HOME;
  let url: URL;
  try {
    url = new URL(next, "http://console.invalid");
  } catch {
    return ADMIN_HOME;
  }
  if (url.origin !== "http://console.invalid") return ADMIN_HOME;
  if (url.pathname !== ADMIN_HOME && !url.pathname.startsWith(`${ADMIN_HOME}/`)) return ADMIN_HOME;
  if (url.pathname === ADMIN_LOGIN || url.pathname.startsWith(`${ADMIN_LOGIN}/`)) return ADMIN_HOME;
  return url.pathname + url.search;
}

/** The login page that comes back to `path` afterwards. */
export function loginPathFor(path: string): string {
  const next = safeAdminNext(path);
  return next === ADMIN_HOME ? ADMIN_LOGIN : `${ADMIN_LOGIN}?next=${encodeURIComponent(next)}`;
}

/**
 * The console route a request path names — percent-decoded, lower-cased (route matching ignores
 * case), without a trailing slash or React Router's `.data` suffix — or null outside `/admin`.
 * For rules applied in front of the router (server/app.ts), which must see the path it will match.
 */
export function consoleRoutePath(path: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    decoded = path;
  }
  const route = decoded
    .toLowerCase()
    .replace(/\.data$/, "")
    .replace(/(.)\/+$/, "$1");
  return route === ADMIN_HOME || route.startsWith(`${ADMIN_HOME}/`) ? route : null;
}

/** What a console write (POST and the like) needs before any route code runs: the one rule of docs/decisions/014. */
export function sessionNeededToWrite(route: string): "none" | "any" | "active" {
  if (route === ADMIN_LOGIN || route === `${ADMIN_HOME}/logout`) return "none";
  // An invitation's page (docs/decisions/052): the invitee has no account yet; the token is the key.
  if (/^\/admin\/invite\/[^/]+$/.test(route)) return "none";
  // The code step: the password step's session (or, already past it, an active one).
  if (route === `${ADMIN_LOGIN}/code`) return "any";
  return "active";
}
