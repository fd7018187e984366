import { useState } from "react";
import { useConsole } from "../use-console";
import { TextField } from "../kit/fields";
import { ActionForm } from "./action-form";

export interface RefundTerms {
  /** A fresh key from the loader (one per rendering of the page). */
  refundKey: string;
  refundableCents: number;
  /** Refunded through PayPal's API (a PayPal capture), else recorded with the seller's own reference. */
  payPalRefunds: boolean;
  payPalReady: boolean;
  /** How many refunds the order has recorded: a new one empties the form. */
  refunds: number;
}

/**
 * The refund form. Its request key makes one rendering of the form one refund, however often it is
 * sent (a double click, a page sent again): PayPal answers the same refund and the order records it
 * once. A refund that went through empties the form and takes the next key — the form is keyed by
 * the number of refunds recorded, so the page's reloaded data mounts a fresh one. A refused refund
 * keeps what was typed and its key, so trying again after an unclear answer is still that refund.
 */
export function RefundForm({ refunds, ...terms }: RefundTerms) {
  return <RefundFields key={refunds} {...terms} />;
}

function RefundFields({ refundKey, refundableCents, payPalRefunds, payPalReady }: Omit<RefundTerms, "refunds">) {
  const [requestKey] = useState(refundKey);
  const { t, usd } = useConsole();
  return (
    <ActionForm intent="refund" label={payPalRefunds ? t("adminOrders.refund.payPal") : t("adminOrders.refund.record")} variant="secondary">
      <input type="hidden" name="requestKey" value={requestKey} />
      <TextField
        name="amount"
        label={t("adminOrders.refund.amount")}
        hint={t("adminOrders.refund.amountHint", { left: usd(refundableCents) })}
        hintAbove
        placeholder={t("adminOrders.refund.full")}
        maxLength={200}
        autoComplete="off"
      />
      {!payPalRefunds && (
        <TextField name="reference" label={t("adminOrders.refund.reference")} hint={t("adminOrders.refund.referenceHint")} hintAbove required maxLength={200} />
      )}
      {payPalRefunds && !payPalReady && <p className="text-xs text-red-700">{t("adminOrders.refund.noPayPal")}</p>}
      <TextField name="reason" label={t("adminOrders.actions.reason")} maxLength={200} />
    </ActionForm>
  );
}
