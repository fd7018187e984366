import { CreditCard } from "~/components/ui/icon";
import { useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { ChargedAmount } from "~/components/checkout/charged-amount";
import type { CreatedOrder } from "~/components/checkout/details-dialog";
import { detailsDialog } from "~/components/checkout/details-dialog-deferred";
import { deferred, DeferredDialog, DeferredPart } from "~/components/ui/deferred";
import { Button } from "~/components/ui/button";
import { isGiftingProduct } from "~/domain/gifts";
import type { Product } from "~/domain/product";

/** The payment step, with its strings, once the details are sent: the product page does not carry them. */
const paymentStep = deferred(() => import("~/components/payment/payment-step").then((m) => m.PaymentStep), ["checkout", "orderLink"]);

/**
 * The product page's instant card purchase (SPEC §4): 'Pay now with card' opens the details
 * dialog for this product alone (the cart is not touched); once the order is stored, the box shows
 * the order id and the PayPal and card buttons.
 */
export function CardPurchaseBox({ product }: { product: Pick<Product, "id" | "inStock" | "priceCents" | "delivery"> }) {
  const { t } = useTranslation();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [order, setOrder] = useState<CreatedOrder | null>(null);
  if (!product.inStock) return null;
  const preload = () => {
    detailsDialog.preload();
    paymentStep.preload();
  };
  return (
    <section aria-labelledby="card-title" className="rounded-2xl border border-slate-200 bg-slate-50 p-5">
      <h2 id="card-title" className="flex items-center gap-2 text-lg font-bold">
        <CreditCard size={18} aria-hidden="true" />
        {t("product.card.title")}
      </h2>
      {order ? (
        <DeferredPart part={paymentStep} order={order} clearCartWhenPaid={false} className="mt-4 space-y-4" />
      ) : (
        <>
          <p className="mt-2 text-sm text-slate-700">{t("product.card.text")}</p>
          <ChargedAmount usdCents={product.priceCents} className="mt-2 text-xs text-slate-600" />
          <Button
            onClick={() => setDialogOpen(true)}
            onPointerEnter={preload}
            onFocus={preload}
            className="mt-4 min-h-11 w-full bg-slate-900 hover:bg-slate-700"
          >
            <CreditCard size={16} aria-hidden="true" />
            {t("product.card.button")}
          </Button>
        </>
      )}
      <DeferredDialog
        dialog={detailsDialog}
        open={dialogOpen}
        onOpenChange={setDialogOpen}
        kind={isGiftingProduct(product) ? "gift" : "login"}
        lines={[{ id: product.id, quantity: 1 }]}
        couponCode={null}
        onCreated={setOrder}
      />
    </section>
  );
}
