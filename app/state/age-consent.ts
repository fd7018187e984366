import { readJson, STORAGE_KEYS, writeJson } from "./storage";

/**
 * The age gate's confirmation in this browser: the time it was given (ISO), sent with each order as
 * consent. Browsers that confirmed before the time was kept hold `true`: confirmed, time unknown.
 */
export function readAgeConfirmation(): { confirmed: boolean; at: string | null } {
  const stored = readJson(STORAGE_KEYS.ageVerified);
  if (stored === true) return { confirmed: true, at: null };
  if (typeof stored === "string" && !Number.isNaN(Date.parse(stored))) return { confirmed: true, at: stored };
  return { confirmed: false, at: null };
}

export function storeAgeConfirmation(now = new Date()): void {
  writeJson(STORAGE_KEYS.ageVerified, now.toISOString());
}
