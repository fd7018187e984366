declare module "react-router" {
  interface AppLoadContext {
    /** CSP nonce of this response, for inline scripts. */
    nonce: string;
    /** Client address as seen by Express (after trusted proxies), for rate limits. */
    clientIp: string;
  }
}

export {};
