import { Form } from "react-router";
import { SubmitButton, TextArea } from "~/components/admin/kit/fields";
import { Card } from "~/components/admin/kit/page";
import { EVIDENCE_NOTES_MAX } from "~/domain/disputes";
import type { FieldErrors } from "~/domain/seller/form-fields";

/** The evidence packet the shop assembled, which the seller reads, edits and sends as proof of fulfilment. */
export function EvidenceForm({ packet, errors }: { packet: string; errors: FieldErrors }) {
  return (
    <Card title="Evidence packet">
      <Form method="post" className="space-y-3">
        <TextArea
          label="Evidence sent to PayPal (proof of fulfilment)"
          name="notes"
          defaultValue={packet}
          rows={14}
          maxLength={EVIDENCE_NOTES_MAX}
          required
          hint={`Assembled from the shop's records; edit before sending. At most ${EVIDENCE_NOTES_MAX} characters; it is also attached as a PDF.`}
          error={errors.notes}
        />
        <SubmitButton intent="send_evidence" pendingLabel="Sending…">
          Send evidence to PayPal
        </SubmitButton>
      </Form>
    </Card>
  );
}

export function AcceptClaimForm({ errors }: { errors: FieldErrors }) {
  return (
    <Card title="Accept the claim">
      <Form method="post" className="space-y-3">
        <p className="text-sm text-slate-700">PayPal refunds the buyer from the shop's balance and closes the dispute; the order records the refund.</p>
        <TextArea label="Note to PayPal" name="note" required maxLength={EVIDENCE_NOTES_MAX} error={errors.note} />
        <SubmitButton intent="accept_claim" variant="secondary" pendingLabel="Accepting…">
          Accept claim and refund
        </SubmitButton>
      </Form>
    </Card>
  );
}

export function MessageForm({ errors }: { errors: FieldErrors }) {
  return (
    <Card title="Message the buyer">
      <Form method="post" className="space-y-3">
        <TextArea label="Message" name="message" required maxLength={EVIDENCE_NOTES_MAX} error={errors.message} hint="Sent through PayPal (inquiries only)." />
        <SubmitButton intent="send_message" variant="secondary" pendingLabel="Sending…">
          Send message
        </SubmitButton>
      </Form>
    </Card>
  );
}

/** Read again from PayPal, and after a lost dispute: block the buyer. */
export function DisputeTools({ lost, blocked }: { lost: boolean; blocked: boolean }) {
  return (
    <Card title="Tools">
      <div className="flex flex-wrap gap-2">
        <Form method="post">
          <SubmitButton intent="refresh" variant="secondary" pendingLabel="Reading…">
            Read again from PayPal
          </SubmitButton>
        </Form>
        {lost && !blocked && (
          <Form method="post">
            <SubmitButton intent="block_buyer" variant="secondary" pendingLabel="Blocking…">
              Block this buyer
            </SubmitButton>
          </Form>
        )}
      </div>
      {lost && blocked && <p className="mt-2 text-sm text-slate-700">This buyer is blocked.</p>}
    </Card>
  );
}
