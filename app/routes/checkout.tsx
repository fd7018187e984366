import { CheckCircle2, CreditCard } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import type { Route } from "./+types/checkout";
import { EmptyCart } from "~/components/cart/empty-cart";
import { DetailsDialog, type CreatedOrder } from "~/components/checkout/details-dialog";
import { ManualOrderLinks } from "~/components/checkout/manual-order";
import { OrderSummary } from "~/components/checkout/order-summary";
import { Button } from "~/components/ui/button";
import { LocalLink } from "~/components/ui/local-link";
import { useCart } from "~/state/cart";
import { useCoupon } from "~/state/coupon";
import { pageMeta } from "~/seo";

export const meta: Route.MetaFunction = (args) => [...pageMeta(args, "checkout"), { name: "robots", content: "noindex" }];

export default function CheckoutPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  // SPEC §2: gift=true marks a gift order; `product` is read but the cart is what is ordered.
  const gift = params.get("gift") === "true";
  const { items, hydrated } = useCart();
  const { totals } = useCoupon();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [order, setOrder] = useState<CreatedOrder | null>(null);

  return (
    <section className="mx-auto max-w-5xl px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-bold">{gift ? t("checkout.giftTitle") : t("checkout.title")}</h1>
      {!hydrated ? (
        <div className="mt-8 h-64 animate-pulse rounded-2xl bg-slate-100" aria-hidden="true" />
      ) : items.length === 0 && !order ? (
        <div className="mt-8">
          <EmptyCart />
        </div>
      ) : (
        <div className="mt-8 grid gap-6 lg:grid-cols-[1fr_24rem]">
          <OrderSummary />
          <section aria-labelledby="pay-title" className="flex flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
            <h2 id="pay-title" className="text-lg font-bold">
              {t("checkout.payTitle")}
            </h2>
            {order ? (
              <div className="space-y-4" data-testid="order-created">
                <p className="flex items-start gap-2 rounded-lg bg-emerald-50 p-3 font-semibold text-emerald-900" role="status">
                  <CheckCircle2 aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
                  {t("checkout.detailsSubmitted")}
                </p>
                <p className="text-sm">
                  {t("checkout.orderId")}: <strong className="font-mono">{order.id}</strong>
                </p>
                <p className="text-sm text-slate-700">{t("checkout.onlineUnavailable")}</p>
                <ManualOrderLinks orderId={order.id} giftUsername={gift ? order.details.VUUSER : undefined} />
                {gift && (
                  <LocalLink to="/thank-you" className="block text-center text-sm font-semibold text-brand-700 underline">
                    {t("checkout.giftConfirmation")}
                  </LocalLink>
                )}
              </div>
            ) : (
              <>
                {/* SPEC §4: no payment when the total after discount is 0 or less. */}
                {totals.finalTotalCents > 0 && (
                  <div className="space-y-2">
                    <Button size="lg" onClick={() => setDialogOpen(true)} className="w-full">
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
      <DetailsDialog open={dialogOpen} onOpenChange={setDialogOpen} gift={gift} onCreated={setOrder} />
    </section>
  );
}
