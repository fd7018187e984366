import type { ShopMetrics } from "~/server/metrics/metrics.server";
import type { Services } from "~/server/services.server";

declare module "react-router" {
  interface AppLoadContext {
    /** CSP nonce of this response, for inline scripts. */
    nonce: string;
    /**
     * True when React Router renders an HTML document (not a client navigation's `.data`): page
     * strings then travel as a cached address (docs/decisions/060). Absent (tests) means data.
     */
    document?: boolean;
    /** Client address as seen by Express (after trusted proxies), for rate limits. */
    clientIp: string;
    /** The services built once at start: database, PayPal, mail, media, clock (docs/decisions/027). */
    services: Services;
    /** Present when METRICS_TOKEN is set: counts what happens inside actions (docs/decisions/032). */
    metrics?: ShopMetrics;
  }
}

export {};
