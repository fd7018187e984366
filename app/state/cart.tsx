import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
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
import { readJson, STORAGE_KEYS, writeJson } from "./storage";

interface CartContextValue {
  /** Priced against the current catalogue; unknown or unavailable products are dropped. */
  items: CartItem[];
  /** Totals before any coupon. */
  totals: CartTotals;
  /** Bumped by every change: the coupon provider resets the discount on it (SPEC §4). */
  revision: number;
  /** false until the stored cart has been read in the browser. */
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

export function CartProvider({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  const [lines, setLines] = useState<CartLine[]>([]);
  const [hydrated, setHydrated] = useState(false);
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
    setLines(loadLines());
    setHydrated(true);
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
    if (hydrated) writeJson(STORAGE_KEYS.cart, lines);
  }, [hydrated, lines]);

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
    () => ({ items, totals: cartTotals(items), revision, hydrated, add, remove, update, clear }),
    [items, revision, hydrated, add, remove, update, clear],
  );
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export function useCart(): CartContextValue {
  const value = useContext(CartContext);
  if (!value) throw new Error("useCart must be used within a CartProvider");
  return value;
}
