import { CreditCard } from "~/components/ui/icon";
import { useMemo, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { useSearchParams } from "react-router";
import type { Route } from "./+types/checkout";
import { translationsFor } from "~/i18n/resources.server";
import { catalogueSummaries } from "~/server/catalogue/summaries.server";
import { cartLinesFrom } from "~/server/catalogue/storefront.server";
import { appliedCouponFrom } from "~/server/catalogue/coupon-check.server";
import { couponCookieOf } from "~/server/catalogue/shop-actions.server";
import { EmptyCart } from "~/components/cart/empty-cart";
import type { CreatedOrder } from "~/components/checkout/details-dialog";
import { detailsDialog } from "~/components/checkout/details-dialog-deferred";
import { DeferredDialog } from "~/components/ui/deferred";
import { ManualOrderLinks } from "~/components/checkout/manual-order";
import { OrderSummary } from "~/components/checkout/order-summary";
import { PaymentStep } from "~/components/payment/payment-step";
import { Button } from "~/components/ui/button";
import { priceCart } from "~/domain/cart";
import { isGiftingProduct, orderKind } from "~/domain/gifts";
import { useCart } from "~/state/cart";
import { useCoupon } from "~/state/coupon";
import { useProductLookup } from "~/state/products";
import { pageMeta } from "~/seo";

/**
 * The page renders the shopper's cart from its cookie (docs/decisions/037), so it is never shared by
 * the render cache (no `X-Shared-Page`, unlike the shopper layout's pages) and, its first paint
 * being the cart itself, it drops the modulepreload hints like the other pages (docs/decisions/024).
 */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-cache", Vary: "Cookie, Accept-Language" });

/** The page's own strings (beyond the frame's), in its language; the stored cart may name any product: the page carries them all (docs/decisions/024). */
export const loader = async ({ params, request, context }: Route.LoaderArgs) => {
  const cartLines = cartLinesFrom(request);
  return {
    catalogue: await catalogueSummaries(context.services.db, params.lang),
    cartLines,
    // The coupon applied by a plain form post (or remembered from the last one): docs/decisions/056.
    appliedCoupon: await appliedCouponFrom(couponCookieOf(request), cartLines, context.services),
    translations: translationsFor({ params, context }, ["cart", "checkout", "orderLink", "meta.checkout"]),
  };
};

export const meta: Route.MetaFunction = (args) => [...pageMeta(args, "checkout"), { name: "robots", content: "noindex" }];

/** The message for a shopper coming back from PayPal's pages (return and cancel URLs). */
function ReturnNotice() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  if (params.get("success") === "true") {
    return (
      <p role="status" className="mt-6 rounded-lg bg-emerald-50 p-3 font-semibold text-emerald-900">
        {t("checkout.payment.returnedSuccess")}
      </p>
    );
  }
  if (params.get("cancelled") === "true") {
    return (
      <div role="status" className="mt-6 rounded-lg bg-amber-50 p-3 text-amber-900">
        <p className="font-semibold">{t("checkout.payment.cancelledTitle")}</p>
        <p className="text-sm">{t("checkout.payment.cancelledText")}</p>
      </div>
    );
  }
  return null;
}

export default function CheckoutPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const lookup = useProductLookup();
  const { items, hydrated } = useCart();
  const { applied, totals } = useCoupon();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [order, setOrder] = useState<CreatedOrder | null>(null);

  // SPEC §2: gift=true with `product` asks for that gifting product alone, whatever the cart holds.
  // A stale link (no product, or one that is not a gifting product) is an ordinary cart checkout:
  // "gift" is never more than a wish, and the server decides (docs/decisions/042).
  const giftProduct = params.get("gift") === "true" ? params.get("product") : null;
  const giftItems = useMemo(
    () => (giftProduct && isGiftingProduct(lookup(giftProduct)) ? priceCart([{ id: giftProduct, quantity: 1 }], lookup).items : null),
    [giftProduct, lookup],
  );
  const ordered = giftItems ?? items;
  // The dialog's title and notes follow what is ordered: gifting items only, login-needing, or both.
  const kind = orderKind(
    ordered.map(({ id }) => ({ productId: id })),
    lookup,
  );
  const gift = kind === "gift";
  const finalTotalCents = giftItems ? (giftItems[0]?.priceCents ?? 0) : totals.finalTotalCents;

  return (
    // At least a screen tall: the stored cart is read after the first paint, and the footer must not
    // jump when the order replaces the placeholder (no layout shift).
    <section className="mx-auto min-h-svh max-w-5xl px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-bold">{gift ? t("checkout.giftTitle") : t("checkout.title")}</h1>
      <ReturnNotice />
      {!hydrated ? (
        // Keys: each state is a new element, so the placeholder's box never "moves" into the order's (layout shift).
        <div key="placeholder" className="mt-8 h-64 animate-pulse rounded-2xl bg-slate-100" aria-hidden="true" />
      ) : ordered.length === 0 && !order ? (
        <div key="empty" className="mt-8">
          <EmptyCart />
        </div>
      ) : (
        <div key="order" className="mt-8 grid gap-6 lg:grid-cols-[1fr_24rem]">
          <OrderSummary only={giftItems ?? undefined} />
          <section aria-labelledby="pay-title" className="flex flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
            <h2 id="pay-title" className="text-lg font-bold">
              {t("checkout.payTitle")}
            </h2>
            {order ? (
              <PaymentStep order={order} clearCartWhenPaid={!giftItems} />
            ) : (
              <>
                {/* SPEC §4: no payment when the total after discount is 0 or less. */}
                {finalTotalCents > 0 && (
                  <div className="space-y-2">
                    <Button
                      size="lg"
                      onClick={() => setDialogOpen(true)}
                      onPointerEnter={detailsDialog.preload}
                      onFocus={detailsDialog.preload}
                      className="w-full"
                    >
                      <CreditCard aria-hidden="true" className="h-5 w-5" />
                      {t("checkout.proceedCard")}
                    </Button>
                    <p className="text-xs text-slate-600">{t("checkout.proceedHint")}</p>
                  </div>
                )}
                <div className="border-t border-slate-200 pt-4">
                  <h3 className="font-semibold">{t("checkout.orderVia")}</h3>
                  <p className="mb-3 mt-1 text-sm text-slate-600">{t("checkout.orderViaText")}</p>
                  <ManualOrderLinks />
                </div>
              </>
            )}
          </section>
        </div>
      )}
      <DeferredDialog
        dialog={detailsDialog}
        open={dialogOpen}
        onOpenChange={setDialogOpen}
        kind={kind}
        lines={ordered.map(({ id, quantity }) => ({ id, quantity }))}
        couponCode={giftItems ? null : (applied?.code ?? null)}
        onCreated={setOrder}
      />
    </section>
  );
}
