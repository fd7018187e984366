/**
 * The storefront's fixed pages (app/routes.ts, under the optional language prefix), unprefixed.
 * The sitemap lists the indexable ones in every language; page views (page-views.ts) count all of
 * them. Pages with an id in the path (product, gift checkout) are each module's own business, and
 * the order pages are in neither list: their URLs carry keys.
 */

/** Pages a search engine should find. */
export const INDEXABLE_PAGES = [
  "/",
  "/triggers",
  "/triggers/permanent",
  "/triggers/gift",
  "/rooms",
  "/rooms/permanent",
  "/bundles",
  "/privacy-policy",
  "/return-policy",
  "/terms-of-service",
  "/help-center",
  "/contact",
  "/login-required",
  "/share",
] as const;

/** The buying path: worth counting, not worth indexing. */
export const BUYING_PAGES = ["/cart", "/checkout", "/thank-you"] as const;
