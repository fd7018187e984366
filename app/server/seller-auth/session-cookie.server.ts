import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { parse, serialize } from "cookie";
import { siteIsSecure, type Site } from "../platform/site.server";

/**
 * The console's session cookie: `token.signature`. The token (32 random bytes) is the secret the
 * browser holds; the database keeps only its sha256. The signature is an HMAC with the `session`
 * key derived from SESSION_SECRET (`site.keys`), so a cookie made under another secret is refused
 * before any lookup, and rotating the secret ends every session (docs/decisions/014-seller-sessions.md).
 * The cookie is Secure, and __Host- named, when the site is served over https.
 */
const PLAIN_NAME = "seller_session";
/** On https the __Host- prefix makes browsers insist on Secure, Path=/ and no Domain. */
const HOST_NAME = "__Host-seller_session";

/** What the cookie needs of the site: whether it is https, and the `session` key. */
export type CookieSite = Pick<Site, "url" | "keys">;

function sessionCookieName(secure: boolean): string {
  return secure ? HOST_NAME : PLAIN_NAME;
}

export function newSessionToken(): string {
  return randomBytes(32).toString("base64url");
}

/** What the database stores for a token: its sha256, hex. */
export function sessionIdOf(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

function signatureOf(token: string, key: Buffer): string {
  return createHmac("sha256", key).update(`seller-session:${token}`).digest("base64url");
}

/** The cookie value for `token`, signed with `key` (the site's `session` key; a test may pass another). */
export function signSessionToken(token: string, key: Buffer): string {
  return `${token}.${signatureOf(token, key)}`;
}

/** The token when the value is well formed and signed with our key, else null. */
function verifySessionCookie(value: string, key: Buffer): string | null {
  const match = /^([A-Za-z0-9_-]{43})\.([A-Za-z0-9_-]{43})$/.exec(value);
  if (!match) return null;
  const given = Buffer.from(match[2]);
  const expected = Buffer.from(signatureOf(match[1], key));
  return given.length === expected.length && timingSafeEqual(given, expected) ? match[1] : null;
}

/** The session token a request carries, if its cookie is genuine. */
export function readSessionToken(request: Request, site: CookieSite): string | null {
  return sessionTokenFromCookies(request.headers.get("cookie"), site);
}

/** The session token in a Cookie header, if its cookie is genuine. */
export function sessionTokenFromCookies(header: string | null | undefined, site: CookieSite): string | null {
  if (!header) return null;
  let value: string | undefined;
  try {
    value = parse(header)[sessionCookieName(siteIsSecure(site))];
  } catch {
    return null;
  }
  return value ? verifySessionCookie(value, site.keys.key("session")) : null;
}

/**
 * Whether a Cookie header carries a console session cookie under either name, without verifying
 * it: cheap enough for every request (page views leave the seller's own visits out by it).
 */
export function carriesSessionCookie(header: string | null | undefined): boolean {
  return header?.includes(`${PLAIN_NAME}=`) ?? false;
}

/** Set-Cookie for a new session: HttpOnly, SameSite=Lax, Secure on https, until the session's absolute end. */
export function sessionSetCookie(token: string, site: CookieSite, maxAgeMs: number): string {
  const secure = siteIsSecure(site);
  return serialize(sessionCookieName(secure), signSessionToken(token, site.keys.key("session")), {
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/",
    maxAge: Math.max(0, Math.floor(maxAgeMs / 1000)),
  });
}

export function clearSessionCookie(site: Pick<Site, "url">): string {
  const secure = siteIsSecure(site);
  return serialize(sessionCookieName(secure), "", { httpOnly: true, sameSite: "lax", secure, path: "/", maxAge: 0 });
}
