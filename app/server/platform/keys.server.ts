import { hkdfSync } from "node:crypto";

/** Each use of the secret gets its own key, so a value made for one can never pass for another. */
export type KeyPurpose = "client-key" | "signed-link" | "session";

const PURPOSES: readonly KeyPurpose[] = ["client-key", "signed-link", "session"];

/** Part of every derivation: changing it would rotate every key at once. */
const SALT = "trigger-shop keys v1";

/** HKDF-SHA256 of the shop's one secret (SESSION_SECRET) for one purpose: 32 bytes. */
export function deriveKeyFrom(secret: string, purpose: KeyPurpose): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, SALT, purpose, 32));
}

/**
 * The shop's keys, derived once from SESSION_SECRET when the services are built (`services.keys`,
 * docs/decisions/027) and handed to whatever signs or pseudonymises: order-status and newsletter
 * links, client keys, the console's session cookie.
 */
export interface Keys {
  key(purpose: KeyPurpose): Buffer;
}

export function createKeys(secret: string): Keys {
  const keys = new Map(PURPOSES.map((purpose) => [purpose, deriveKeyFrom(secret, purpose)]));
  return { key: (purpose) => keys.get(purpose)! };
}
