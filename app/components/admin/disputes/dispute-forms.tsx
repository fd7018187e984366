import { Form } from "react-router";
import { SubmitButton, TextArea } from "~/components/admin/kit/fields";
import { Card } from "~/components/admin/kit/page";
import { EVIDENCE_NOTES_MAX } from "~/domain/disputes";
import type { FieldErrors } from "~/domain/seller/form-fields";
import { useTranslation } from "~/i18n/use-translation";

/** The evidence packet the shop assembled, which the seller reads, edits and sends as proof of fulfilment. */
export function EvidenceForm({ packet, errors }: { packet: string; errors: FieldErrors }) {
  const { t } = useTranslation();
  return (
    <Card title={t("adminReports.forms.packet")}>
      <Form method="post" className="space-y-3">
        <TextArea
          label={t("adminReports.forms.evidence")}
          name="notes"
          defaultValue={packet}
          rows={14}
          maxLength={EVIDENCE_NOTES_MAX}
          required
          hint={t("adminReports.forms.evidenceHint", { max: EVIDENCE_NOTES_MAX })}
          error={errors.notes}
        />
        <SubmitButton intent="send_evidence" pendingLabel={t("adminReports.forms.sending")}>
          {t("adminReports.forms.sendEvidence")}
        </SubmitButton>
      </Form>
    </Card>
  );
}

export function AcceptClaimForm({ errors }: { errors: FieldErrors }) {
  const { t } = useTranslation();
  return (
    <Card title={t("adminReports.forms.accept")}>
      <Form method="post" className="space-y-3">
        <p className="text-sm text-slate-700">{t("adminReports.forms.acceptText")}</p>
        <TextArea label={t("adminReports.forms.note")} name="note" required maxLength={EVIDENCE_NOTES_MAX} error={errors.note} />
        <SubmitButton intent="accept_claim" variant="secondary" pendingLabel={t("adminReports.forms.accepting")}>
          {t("adminReports.forms.acceptButton")}
        </SubmitButton>
      </Form>
    </Card>
  );
}

export function MessageForm({ errors }: { errors: FieldErrors }) {
  const { t } = useTranslation();
  return (
    <Card title={t("adminReports.forms.messageBuyer")}>
      <Form method="post" className="space-y-3">
        <TextArea
          label={t("adminReports.forms.message")}
          name="message"
          required
          maxLength={EVIDENCE_NOTES_MAX}
          error={errors.message}
          hint={t("adminReports.forms.messageHint")}
        />
        <SubmitButton intent="send_message" variant="secondary" pendingLabel={t("adminReports.forms.sending")}>
          {t("adminReports.forms.sendMessage")}
        </SubmitButton>
      </Form>
    </Card>
  );
}

/** Read again from PayPal, and after a lost dispute: block the buyer. */
export function DisputeTools({ lost, blocked }: { lost: boolean; blocked: boolean }) {
  const { t } = useTranslation();
  return (
    <Card title={t("adminReports.forms.tools")}>
      <div className="flex flex-wrap gap-2">
        <Form method="post">
          <SubmitButton intent="refresh" variant="secondary" pendingLabel={t("adminReports.forms.reading")}>
            {t("adminReports.forms.readAgain")}
          </SubmitButton>
        </Form>
        {lost && !blocked && (
          <Form method="post">
            <SubmitButton intent="block_buyer" variant="secondary" pendingLabel={t("adminReports.forms.blocking")}>
              {t("adminReports.forms.block")}
            </SubmitButton>
          </Form>
        )}
      </div>
      {lost && blocked && <p className="mt-2 text-sm text-slate-700">{t("adminReports.forms.blocked")}</p>}
    </Card>
  );
}
