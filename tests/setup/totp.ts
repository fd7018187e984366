import { Secret, TOTP } from "otpauth";

/**
 * The code an authenticator app shows for `secretBase32` at `now`: RFC 6238 as every app does it
 * (SHA-1, 6 digits, 30 s), built here rather than by the shop's module so tests check the shop
 * against the standard, not against itself.
 */
export function totpCode(secretBase32: string, now = new Date()): string {
  return new TOTP({ algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secretBase32) }).generate({ timestamp: now.getTime() });
}
