import { NOTE_MAX, PAYMENT_METHODS } from "~/domain/order-desk";
import { canTransition, type OrderState } from "~/domain/order-state";
import { useConsole } from "../use-console";
import { SelectField, TextArea, TextField } from "../kit/fields";
import { Card } from "../kit/page";
import { ActionForm } from "./action-form";
import { ProofField } from "./proof-field";
import { RefundForm, type RefundTerms } from "./refund-form";

/** "Actions": only the moves the state table allows from the order's status are offered. */
export function ActionsCard({
  order,
  refund,
}: {
  order: { status: OrderState; totalCents: number };
  /** Null when no payment is recorded (nothing to refund). */
  refund: RefundTerms | null;
}) {
  const { t, usd } = useConsole();
  const methodOptions = PAYMENT_METHODS.map((m) => ({ value: m, label: t(`adminOrders.methods.${m}`) }));
  const can = (to: OrderState) => canTransition(order.status, to);
  const forms: React.ReactNode[] = [];
  if (can("in_progress")) forms.push(<ActionForm key="start" intent="start" label={t("adminOrders.actions.start")} />);
  if (can("delivered")) {
    forms.push(
      <ActionForm key="deliver" intent="deliver" label={t("adminOrders.actions.deliver")} multipart>
        <TextArea name="publicNote" label={t("adminOrders.actions.publicNote")} hint={t("adminOrders.actions.publicNoteHint")} hintAbove maxLength={NOTE_MAX} />
        <TextArea
          name="privateNote"
          label={t("adminOrders.actions.privateNote")}
          hint={t("adminOrders.actions.privateNoteHint")}
          hintAbove
          required
          maxLength={NOTE_MAX}
        />
        <ProofField />
      </ActionForm>,
    );
  }
  if (can("paid")) {
    forms.push(
      <ActionForm key="mark_paid" intent="mark_paid" label={t("adminOrders.actions.markPaid", { amount: usd(order.totalCents) })}>
        <SelectField
          name="method"
          label={t("adminOrders.actions.paidWith")}
          required
          defaultValue=""
          placeholder={t("adminOrders.actions.choose")}
          options={methodOptions}
        />
        <TextField
          name="reference"
          label={t("adminOrders.actions.reference")}
          hint={t("adminOrders.actions.referenceHint")}
          hintAbove
          required
          maxLength={200}
        />
      </ActionForm>,
    );
  }
  if (can("refunded") && refund) forms.push(<RefundForm key="refund" {...refund} />);
  if (can("cancelled")) {
    forms.push(
      <ActionForm key="cancel" intent="cancel" label={t("adminOrders.actions.cancel")} variant="secondary">
        <TextField name="reason" label={t("adminOrders.actions.reason")} maxLength={200} />
      </ActionForm>,
    );
  }
  return (
    <Card title={t("adminOrders.actions.title")}>
      {forms.length ? (
        <div className="space-y-4">{forms}</div>
      ) : (
        <p className="text-sm text-slate-700">{t("adminOrders.actions.noStep", { status: t(`admin.status.${order.status}`).toLowerCase() })}</p>
      )}
    </Card>
  );
}
