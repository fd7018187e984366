/** Price facts shown next to products: savings and what kind of purchase a product is. */

/** Gifting products are recognised by their id (SPEC §4: "a product is a gift when its id contains 'gift'"). */
export function isGiftProduct(id: string): boolean {
  return id.includes("gift");
}

/** Original price minus current price, never negative (a seller's price rise shows no "saving"). */
export function savingsCents(price: { priceCents: number; originalPriceCents: number }): number {
  return Math.max(price.originalPriceCents - price.priceCents, 0);
}

/** Buying the bundle's items separately minus the bundle's price, never negative. */
export function bundleSavingsCents(bundlePriceCents: number, items: readonly { priceCents: number }[]): number {
  const separately = items.reduce((sum, item) => sum + item.priceCents, 0);
  return Math.max(separately - bundlePriceCents, 0);
}

/** The one saving a product shows, and what it is measured against. */
export interface ShownSaving {
  cents: number;
  against: "original" | "separately";
}

/**
 * A bundle shows its saving against buying its items separately — the figure its product page
 * explains item by item — and not its catalogue "original price", which would give a second,
 * different saving. Other products show original minus current price.
 * `bundleSavings`: bundleSavingsCents() at today's item prices, or null for a product that is no bundle.
 */
export function shownSaving(price: { priceCents: number; originalPriceCents: number }, bundleSavings: number | null): ShownSaving {
  return bundleSavings === null ? { cents: savingsCents(price), against: "original" } : { cents: bundleSavings, against: "separately" };
}
