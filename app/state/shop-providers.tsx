import { CartProvider } from "./cart";
import { CouponProvider } from "./coupon";
import { CurrencyProvider } from "./currency";

/** Shopper state for every page: cart, then coupon (reset by cart changes), then currency. */
export function ShopProviders({ children }: { children: React.ReactNode }) {
  return (
    <CartProvider>
      <CouponProvider>
        <CurrencyProvider>{children}</CurrencyProvider>
      </CouponProvider>
    </CartProvider>
  );
}
