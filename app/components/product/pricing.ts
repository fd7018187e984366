/**
 * Saving shown next to a price: original price minus current price, never negative.
 * Same rule as the catalogue's `savingsCents` (a unit test holds them together); it lives here so
 * the client does not import the catalogue's texts just for a subtraction.
 */
export function savingsOf(price: { priceCents: number; originalPriceCents: number }): number {
  return Math.max(price.originalPriceCents - price.priceCents, 0);
}
