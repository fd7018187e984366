import { createHmac } from "node:crypto";
import type { Keys } from "./keys.server";

/** A stable pseudonym for a client address: rate limits and spam checks without storing raw IPs. */
export function clientKey(keys: Keys, ip: string): string {
  return createHmac("sha256", keys.key("client-key")).update(ip).digest("base64url").slice(0, 22);
}
