import { Secret, TOTP } from "otpauth";

/** RFC 6238 with the parameters every authenticator app supports: SHA-1, 6 digits, 30 s. */
const PERIOD_S = 30;
const ISSUER = "Trigger Shop";

function totpFor(secretBase32: string, email: string): TOTP {
  return new TOTP({ issuer: ISSUER, label: email, algorithm: "SHA1", digits: 6, period: PERIOD_S, secret: Secret.fromBase32(secretBase32) });
}

/** A new 160-bit secret, base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI an app scans, and the same as a QR code (an SVG data URL for an <img>). */
export async function totpEnrolment(secretBase32: string, email: string): Promise<{ uri: string; qrDataUrl: string }> {
  const uri = totpFor(secretBase32, email).toString();
  // Loaded when a seller enrols, not when the server starts (≈ 7 MB resident; docs/decisions/061).
  const { default: QRCode } = await import("qrcode");
  const svg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 1 });
  return { uri, qrDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}` };
}

/**
 * The time step a code belongs to when it is valid now (one step of clock drift either way), else
 * null. Callers store the step and refuse it, or any earlier one, next time: a code works once.
 */
export function totpStep(secretBase32: string, code: string, now: Date): number | null {
  const delta = totpFor(secretBase32, "").validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / PERIOD_S) + delta;
}
