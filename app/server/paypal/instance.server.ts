import { getEnv } from "../env.server";
import { createPayPalAdapter, type PayPalAdapter } from "./adapter.server";
import { payPalConfigFromEnv } from "./config.server";

let current: PayPalAdapter | null | undefined;

/**
 * The server's one PayPal adapter (one token cache), built from the environment on first use;
 * null without credentials: the payment routes then answer 503 payment_unavailable and the shop
 * offers manual ordering (DESIGN §5.6).
 */
export function getPayPal(): PayPalAdapter | null {
  if (current === undefined) {
    const config = payPalConfigFromEnv(getEnv());
    current = config ? createPayPalAdapter(config) : null;
  }
  return current;
}

/** For tests and the server entry: an adapter pointing at the fake PayPal, or null. */
export function setPayPal(adapter: PayPalAdapter | null): void {
  current = adapter;
}
