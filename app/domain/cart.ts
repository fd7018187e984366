/**
 * Cart maths (SPEC §3, §4). The browser keeps only ids and quantities; prices always come from the
 * catalogue, so a stale or edited cart can never change what is charged (DESIGN §4).
 * Every cart change invalidates an applied coupon: callers re-run `evaluateCoupon` on the new cart
 * and pass its discount to `cartTotals` explicitly.
 */
import { thumbnailOf } from "./product-media";
import type { Category, ProductSummary } from "./product";

export interface CartLine {
  id: string;
  quantity: number;
}

export interface CartItem {
  id: string;
  title: string;
  priceCents: number;
  image: string;
  category: Category;
  quantity: number;
}

export interface CartTotals {
  itemCount: number;
  subtotalCents: number;
  discountCents: number;
  finalTotalCents: number;
}

/** Upper bound per line, so a typo or a tampered cart cannot create an absurd order. */
export const MAX_QUANTITY = 99;

/** Whole number in 1..MAX_QUANTITY; anything unusable becomes 1. */
function clampQuantity(quantity: number): number {
  if (Number.isNaN(quantity)) return 1;
  return Math.min(Math.max(Math.floor(quantity), 1), MAX_QUANTITY);
}

/** Most lines a stored cart may hold; a longer one is not ours and is dropped whole. */
export const MAX_STORED_LINES = 100;

/**
 * The lines of a cart read back from storage: an array of at most MAX_STORED_LINES `{ id, quantity }`
 * (id a string of at most 100 characters, quantity a number); anything else yields an empty cart.
 * Prices and availability are checked later (priceCart). Checked by hand, not with zod, since this
 * runs on every page.
 */
export function parseStoredLines(value: unknown): CartLine[] {
  if (!Array.isArray(value) || value.length > MAX_STORED_LINES) return [];
  const lines: CartLine[] = [];
  for (const entry of value) {
    if (typeof entry !== "object" || entry === null) return [];
    const { id, quantity } = entry as Record<string, unknown>;
    if (typeof id !== "string" || id.length > 100 || typeof quantity !== "number" || Number.isNaN(quantity)) return [];
    lines.push({ id, quantity });
  }
  return lines;
}

/** Existing line +1 (capped at MAX_QUANTITY); a new line starts at 1. */
export function addItem(lines: readonly CartLine[], id: string): CartLine[] {
  if (!lines.some((line) => line.id === id)) return [...lines.map((l) => ({ ...l })), { id, quantity: 1 }];
  return lines.map((line) => (line.id === id ? { id, quantity: Math.min(line.quantity + 1, MAX_QUANTITY) } : { ...line }));
}

export function removeItem(lines: readonly CartLine[], id: string): CartLine[] {
  return lines.filter((line) => line.id !== id).map((line) => ({ ...line }));
}

/** Sets a line's quantity: fractions are floored, 0 or less (or NaN) removes, above the cap clamps. */
export function updateQuantity(lines: readonly CartLine[], id: string, quantity: number): CartLine[] {
  const whole = Math.floor(quantity);
  if (!(whole >= 1)) return removeItem(lines, id);
  const next = Math.min(whole, MAX_QUANTITY);
  return lines.map((line) => (line.id === id ? { id, quantity: next } : { ...line }));
}

export function clearCart(): CartLine[] {
  return [];
}

/**
 * Turns browser lines into priced items. Drops (and reports) ids the catalogue does not know, products
 * not sold on their own (`listed: false`, e.g. the coupon-only tramp-house) and out-of-stock ones;
 * `outOfStock` names the last kind apart, so an order can say which item it cannot sell.
 * Duplicate ids are merged; quantities are clamped to 1..MAX_QUANTITY.
 */
export function priceCart(
  lines: readonly CartLine[],
  lookup: (id: string) => ProductSummary | undefined,
): { items: CartItem[]; dropped: string[]; outOfStock: ProductSummary[] } {
  const items: CartItem[] = [];
  const dropped: string[] = [];
  const outOfStock: ProductSummary[] = [];
  for (const line of lines) {
    const product = lookup(line.id);
    if (!product || !product.listed || !product.inStock) {
      if (!dropped.includes(line.id)) dropped.push(line.id);
      if (product?.listed && !outOfStock.some((p) => p.id === product.id)) outOfStock.push(product);
      continue;
    }
    const quantity = clampQuantity(line.quantity);
    const existing = items.find((item) => item.id === product.id);
    if (existing) {
      existing.quantity = Math.min(existing.quantity + quantity, MAX_QUANTITY);
      continue;
    }
    items.push({
      id: product.id,
      title: product.title,
      priceCents: product.priceCents,
      image: thumbnailOf(product),
      category: product.category,
      quantity,
    });
  }
  return { items, dropped, outOfStock };
}

/** What one line costs: unit price × quantity (a stored order line or a priced cart item). */
export function lineTotalCents(line: { unitPriceCents: number; quantity: number }): number {
  return line.unitPriceCents * line.quantity;
}

/**
 * Totals for priced items. The discount is clamped to [0, subtotal] so the final total is never
 * negative and always equals subtotal − discount. Shipping is always free, so it adds nothing.
 */
export function cartTotals(items: readonly CartItem[], discountCents = 0): CartTotals {
  let itemCount = 0;
  let subtotalCents = 0;
  for (const item of items) {
    itemCount += item.quantity;
    subtotalCents += item.priceCents * item.quantity;
  }
  const rounded = Number.isFinite(discountCents) ? Math.round(discountCents) : 0;
  const discount = Math.min(Math.max(rounded, 0), subtotalCents);
  return { itemCount, subtotalCents, discountCents: discount, finalTotalCents: subtotalCents - discount };
}
