import { NOTE_MAX, PAYMENT_METHOD_LABELS, PAYMENT_METHODS, QUEUE_LABELS } from "~/domain/order-desk";
import { canTransition, type OrderState } from "~/domain/order-state";
import { usd } from "../kit/format";
import { SelectField, TextArea, TextField } from "../kit/fields";
import { Card } from "../kit/page";
import { ActionForm } from "./action-form";
import { ProofField } from "./proof-field";
import { RefundForm, type RefundTerms } from "./refund-form";

const METHOD_OPTIONS = PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }));

/** "Actions": only the moves the state table allows from the order's status are offered. */
export function ActionsCard({
  order,
  refund,
}: {
  order: { status: OrderState; totalCents: number };
  /** Null when no payment is recorded (nothing to refund). */
  refund: RefundTerms | null;
}) {
  const can = (to: OrderState) => canTransition(order.status, to);
  const forms: React.ReactNode[] = [];
  if (can("in_progress")) forms.push(<ActionForm key="start" intent="start" label="Mark in progress" />);
  if (can("delivered")) {
    forms.push(
      <ActionForm key="deliver" intent="deliver" label="Mark delivered" multipart>
        <TextArea
          name="publicNote"
          label="Note for the buyer"
          hint="Shown on their order status page and in the delivered email. Optional."
          hintAbove
          maxLength={NOTE_MAX}
        />
        <TextArea
          name="privateNote"
          label="Delivery record (private)"
          hint="What was delivered, when, and to which account: your evidence if the buyer says the item never arrived."
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
      <ActionForm key="mark_paid" intent="mark_paid" label={`Mark paid (${usd(order.totalCents)} received)`}>
        <SelectField name="method" label="Paid with" required defaultValue="" placeholder="Choose…" options={METHOD_OPTIONS} />
        <TextField
          name="reference"
          label="Payment reference"
          hint="Transaction id, transfer reference or wallet transaction."
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
      <ActionForm key="cancel" intent="cancel" label="Cancel order" variant="secondary">
        <TextField name="reason" label="Reason (private)" maxLength={200} />
      </ActionForm>,
    );
  }
  return (
    <Card title="Actions">
      {forms.length ? (
        <div className="space-y-4">{forms}</div>
      ) : (
        <p className="text-sm text-slate-700">No further step: this order is {QUEUE_LABELS[order.status].toLowerCase()}.</p>
      )}
    </Card>
  );
}
