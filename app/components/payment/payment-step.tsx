import { CheckCircle2 } from "~/components/ui/icon";
import { lazy, Suspense, useEffect } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { ChargedAmount } from "~/components/checkout/charged-amount";
import type { CreatedOrder } from "~/components/checkout/details-dialog";
import { ManualOrderLinks } from "~/components/checkout/manual-order";
import { OrderStatusLink, rememberOrderLink } from "~/components/order/order-link";
import { LocalLink } from "~/components/ui/local-link";
import { useCurrency } from "~/state/currency";
import { usePublicConfig } from "~/state/storefront-data";
import { saveGiftConfirmation } from "./gift-confirmation";

// PayPal's SDK wrapper is loaded only here, once the details are submitted: no other page carries it.
const PayPalCheckout = lazy(() => import("./paypal-checkout"));

export interface PaymentStepProps {
  order: CreatedOrder;
  /** Cart checkout: the cart (and its coupon) is emptied once paid. A single product or a gift leaves it alone. */
  clearCartWhenPaid: boolean;
  className?: string;
}

/**
 * After the details dialog (SPEC §4 order flow): the details-submitted notice, the order id and
 * total, the PayPal and card buttons, and ordering by hand with the order id.
 */
export function PaymentStep({ order, clearCartWhenPaid, className = "space-y-4" }: PaymentStepProps) {
  const { t } = useTranslation();
  const { format } = useCurrency();
  const paypal = usePublicConfig()?.paypal ?? null;
  const online = paypal !== null && order.channel === "paypal" && order.totalCents > 0;
  // The thank-you page can then link this order, paid online or arranged by hand.
  useEffect(() => rememberOrderLink({ id: order.id, statusPath: order.statusPath }), [order.id, order.statusPath]);
  return (
    <div className={className} data-testid="order-created">
      <p className="flex items-start gap-2 rounded-lg bg-emerald-50 p-3 font-semibold text-emerald-900" role="status">
        <CheckCircle2 aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
        {t("checkout.detailsSubmitted")}
      </p>
      <p className="text-sm">
        {t("checkout.orderId")}: <strong className="font-mono">{order.id}</strong>
      </p>
      <div className="text-sm">
        <p>
          {t("checkout.total")}: <span className="font-semibold">{format(order.totalCents)}</span>
        </p>
        <ChargedAmount usdCents={order.totalCents} />
      </div>
      {online ? (
        <Suspense fallback={<p className="text-sm text-slate-600">{t("checkout.payment.loading")}</p>}>
          <PayPalCheckout order={order} clearCartWhenPaid={clearCartWhenPaid} />
        </Suspense>
      ) : (
        <p className="text-sm text-slate-700">{t("checkout.onlineUnavailable")}</p>
      )}
      <div className="border-t border-slate-200 pt-4">
        <h3 className="mb-3 font-semibold">{t("checkout.orderVia")}</h3>
        <ManualOrderLinks order={order} giftUsername={order.gift ? order.details.VUUSER : undefined} />
      </div>
      <div className="border-t border-slate-200 pt-4">
        <p className="mb-3 text-sm text-slate-700">{t("orderLink.link.afterDetails")}</p>
        <OrderStatusLink link={{ id: order.id, statusPath: order.statusPath }} />
      </div>
      {order.gift && (
        <LocalLink to="/thank-you" onClick={() => saveGiftConfirmation(order)} className="block text-center text-sm font-semibold text-brand-700 underline">
          {t("checkout.giftConfirmation")}
        </LocalLink>
      )}
    </div>
  );
}
