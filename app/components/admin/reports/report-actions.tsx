import { useState } from "react";
import type { OrderState } from "~/domain/order-state";
import { ActionForm } from "../order/action-form";
import { ProofField } from "../order/proof-field";
import { Checkbox, TextArea, TextField } from "../kit/fields";
import { usd } from "../kit/format";
import { Card } from "../kit/page";

interface RefundTerms {
  refundKey: string;
  refundableCents: number;
  payPalRefunds: boolean;
  payPalReady: boolean;
}

/**
 * What the seller can do with an open report: answer, re-deliver (delivered orders), refund through
 * the one refund path, or close with a reason. The buyer reads every text here except the delivery record.
 * `done` counts each form's successes (answers, re-deliveries): a form that went through mounts empty,
 * the others keep what was typed. A refund or a closing closes the report, and the forms go.
 */
export function ReportActions({
  orderStatus,
  refund,
  done,
}: {
  orderStatus: OrderState;
  refund: RefundTerms | null;
  done: { answers: number; redeliveries: number };
}) {
  const [requestKey] = useState(refund?.refundKey ?? "");
  return (
    <Card title="Answer">
      <div className="space-y-4">
        <ActionForm key={`answer-${done.answers}`} intent="answer" label="Send answer">
          <TextArea name="message" label="Answer (the buyer reads it)" required maxLength={2000} />
        </ActionForm>
        {orderStatus === "delivered" ? (
          <ActionForm key={`redeliver-${done.redeliveries}`} intent="redeliver" label="Re-deliver" variant="secondary" multipart>
            <TextArea name="publicNote" label="Note for the buyer" required maxLength={2000} />
            <TextArea
              name="privateNote"
              label="Delivery record (private)"
              hint="What was delivered again, when and to which account."
              required
              maxLength={2000}
            />
            <ProofField />
            <Checkbox name="close" label="Close the report with this delivery" defaultChecked={false} />
          </ActionForm>
        ) : (
          <p className="text-xs text-slate-600">Re-delivery is for delivered orders: deliver this one from its order page.</p>
        )}
        {refund && refund.refundableCents > 0 && ["paid", "in_progress", "delivered"].includes(orderStatus) ? (
          <ActionForm intent="refund" label={refund.payPalRefunds ? "Refund through PayPal" : "Record refund"} variant="secondary">
            <input type="hidden" name="requestKey" value={requestKey} />
            <TextField
              name="amount"
              label="Amount to refund (USD)"
              hint={`Leave empty for everything left: ${usd(refund.refundableCents)}.`}
              hintAbove
              placeholder="full"
              maxLength={20}
              autoComplete="off"
            />
            {!refund.payPalRefunds && (
              <TextField name="reference" label="Refund reference" hint="Refund the buyer yourself, then record it here." required maxLength={200} />
            )}
            {refund.payPalRefunds && !refund.payPalReady && <p className="text-xs text-red-700">PayPal is not configured on this server.</p>}
            <TextArea name="reason" label="Refund reason (the buyer reads it)" required maxLength={2000} />
          </ActionForm>
        ) : null}
        <ActionForm intent="close" label="Close report" variant="secondary">
          <TextArea name="reason" label="Closing reason (the buyer reads it)" required maxLength={2000} />
        </ActionForm>
      </div>
    </Card>
  );
}
