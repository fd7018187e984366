/**
 * The storefront's state-changing actions as plain HTML forms (docs/decisions/056): every button
 * that changes the cart, the coupon, the currency or the language sits in a form posting here, so a
 * tap before the page's JavaScript has hydrated (or without JavaScript) completes on the server
 * (Post/Redirect/Get); once hydrated, the form's submit handler does the same in the browser.
 */
import { MAX_QUANTITY } from "./cart";

/** Where every storefront form posts (a resource route: app/routes/shop-actions.ts). */
export const SHOP_ACTIONS_PATH = "/shop-actions";

export const SHOP_INTENTS = ["add", "buy", "quantity", "remove", "coupon", "coupon-remove", "currency", "lang"] as const;
export type ShopIntent = (typeof SHOP_INTENTS)[number];

/** The query parameter the page after the redirect reads its message from (see NOTICES). */
export const NOTICE_PARAM = "notice";
/** The product a notice is about (its title is shown), or a coupon refusal's message code. */
export const NOTICE_ITEM_PARAM = "item";
/** What a redirect may tell the page; anything else in the URL is ignored. */
export const NOTICES = ["added", "unavailable", "discord", "coupon-refused", "coupon-removed", "invalid"] as const;
export type Notice = (typeof NOTICES)[number];

export function isNotice(value: unknown): value is Notice {
  return typeof value === "string" && (NOTICES as readonly string[]).includes(value);
}

/**
 * The fields of a button of the frame's form (components/ui/shop-action.tsx): `do` is
 * `<intent>:<id>` or `quantity:<n>:<id>`; a form with its own fields sends no `do`.
 */
export function expandShopDo(fields: Record<string, string>): Record<string, string> {
  const value = fields.do;
  if (value === undefined) return fields;
  const colon = value.indexOf(":");
  if (colon < 0) return { ...fields, intent: value };
  const intent = value.slice(0, colon);
  const rest = value.slice(colon + 1);
  if (intent !== "quantity") return { ...fields, intent, id: rest };
  const second = rest.indexOf(":");
  return second < 0 ? { ...fields, intent } : { ...fields, intent, quantity: rest.slice(0, second), id: rest.slice(second + 1) };
}

/** The quantity field as a number within the cart's bounds (0 removes the line). */
export function formQuantity(value: string | undefined): number | null {
  if (value === undefined) return null;
  return Math.min(Number(value), MAX_QUANTITY);
}

function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) if (value.charCodeAt(i) < 0x20) return true;
  return false;
}

/**
 * A same-site path to send the shopper back to: a path of ours ("/fr/product/1?x=1"), never another
 * site ("//evil.example", "/\\evil.example", "https://…") — else the home page. Earlier notices are
 * dropped so they never pile up in the URL.
 */
export function safeBackPath(back: string | undefined): string {
  if (!back || !back.startsWith("/") || back.startsWith("//") || back.startsWith("/\\") || hasControlCharacter(back)) return "/";
  const url = new URL(back, "http://shop.invalid");
  if (url.origin !== "http://shop.invalid") return "/";
  url.searchParams.delete(NOTICE_PARAM);
  url.searchParams.delete(NOTICE_ITEM_PARAM);
  // Dot segments can still make a path that starts with two slashes ("/.//evil.example"): another host.
  const path = url.pathname.replace(/^\/{2,}/, "/");
  return path + url.search + url.hash;
}

/** `path` with a notice for the page to show after the redirect. */
export function withNotice(path: string, notice: Notice, item?: string): string {
  const url = new URL(path, "http://shop.invalid");
  url.searchParams.set(NOTICE_PARAM, notice);
  if (item !== undefined) url.searchParams.set(NOTICE_ITEM_PARAM, item);
  else url.searchParams.delete(NOTICE_ITEM_PARAM);
  return url.pathname + url.search + url.hash;
}
