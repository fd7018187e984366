/**
 * Page views counted without tracking (issue 31, docs/decisions/051), pure: which storefront pages
 * are counted and under which route pattern, the device class from a user agent, the referring
 * site's domain and the country code. Only these coarse values leave a request; the server keeps
 * counts of them, never the request's address, cookies or user agent.
 */
import { isLang, type Lang } from "./lang-path";
import { BUYING_PAGES, INDEXABLE_PAGES } from "./storefront-pages";

export const DEVICE_CLASSES = ["mobile", "tablet", "desktop"] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

/** The storefront pages counted (no order-status pages: their URLs carry keys). */
const FIXED_PAGES: ReadonlySet<string> = new Set([...INDEXABLE_PAGES, ...BUYING_PAGES]);
const PRODUCT_PAGE = /^\/(product|gift-checkout)\/([A-Za-z0-9_-]{1,80})$/;

export interface CountedPage {
  route: string;
  productId: string;
  lang: Lang;
}

/**
 * The counted page of a request path ('/fr/product/abc', or its '.data' navigation request), or
 * null when the path is not a storefront page we count (the console, the API, assets, media…).
 */
export function countedPage(pathname: string): CountedPage | null {
  let path = pathname.endsWith(".data") ? pathname.slice(0, -5) : pathname;
  if (path === "/_root") path = "/";
  let lang: Lang = "en";
  const first = /^\/([a-z]{2})(?=\/|$)/.exec(path)?.[1];
  if (first && isLang(first)) {
    lang = first;
    path = path.slice(3) || "/";
  }
  if (path.length > 1 && path.endsWith("/")) path = path.slice(0, -1);
  if (FIXED_PAGES.has(path)) return { route: path, productId: "", lang };
  const product = PRODUCT_PAGE.exec(path);
  if (product) return { route: `/${product[1]}/:id`, productId: product[2], lang };
  return null;
}

/** Phone, tablet or anything else, from the user agent's words (the agent itself is never kept). */
export function deviceClass(userAgent: string | null | undefined): DeviceClass {
  const ua = userAgent ?? "";
  if (/iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobile)/i.test(ua)) return "tablet";
  if (/Mobi|iPhone|iPod|Android|Windows Phone|Opera Mini/i.test(ua)) return "mobile";
  return "desktop";
}

/** The referring site's host name (lower case, without www.), or '' for none, our own site or nonsense. */
export function referrerDomain(referer: string | null | undefined, ownHost: string): string {
  if (!referer) return "";
  let host: string;
  try {
    const url = new URL(referer);
    if (url.protocol !== "http:" && url.protocol !== "https:") return "";
    host = url.hostname.toLowerCase();
  } catch {
    return "";
  }
  host = host.replace(/^www\./, "");
  if (host === "" || host.length > 253 || host === ownHost.toLowerCase().replace(/^www\./, "")) return "";
  return host;
}

/** A two-letter country code as given by a proxy's header or the geo lookup, or ''. */
export function countryCode(value: string | null | undefined): string {
  return value && /^[A-Za-z]{2}$/.test(value) && value.toUpperCase() !== "XX" ? value.toUpperCase() : "";
}
