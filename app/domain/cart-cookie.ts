/**
 * The cart's mirror in a cookie, so the server can render /cart and /checkout with the shopper's
 * lines on the first paint (docs/decisions/037). Local storage stays the browser's source of truth;
 * the cookie holds ids and quantities only (`id:quantity` joined by commas), like the stored cart, and
 * the server prices it against the catalogue as the browser does. Checked by hand: this runs on every
 * page in the browser.
 */
import { MAX_STORED_LINES, parseStoredLines, type CartLine } from "./cart";

export { CART_COOKIE } from "./cookies";
/** About a year, in seconds: as long as the stored cart lives. */
export const CART_COOKIE_MAX_AGE = 31_536_000;
/** Longest value read back: a cookie past that is not ours (or is tampered with) and reads as empty. */
const MAX_COOKIE_LENGTH = 3000;

/**
 * Marks a value the server wrote (a form posted before the page's JavaScript ran: docs/decisions/056):
 * the browser then takes the cookie over its stored cart, which the post did not see, and drops the mark.
 */
const SERVER_MARK = "s|";

/** Whether the server wrote this cookie value since the browser last did. */
export function isServerWritten(value: string | null | undefined): boolean {
  return value?.startsWith(SERVER_MARK) ?? false;
}

/** `1:2,5:1` for two lines (the caller URI-encodes the value, as for every cookie); `s|1:2,5:1` when the server writes it. */
export function formatCartCookie(lines: readonly CartLine[], { byServer = false }: { byServer?: boolean } = {}): string {
  return (
    (byServer ? SERVER_MARK : "") +
    lines
      .slice(0, MAX_STORED_LINES)
      .map((line) => `${line.id}:${line.quantity}`)
      .join(",")
  );
}

/** The lines of a cookie value (already URI-decoded); anything malformed yields an empty cart. */
export function parseCartCookie(raw: string | undefined | null): CartLine[] {
  const value = isServerWritten(raw) ? raw?.slice(SERVER_MARK.length) : raw;
  if (!value || value.length > MAX_COOKIE_LENGTH) return [];
  const entries: { id: string; quantity: number }[] = [];
  for (const part of value.split(",")) {
    const colon = part.lastIndexOf(":");
    if (colon <= 0) return [];
    const quantity = part.slice(colon + 1);
    if (!/^\d{1,3}$/.test(quantity)) return [];
    entries.push({ id: part.slice(0, colon), quantity: Number(quantity) });
  }
  return parseStoredLines(entries);
}
