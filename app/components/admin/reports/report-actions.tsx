import { useState } from "react";
import type { OrderState } from "~/domain/order-state";
import { ActionForm } from "../order/action-form";
import { ProofField } from "../order/proof-field";
import { Checkbox, TextArea, TextField } from "../kit/fields";
import { useConsole } from "../use-console";
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
  const { t, usd } = useConsole();
  return (
    <Card title={t("adminReports.actions.title")}>
      <div className="space-y-4">
        <ActionForm key={`answer-${done.answers}`} intent="answer" label={t("adminReports.actions.send")}>
          <TextArea name="message" label={t("adminReports.actions.answer")} required maxLength={2000} />
        </ActionForm>
        {orderStatus === "delivered" ? (
          <ActionForm key={`redeliver-${done.redeliveries}`} intent="redeliver" label={t("adminReports.actions.redeliver")} variant="secondary" multipart>
            <TextArea name="publicNote" label={t("adminReports.report.publicNote")} required maxLength={2000} />
            <TextArea
              name="privateNote"
              label={t("adminReports.report.privateNote")}
              hint={t("adminReports.actions.privateNoteHint")}
              required
              maxLength={2000}
            />
            <ProofField />
            <Checkbox name="close" label={t("adminReports.actions.closeWith")} defaultChecked={false} />
          </ActionForm>
        ) : (
          <p className="text-xs text-slate-600">{t("adminReports.actions.redeliverOnlyDelivered")}</p>
        )}
        {refund && refund.refundableCents > 0 && ["paid", "in_progress", "delivered"].includes(orderStatus) ? (
          <ActionForm
            intent="refund"
            label={refund.payPalRefunds ? t("adminReports.actions.refundPayPal") : t("adminReports.actions.recordRefund")}
            variant="secondary"
          >
            <input type="hidden" name="requestKey" value={requestKey} />
            <TextField
              name="amount"
              label={t("adminReports.actions.amount")}
              hint={t("adminReports.actions.amountHint", { left: usd(refund.refundableCents) })}
              hintAbove
              placeholder={t("adminReports.actions.full")}
              maxLength={20}
              autoComplete="off"
            />
            {!refund.payPalRefunds && (
              <TextField name="reference" label={t("adminReports.actions.reference")} hint={t("adminReports.actions.referenceHint")} required maxLength={200} />
            )}
            {refund.payPalRefunds && !refund.payPalReady && <p className="text-xs text-red-700">{t("adminReports.actions.noPayPal")}</p>}
            <TextArea name="reason" label={t("adminReports.actions.refundReason")} required maxLength={2000} />
          </ActionForm>
        ) : null}
        <ActionForm intent="close" label={t("adminReports.actions.close")} variant="secondary">
          <TextArea name="reason" label={t("adminReports.actions.closeReason")} required maxLength={2000} />
        </ActionForm>
      </div>
    </Card>
  );
}
