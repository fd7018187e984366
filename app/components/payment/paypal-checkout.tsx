/**
 * PayPal's buttons for a stored order (DESIGN §5): PayPal and "Debit or Credit Card". Loaded lazily
 * by PaymentStep, so @paypal/react-paypal-js is in no other chunk. Every amount comes from the
 * server's stored order: the browser only passes order ids along.
 */
import { FUNDING, PayPalButtons, PayPalScriptProvider, usePayPalScriptReducer, type ReactPayPalScriptOptions } from "@paypal/react-paypal-js";
import { useMemo, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { useNavigate } from "react-router";
import { toast } from "~/lib/toast";
import type { CreatedOrder } from "~/components/checkout/details-dialog";
import { useLocalize } from "~/components/ui/local-link";
import { capturePayPalOrderApi, createPayPalOrderApi, type PaymentOutcome } from "~/domain/api/paypal";
import { rememberOrderLink } from "~/components/order/order-link";
import { postJson } from "~/lib/api-client";
import { useNonce } from "~/nonce";
import { PAID_REDIRECT_MS, PAID_TOAST_MS } from "./timings";
import { afterPayment } from "~/domain/gifts";
import { forgetGift, saveGiftConfirmation } from "./gift-confirmation";
import { useCart } from "~/state/cart";
import { usePublicConfig } from "~/state/storefront-data";

/** The page's CSP nonce: from the server while rendering, else from the scripts it trusted. */
function pageNonce(serverNonce: string): string | undefined {
  if (serverNonce) return serverNonce;
  if (typeof document === "undefined") return undefined;
  return document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce || undefined;
}

export type PaidOutcome = Extract<PaymentOutcome, { status: "paid" }>;

interface Props {
  /**
   * Only the id travels: the server charges the order it stored. The details and items sent with
   * it (checkout, product page) feed the gift confirmation on /thank-you.
   */
  order: Pick<CreatedOrder, "id"> & Partial<Pick<CreatedOrder, "details" | "items">>;
  clearCartWhenPaid: boolean;
  /** What follows a payment; by default SPEC §9's success toast and redirect (the status page refreshes itself instead). */
  onPaid?: (payment: PaidOutcome) => void;
}

export default function PayPalCheckout({ order, clearCartWhenPaid, onPaid }: Props) {
  const paypal = usePublicConfig()?.paypal;
  const serverNonce = useNonce();
  const options = useMemo<ReactPayPalScriptOptions | null>(
    () =>
      paypal
        ? {
            clientId: paypal.clientId,
            currency: "USD",
            intent: "capture",
            components: "buttons",
            sdkBaseUrl: paypal.sdkUrl,
            dataCspNonce: pageNonce(serverNonce),
          }
        : null,
    [paypal, serverNonce],
  );
  if (!options) return null;
  return (
    <PayPalScriptProvider options={options}>
      <Buttons order={order} clearCartWhenPaid={clearCartWhenPaid} onPaid={onPaid} />
    </PayPalScriptProvider>
  );
}

function Buttons({ order, clearCartWhenPaid, onPaid }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localize = useLocalize();
  const cart = useCart();
  const [{ isPending, isRejected }] = usePayPalScriptReducer();
  const [pending, setPending] = useState(false);
  const [paid, setPaid] = useState(false);

  if (isRejected) {
    // SPEC §8: a script that does not load leaves the buttons unavailable; ordering by hand remains.
    return (
      <p role="alert" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
        {t("checkout.payment.sdkUnavailable")}
      </p>
    );
  }
  if (isPending) return <p className="text-sm text-slate-600">{t("checkout.payment.loading")}</p>;
  if (pending) {
    return (
      <p role="status" className="rounded-lg bg-sky-50 p-3 text-sm text-sky-900">
        {t("checkout.payment.pending")}
      </p>
    );
  }

  const failed = () => toast.error(t("checkout.payment.failedTitle"), { description: t("checkout.payment.failedText") });

  async function createOrder(): Promise<string> {
    const result = await postJson(createPayPalOrderApi, { orderId: order.id });
    // Thrown: PayPal then calls onError, which says the payment failed.
    if (!result.ok) throw new Error(`createOrder refused: ${result.code ?? result.reason}`);
    return result.paypalOrderId;
  }

  async function onApprove(data: { orderID: string }, actions: { restart(): Promise<void> | void }): Promise<void> {
    const result = await postJson(capturePayPalOrderApi, { orderId: order.id, paypalOrderId: data.orderID });
    if (!result.ok) {
      failed();
      return;
    }
    const payment = result.payment;
    if (payment.status === "declined") return void (await actions.restart());
    // The pages after payment (thank-you, login-required) link the order's status page.
    rememberOrderLink({ id: order.id, statusPath: result.statusPath });
    if (payment.status === "pending") return setPending(true);
    setPaid(true);
    if (clearCartWhenPaid) cart.clear({ quiet: true });
    if (onPaid) return onPaid(payment);
    // The server says where to go (docs/decisions/042): the login page when the team needs the
    // login, else the gift confirmation, fed by this order only.
    const where = afterPayment(payment.needsLogin);
    const { details, items } = order;
    if (where === "thank-you" && details && items) saveGiftConfirmation({ id: order.id, details, items });
    else forgetGift();
    const next = localize(`/${where}`);
    toast.success(t("checkout.payment.paidTitle", { name: payment.givenName }), {
      description: t(where === "thank-you" ? "checkout.payment.paidGiftNote" : "checkout.payment.paidLoginNote"),
      duration: PAID_TOAST_MS,
      action: { label: t("checkout.payment.viewInfo"), onClick: () => void navigate(next) },
    });
    setTimeout(() => void navigate(next), PAID_REDIRECT_MS);
  }

  const shared = {
    createOrder,
    onApprove,
    onCancel: () => toast.info(t("checkout.payment.cancelledTitle"), { description: t("checkout.payment.cancelledText") }),
    onError: failed,
    disabled: paid,
  };
  // An ineligible funding source renders nothing (PayPalButtons' children when ineligible).
  return (
    <div className="space-y-2" aria-label={t("checkout.payTitle")} role="group">
      <PayPalButtons fundingSource={FUNDING.PAYPAL} style={{ layout: "vertical", label: "pay" }} {...shared} />
      <PayPalButtons fundingSource={FUNDING.CARD} style={{ layout: "vertical" }} {...shared} />
    </div>
  );
}
