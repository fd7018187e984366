import { createHmac, timingSafeEqual } from "node:crypto";
import type { Keys } from "./keys.server";

/** 128 bits of HMAC-SHA256: unguessable, and short enough for a link. */
const SIGNATURE_BYTES = 16;

function signatureOf(keys: Keys, value: string): string {
  return createHmac("sha256", keys.key("signed-link")).update(value).digest().subarray(0, SIGNATURE_BYTES).toString("base64url");
}

/**
 * `value.signature`, for links that prove they came from the shop (an order's status page). Put
 * what the value is for into the value itself ("order:ORD-…"), so one kind of link never passes
 * for another.
 */
export function signValue(keys: Keys, value: string): string {
  return `${value}.${signatureOf(keys, value)}`;
}

/** The value when the signature matches it, else null (tampered, truncated or made with another key). */
export function verifySignedValue(keys: Keys, signed: string): string | null {
  const dot = signed.lastIndexOf(".");
  if (dot < 0) return null;
  const value = signed.slice(0, dot);
  // Compared as text: decoding base64url would quietly skip stray characters.
  const given = Buffer.from(signed.slice(dot + 1));
  const expected = Buffer.from(signatureOf(keys, value));
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : null;
}
