import { createHmac } from "node:crypto";
import { deriveKey } from "./keys.server";

/** A stable pseudonym for a client address: rate limits and spam checks without storing raw IPs. */
export function clientKey(ip: string): string {
  return createHmac("sha256", deriveKey("client-key")).update(ip).digest("base64url").slice(0, 22);
}
