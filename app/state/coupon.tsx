import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { toast } from "~/lib/toast";
import type { AppliedCoupon } from "~/domain/api/coupon";
import { COUPON_ENDPOINT } from "~/domain/api/endpoints";
import type { ApiFailure } from "~/lib/api-client";
import { cartTotals, type CartTotals } from "~/domain/cart";
import { useMatches } from "react-router";
import { COUPON_COOKIE } from "~/domain/cookies";
import { useCart } from "./cart";
import { writeCookie } from "./storage";

/** SPEC §4: the 'Applying...' state lasts at least 0.5 s. */
const COUPON_APPLY_MS = 500;

interface CouponContextValue {
  applied: AppliedCoupon | null;
  applying: boolean;
  /** Translated error of the last attempt, or null. */
  error: string | null;
  /** Cart totals with the coupon's discount. */
  totals: CartTotals;
  apply(code: string): Promise<void>;
  remove(): void;
}

const CouponContext = createContext<CouponContextValue | null>(null);

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The coupon a page's loader rendered as applied (/cart, /checkout: its signed cookie, docs/decisions/056). */
function useServerCoupon(): AppliedCoupon | null {
  for (const match of useMatches()) {
    const data = match.loaderData;
    if (typeof data === "object" && data !== null && "appliedCoupon" in data && data.appliedCoupon) return data.appliedCoupon as AppliedCoupon;
  }
  return null;
}

/** The server remembers an applied coupon in a cookie; dropping it in the browser forgets it there too. */
const forgetCoupon = () => writeCookie(COUPON_COOKIE, "", 0);

export function CouponProvider({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  const cart = useCart();
  const serverCoupon = useServerCoupon();
  const [applied, setApplied] = useState<AppliedCoupon | null>(serverCoupon);
  // A page rendered with a coupon the browser did not know (a form post before hydration, a reload).
  const [seenServerCoupon, setSeenServerCoupon] = useState(serverCoupon);
  if (serverCoupon !== seenServerCoupon) {
    setSeenServerCoupon(serverCoupon);
    if (serverCoupon) setApplied(serverCoupon);
  }
  const [applying, setApplying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The lines, not the priced items: on a page that does not carry every product in the cart, the
  // items are priced only once the catalogue arrives, and a code applied before then must still count them.
  const linesRef = useRef(cart.lines);
  linesRef.current = cart.lines;

  // Every cart change resets the discount (SPEC §4): the shopper applies the code again.
  const firstRevision = useRef(cart.revision);
  useEffect(() => {
    if (cart.revision === firstRevision.current) return;
    setApplied(null);
    setError(null);
    forgetCoupon();
  }, [cart.revision]);

  const apply = useCallback(
    async (code: string) => {
      setApplying(true);
      setError(null);
      const lines = linesRef.current.map(({ id, quantity }) => ({ id, quantity }));
      // The server decides: it knows the coupon's current limits and the real prices.
      // The API client comes with the first code applied, not with every page.
      const post = import("~/lib/api-client").then(
        ({ postJson }) => postJson(COUPON_ENDPOINT, { code, lines }),
        (): ApiFailure => ({ ok: false, reason: "network", status: null, code: null, vars: {} }),
      );
      const [result] = await Promise.all([post, wait(COUPON_APPLY_MS)]);
      setApplying(false);
      if (result.ok) setApplied(result.coupon);
      else if (result.code) {
        setApplied(null);
        setError(t(`errors.${result.code}`, result.vars));
      } else setError(t("shop.coupon.networkError"));
    },
    [t],
  );

  const remove = useCallback(() => {
    setApplied(null);
    forgetCoupon();
    setError(null);
    toast.success(t("shop.toast.couponRemoved"));
  }, [t]);

  const value = useMemo<CouponContextValue>(
    () => ({ applied, applying, error, totals: cartTotals(cart.items, applied?.discountCents ?? 0), apply, remove }),
    [applied, applying, error, cart.items, apply, remove],
  );
  return <CouponContext.Provider value={value}>{children}</CouponContext.Provider>;
}

export function useCoupon(): CouponContextValue {
  const value = useContext(CouponContext);
  if (!value) throw new Error("useCoupon must be used within a CouponProvider");
  return value;
}
