import type { ShopMetrics } from "~/server/metrics/metrics.server";

declare module "react-router" {
  interface AppLoadContext {
    /** CSP nonce of this response, for inline scripts. */
    nonce: string;
    /** Client address as seen by Express (after trusted proxies), for rate limits. */
    clientIp: string;
    /** Present when METRICS_TOKEN is set: counts what happens inside actions (docs/decisions/032). */
    metrics?: ShopMetrics;
  }
}

export {};
