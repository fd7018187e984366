import { isIP } from "node:net";
import { LRUCache } from "lru-cache";

/**
 * The visitor's country for the first-visit currency guess (SPEC §7), asked by the server of
 * GEO_LOOKUP_URL (`{ip}` stands for the client's address) and answered to the browser from our own
 * origin (`GET /api/geo`, docs/decisions/037). The browser used to call the service itself: where it
 * could not be reached (offline, blocked, rate-limited) the failed request was a console error on
 * every first visit, and the page's CSP had to name the service. Any failure answers null (USD).
 */
const TIMEOUT_MS = 2000;
const answers = new LRUCache<string, { country: string | null }>({ max: 10_000, ttl: 24 * 60 * 60 * 1000 });
const inFlight = new Map<string, Promise<string | null>>();

/** Loopback, private and link-local addresses have no country: the service is not asked. */
export function isPublicAddress(ip: string): boolean {
  const address = ip.startsWith("::ffff:") ? ip.slice(7) : ip;
  const kind = isIP(address);
  if (kind === 4) {
    const [a, b] = address.split(".").map(Number);
    return !(a === 10 || a === 127 || a === 0 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254) || a >= 224);
  }
  if (kind === 6) {
    const lower = address.toLowerCase();
    return !(lower === "::1" || lower === "::" || /^f[cd]/.test(lower) || /^fe[89ab]/.test(lower));
  }
  return false;
}

async function ask(url: string, fetcher: typeof fetch): Promise<string | null> {
  try {
    const response = await fetcher(url, { signal: AbortSignal.timeout(TIMEOUT_MS), headers: { accept: "application/json" } });
    if (!response.ok) return null;
    const body = (await response.json()) as { country_code?: unknown };
    return typeof body.country_code === "string" && /^[A-Za-z]{2}$/.test(body.country_code) ? body.country_code.toUpperCase() : null;
  } catch {
    return null;
  }
}

/** The ISO country of a client address, or null (private address, no `{ip}` in the URL, any failure). */
export async function lookupCountry(ip: string, lookupUrl: string, fetcher: typeof fetch = fetch): Promise<string | null> {
  if (!lookupUrl.includes("{ip}") || !isPublicAddress(ip)) return null;
  const known = answers.get(ip);
  if (known) return known.country;
  let pending = inFlight.get(ip);
  if (!pending) {
    pending = ask(lookupUrl.replace("{ip}", encodeURIComponent(ip)), fetcher).finally(() => inFlight.delete(ip));
    inFlight.set(ip, pending);
  }
  const country = await pending;
  answers.set(ip, { country });
  return country;
}

/** Forgets remembered answers (tests). */
export function clearGeoAnswers(): void {
  answers.clear();
}

/** The country already looked up for this address (by /api/geo), without asking anyone: for counting views. */
export function knownCountry(ip: string): string | null {
  return answers.peek(ip)?.country ?? null;
}
