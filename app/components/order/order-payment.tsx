import { lazy, Suspense } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { toast } from "sonner";
import { ManualOrderLinks } from "~/components/checkout/manual-order";
import type { PaidOutcome } from "~/components/payment/paypal-checkout";
import type { OrderStatusView } from "~/domain/api/order-status";
import type { CreatedOrderSummary } from "~/domain/api/orders";
import { usePublicConfig } from "~/state/storefront-data";
import { useHydrated } from "./use-hydrated";

// The same lazily loaded PayPal buttons as the checkout's payment step.
const PayPalCheckout = lazy(() => import("~/components/payment/paypal-checkout"));

/** The stored order in the shape the manual-order message is built from. */
function summaryOf(order: OrderStatusView, statusPath: string): CreatedOrderSummary {
  const { id, items, totalCents, subtotalCents, discountCents, couponCode, channel, isGift } = order;
  return { id, items, totalCents, subtotalCents, discountCents, couponCode, isGift, channel, statusPath };
}

interface Props {
  order: OrderStatusView;
  statusPath: string;
  /** After a payment on this page: read the order again (it shows paid). */
  onPaid(): void;
}

/**
 * An unpaid order's way to pay: PayPal's buttons for an online order (as in checkout), or how to
 * pay by hand with the order id on Discord or WhatsApp.
 */
export function OrderPayment({ order, statusPath, onPaid }: Props) {
  const { t } = useTranslation();
  const paypal = usePublicConfig()?.paypal ?? null;
  // The buttons load in the browser only: without JavaScript, the noscript note says so instead of
  // a "loading" line that would never end.
  const hydrated = useHydrated();
  const online = order.status === "awaiting_payment" && order.channel === "paypal" && paypal !== null && order.totalCents > 0;
  const manual = <ManualOrderLinks order={summaryOf(order, statusPath)} giftUsername={order.recipient ?? undefined} />;

  function paid(payment: PaidOutcome) {
    toast.success(t("orderStatus.pay.paidToast", { name: payment.givenName }));
    onPaid();
  }

  if (!online) {
    return (
      <>
        <p className="mt-2 text-sm text-slate-700">
          {order.status === "manual_pending" ? t("orderStatus.pay.manualText", { id: order.id }) : t("orderStatus.pay.unavailable", { id: order.id })}
        </p>
        <div className="mt-4">{manual}</div>
      </>
    );
  }
  return (
    <>
      <p className="mt-2 text-sm text-slate-700">{t("orderStatus.pay.text")}</p>
      <noscript>
        <p className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">{t("orderStatus.pay.noscript", { id: order.id })}</p>
      </noscript>
      {hydrated ? (
        <div className="mt-4">
          <Suspense fallback={<p className="text-sm text-slate-600">{t("checkout.payment.loading")}</p>}>
            <PayPalCheckout order={{ id: order.id }} clearCartWhenPaid={false} onPaid={paid} />
          </Suspense>
        </div>
      ) : null}
      <div className="mt-5 border-t border-slate-200 pt-4">
        <h3 className="mb-3 text-sm font-semibold text-slate-900">{t("checkout.orderVia")}</h3>
        {manual}
      </div>
    </>
  );
}
