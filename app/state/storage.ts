/** Browser storage that never throws (private mode, disabled storage, server render). */
export const STORAGE_KEYS = {
  cart: "cart",
  currency: "currencyPreference",
  geoCurrency: "geoCurrency",
  ageVerified: "ageVerified",
  language: "i18nextLng",
  /** The gift form's data (prefills the details dialog of that product's gift checkout). */
  giftOrder: "giftOrderData",
  /** A paid (or arranged) gift order, for /thank-you's confirmation (docs/decisions/042). */
  giftConfirmation: "giftConfirmation",
  paymentDetails: "paymentDetails",
  /** The last order created or paid in this tab and its status link (thank-you and login-required pages). */
  orderLink: "orderStatusLink",
} as const;

function store(kind: "local" | "session"): Storage | null {
  try {
    return typeof window === "undefined" ? null : kind === "local" ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readJson(key: string, kind: "local" | "session" = "local"): unknown {
  const raw = store(kind)?.getItem(key);
  if (raw == null) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown, kind: "local" | "session" = "local"): void {
  try {
    store(kind)?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or refused: the state still works for this page view.
  }
}

export function removeKey(key: string, kind: "local" | "session" = "local"): void {
  try {
    store(kind)?.removeItem(key);
  } catch {
    // ignore
  }
}

/**
 * Sets a first-party cookie for the whole site (Path=/, SameSite=Lax), the value URI-encoded as the
 * server's cookie parser expects. Written by hand: the `cookie` package would add 3 KB to every page.
 */
export function writeCookie(name: string, value: string, maxAgeSeconds: number): void {
  if (typeof document === "undefined") return;
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${Math.floor(maxAgeSeconds)}; Path=/; SameSite=Lax`;
}

/** A cookie's value (URI-decoded), or null without it; read by hand like writeCookie. */
export function readCookie(name: string): string | null {
  if (typeof document === "undefined") return null;
  for (const part of document.cookie.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}
