import { hkdfSync } from "node:crypto";
import { getEnv } from "./env.server";

/** Each use of the secret gets its own key, so a value made for one can never pass for another. */
export type KeyPurpose = "client-key" | "signed-link" | "session";

/** Part of every derivation: changing it would rotate every key at once. */
const SALT = "trigger-shop keys v1";

/** HKDF-SHA256 of the shop's one secret (SESSION_SECRET) for one purpose: 32 bytes. */
export function deriveKeyFrom(secret: string, purpose: KeyPurpose): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, SALT, purpose, 32));
}

let cache: { secret: string; keys: Map<KeyPurpose, Buffer> } | undefined;

/** The key for `purpose`, derived once per secret (tests may set another environment). */
export function deriveKey(purpose: KeyPurpose): Buffer {
  const secret = getEnv().SESSION_SECRET;
  if (cache?.secret !== secret) cache = { secret, keys: new Map() };
  let key = cache.keys.get(purpose);
  if (!key) {
    key = deriveKeyFrom(secret, purpose);
    cache.keys.set(purpose, key);
  }
  return key;
}
