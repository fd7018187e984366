import { ArrowLeft, Trash2 } from "~/components/ui/icon";
import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/cart";
import { translationsFor } from "~/i18n/resources.server";
import { catalogueSummaries } from "~/server/catalogue/summaries.server";
import { cartLinesFrom } from "~/server/catalogue/storefront.server";
import { appliedCouponFrom } from "~/server/catalogue/coupon-check.server";
import { couponCookieOf } from "~/server/catalogue/shop-actions.server";
import { pageMeta } from "~/seo";
import { CartLine } from "~/components/cart/cart-line";
import { CartSkeleton } from "~/components/cart/cart-skeleton";
import { CartSummary } from "~/components/cart/cart-summary";
import { EmptyCart } from "~/components/cart/empty-cart";
import { CouponBox } from "~/components/product/coupon-box";
import { LocalLink } from "~/components/ui/local-link";
import { useCart } from "~/state/cart";

/** The page's own strings (beyond the frame's), in its language. */
/**
 * The page renders the shopper's cart from its cookie (docs/decisions/037), so it is never shared by
 * the render cache (no `X-Shared-Page`, unlike the shopper layout's pages) and, its first paint
 * being the cart itself, it drops the modulepreload hints like the other pages (docs/decisions/024).
 */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-cache", Vary: "Cookie, Accept-Language" });

// The stored cart may name any product: the page carries them all (docs/decisions/024).
export const loader = async ({ params, request, context }: Route.LoaderArgs) => {
  const cartLines = cartLinesFrom(request);
  return {
    catalogue: await catalogueSummaries(context.services.db, params.lang),
    cartLines,
    // The coupon applied by a plain form post (or remembered from the last one): docs/decisions/056.
    appliedCoupon: await appliedCouponFrom(couponCookieOf(request), cartLines, context.services),
    translations: translationsFor({ params, context }, ["cart", "catalogue", "meta.cart"]),
  };
};

export const meta: Route.MetaFunction = (args) => pageMeta(args, "cart");

export default function CartPage() {
  const { t } = useTranslation();
  const { items, hydrated, clear } = useCart();
  return (
    // At least a screen tall: the stored cart is read after the first paint, and the footer must not
    // jump when it replaces the skeleton (no layout shift).
    <div className="mx-auto min-h-svh max-w-6xl px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-extrabold tracking-tight">{t("meta.cart.title")}</h1>
      <div className="mt-6">
        {!hydrated ? (
          <CartSkeleton />
        ) : items.length === 0 ? (
          <EmptyCart />
        ) : (
          <div className="grid gap-8 lg:grid-cols-3">
            <section aria-labelledby="cart-items-title" className="lg:col-span-2">
              <div className="flex flex-wrap items-center justify-between gap-3">
                <h2 id="cart-items-title" className="text-lg font-bold">
                  {t("cart.items")}
                </h2>
                <button
                  type="button"
                  onClick={() => clear()}
                  className="inline-flex min-h-10 items-center gap-2 rounded-lg border border-slate-300 px-3 text-sm font-semibold text-slate-800 hover:border-red-300 hover:bg-red-50 hover:text-red-800"
                >
                  <Trash2 size={16} aria-hidden="true" />
                  {t("cart.clear")}
                </button>
              </div>
              <ul className="mt-2 divide-y divide-slate-200 border-y border-slate-200">
                {items.map((item) => (
                  <CartLine key={item.id} item={item} />
                ))}
              </ul>
              <LocalLink to="/" className="mt-5 inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:text-brand-900">
                <ArrowLeft size={16} aria-hidden="true" />
                {t("cart.continue")}
              </LocalLink>
            </section>
            <div className="flex flex-col gap-6">
              <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
                <CouponBox />
              </div>
              <CartSummary />
            </div>
          </div>
        )}
      </div>
    </div>
  );
}
