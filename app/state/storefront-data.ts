/**
 * How components read the loaders above them: the document frame's public configuration (root)
 * and the shop's data (the shopper layout, routes/lang-layout). The shapes are declared here, not
 * inferred from the routes, so no component imports a route module (that made an import cycle).
 */
import { useRouteLoaderData } from "react-router";
import type { Currency } from "~/domain/money";
import type { PageTranslations } from "~/i18n/areas";

/** Route ids as React Router names them (the file path under app/, without extension). */
export const ROOT_ROUTE_ID = "root";
export const SHOP_ROUTE_ID = "routes/lang-layout";

/** What the browser may know of the configuration: links and public ids, never secrets. */
export interface PublicConfig {
  siteUrl: string;
  links: {
    discord: string;
    whatsapp: string;
    email: string;
    shopEmail: string;
    instagram: string | null;
    tiktok: string | null;
    youtube: string | null;
    contactForm: string | null;
  };
  /** Browser-side country lookup, null when the CDN's country header is used instead. */
  geoLookupUrl: string | null;
  reviewWidgetUrl: string | null;
  /** Online payment: null when PayPal is not configured (the shop takes manual orders only). */
  paypal: { clientId: string; sdkUrl: string } | null;
}

export interface InitialCurrency {
  currency: Currency;
  isManualSelection: boolean;
  /** Currency of the visitor's country when the CDN told us; null when unknown. */
  geoCurrency: Currency | null;
  /** true when no fresh stored preference exists yet: the browser may run the geo lookup. */
  needsDetection: boolean;
}

/**
 * What the shopper layout sends to the browser on every shopper page. Product summaries are not
 * here: they travel with the pages that render them (app/state/products.ts, docs/decisions/024).
 */
export interface StorefrontData {
  currency: InitialCurrency;
  /** The launch coupon, only while it can be applied. */
  announcement: { code: string } | null;
}

export interface RootData extends PublicConfig {
  /** The frame's areas in the page's language, or on a document their address (docs/decisions/060). */
  translations: PageTranslations;
}

/** undefined only while rendering an error above the root's loader (nothing was loaded). */
export function usePublicConfig(): PublicConfig | undefined {
  return useRouteLoaderData<RootData>(ROOT_ROUTE_ID);
}

/**
 * undefined outside the shop (a future admin area) and on the error page of an unknown language
 * prefix, where the layout's loader answered 404 before loading anything.
 */
export function useStorefrontData(): StorefrontData | undefined {
  return useRouteLoaderData<StorefrontData | null>(SHOP_ROUTE_ID) ?? undefined;
}
