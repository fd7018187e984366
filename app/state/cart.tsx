import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { useMatches } from "react-router";
import { CART_COOKIE, CART_COOKIE_MAX_AGE, formatCartCookie, isServerWritten, parseCartCookie } from "~/domain/cart-cookie";
import { useTranslation } from "~/i18n/use-translation";
import { toast } from "~/lib/toast";
import {
  addItem,
  cartTotals,
  clearCart,
  parseStoredLines,
  priceCart,
  removeItem,
  updateQuantity,
  type CartItem,
  type CartLine,
  type CartTotals,
} from "~/domain/cart";
import { usePageProductIndex } from "./products";
import { readCookie, readJson, STORAGE_KEYS, writeCookie, writeJson } from "./storage";

interface CartContextValue {
  /** Priced against the current catalogue; unknown or unavailable products are dropped. */
  items: CartItem[];
  /** What the shopper put in (ids and quantities), known before the products are priced. */
  lines: readonly CartLine[];
  /** Totals before any coupon. */
  totals: CartTotals;
  /** Bumped by every change: the coupon provider resets the discount on it (SPEC §4). */
  revision: number;
  /** false until the cart is known: read in the browser, or rendered from its cookie (/cart, /checkout). */
  hydrated: boolean;
  add(id: string): void;
  remove(id: string): void;
  update(id: string, quantity: number): void;
  /** Empties the cart; quiet: without the "Cart cleared" toast (after a payment). */
  clear(options?: { quiet?: boolean }): void;
}

const CartContext = createContext<CartContextValue | null>(null);

function loadLines(): CartLine[] {
  return parseStoredLines(readJson(STORAGE_KEYS.cart));
}

/**
 * The cart on a page load: the stored one, unless a form posted before the page's JavaScript ran
 * changed the cookie since (docs/decisions/056) — then the cookie, which the next write makes the
 * stored cart too.
 */
function loadInitialLines(): CartLine[] {
  const cookie = readCookie(CART_COOKIE);
  return isServerWritten(cookie) ? parseCartCookie(cookie) : loadLines();
}

function sameLines(a: readonly CartLine[], b: readonly CartLine[]): boolean {
  return a.length === b.length && a.every((line, i) => line.id === b[i].id && line.quantity === b[i].quantity);
}

/**
 * The cart lines a page's loader read from the cart cookie (/cart and /checkout: docs/decisions/037),
 * or undefined on pages that render without the cart and when there was no cookie (null).
 */
function useServerCartLines(): CartLine[] | undefined {
  const matches = useMatches();
  for (const match of matches) {
    const data = match.loaderData;
    if (typeof data === "object" && data !== null && "cartLines" in data && Array.isArray(data.cartLines)) return data.cartLines as CartLine[];
  }
  return undefined;
}

export function CartProvider({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  // On /cart and /checkout the server rendered the cart from its cookie: start from the same lines,
  // so hydration matches and the first paint is the cart (local storage, read on mount, stays the truth).
  const serverLines = useServerCartLines();
  const [lines, setLines] = useState<CartLine[]>(() => serverLines ?? []);
  const [hydrated, setHydrated] = useState(serverLines !== undefined);
  // Local storage has been read: only then is the cart written back (storage and cookie).
  const [loaded, setLoaded] = useState(false);
  // Pages carry the products they show; a stored cart naming others fetches the whole catalogue.
  const [needsCatalogue, setNeedsCatalogue] = useState(false);
  const { lookup, complete: catalogueKnown } = usePageProductIndex(needsCatalogue);
  const [revision, setRevision] = useState(0);
  const linesRef = useRef(lines);
  linesRef.current = lines;

  const { items, dropped } = useMemo(() => priceCart(lines, lookup), [lines, lookup]);
  useEffect(() => {
    if (hydrated && !needsCatalogue && lines.some((line) => lookup(line.id) === undefined)) setNeedsCatalogue(true);
  }, [hydrated, needsCatalogue, lines, lookup]);

  useEffect(() => {
    const stored = loadInitialLines();
    setLines((current) => (sameLines(current, stored) ? current : stored));
    setHydrated(true);
    setLoaded(true);
    // Another tab changed the cart.
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_KEYS.cart) setLines(loadLines());
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);

  // Repair a stored cart naming products that no longer exist or cannot be bought (only once every
  // product is known: on a page that carries a few, the others are not missing).
  useEffect(() => {
    if (hydrated && catalogueKnown && dropped.length > 0) setLines((current) => current.filter((l) => !dropped.includes(l.id)));
  }, [hydrated, catalogueKnown, dropped]);

  useEffect(() => {
    if (!loaded) return;
    writeJson(STORAGE_KEYS.cart, lines);
    writeCookie(CART_COOKIE, formatCartCookie(lines), CART_COOKIE_MAX_AGE);
  }, [loaded, lines]);

  const change = useCallback((next: CartLine[]) => {
    setLines(next);
    setRevision((r) => r + 1);
  }, []);

  const add = useCallback(
    (id: string) => {
      const product = lookup(id);
      if (!product || !product.inStock) return;
      change(addItem(linesRef.current, id));
      toast.success(t("shop.toast.addedTitle"), { description: t("shop.toast.addedText", { title: product.title }) });
    },
    [change, lookup, t],
  );
  const remove = useCallback((id: string) => change(removeItem(linesRef.current, id)), [change]);
  const update = useCallback((id: string, quantity: number) => change(updateQuantity(linesRef.current, id, quantity)), [change]);
  const clear = useCallback(
    ({ quiet = false }: { quiet?: boolean } = {}) => {
      change(clearCart());
      if (!quiet) toast.success(t("shop.toast.cartCleared"));
    },
    [change, t],
  );

  const value = useMemo<CartContextValue>(
    () => ({ items, lines, totals: cartTotals(items), revision, hydrated, add, remove, update, clear }),
    [items, lines, revision, hydrated, add, remove, update, clear],
  );
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export function useCart(): CartContextValue {
  const value = useContext(CartContext);
  if (!value) throw new Error("useCart must be used within a CartProvider");
  return value;
}
