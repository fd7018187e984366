import type { Env } from "../platform/env.server";

/** Everything the PayPal adapter needs, passed in so tests can point it at the fake PayPal. */
export interface PayPalConfig {
  clientId: string;
  clientSecret: string;
  /** REST base, e.g. https://api-m.sandbox.paypal.com (no trailing slash needed). */
  apiBase: string;
  /** Absolute origin for return/cancel URLs, e.g. https://triggershop.example. */
  siteUrl: string;
  /** Shown on PayPal's pages instead of the account's business name (max 127). */
  brandName: string;
  /** Appended to the card statement line (max 22). */
  softDescriptor: string;
  /** Per attempt; default 10 s. */
  timeoutMs?: number;
  /** Attempts per request on 5xx/network failure; default 3. */
  maxAttempts?: number;
  /** Back-off step between attempts; default 300 ms (tests use 0). */
  retryDelayMs?: number;
  /** Clock for token expiry; default Date.now. */
  now?: () => number;
}

const BRAND_NAME = "Trigger Shop";
const SOFT_DESCRIPTOR = "TRIGGERSHOP";

/** Null without credentials: the shop then offers Discord/WhatsApp ordering instead (DESIGN §5.6). */
export function payPalConfigFromEnv(env: Env): PayPalConfig | null {
  if (!env.PAYPAL_CLIENT_ID || !env.PAYPAL_CLIENT_SECRET) return null;
  return {
    clientId: env.PAYPAL_CLIENT_ID,
    clientSecret: env.PAYPAL_CLIENT_SECRET,
    apiBase: env.PAYPAL_API_BASE,
    siteUrl: env.SITE_URL,
    brandName: BRAND_NAME,
    softDescriptor: SOFT_DESCRIPTOR,
  };
}
