import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import type { MessageCode } from "~/domain/messages";
import { useTranslation } from "~/i18n/use-translation";

/** What the page's action answers for a refused data request (rate limit, unreadable form). */
export interface PrivacyFormReply {
  formError: MessageCode;
}

/**
 * "Your data" on the order page (docs/decisions/041): a copy of everything the shop holds about the
 * order's email, or its deletion. Each is a plain form POST (no JavaScript needed); nothing happens
 * until the buyer follows the single-use link mailed to the order's address.
 */
export function PrivacyPanel({ formAction, sent, reply }: { formAction: string; sent: "export" | "delete" | null; reply?: PrivacyFormReply }) {
  const { t } = useTranslation();
  return (
    <div id="privacy" className="scroll-mt-24">
      <p className="mt-2 text-slate-700">{t("orderStatus.privacy.intro")}</p>
      {sent ? (
        <p role="status" className="mt-4 rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-900">
          {t(`orderStatus.privacy.sent.${sent}`)}
        </p>
      ) : null}
      {reply?.formError ? (
        <p role="alert" className="mt-4 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {t(`errors.${reply.formError}`)}
        </p>
      ) : null}
      <div className="mt-4 flex flex-col gap-3 sm:flex-row">
        <Form method="post" action={formAction}>
          <input type="hidden" name="intent" value="privacy_export" />
          <Button type="submit" variant="secondary" className="w-full sm:w-auto">
            {t("orderStatus.privacy.export")}
          </Button>
        </Form>
        <Form method="post" action={formAction}>
          <input type="hidden" name="intent" value="privacy_delete" />
          <Button type="submit" variant="secondary" className="w-full sm:w-auto">
            {t("orderStatus.privacy.delete")}
          </Button>
        </Form>
      </div>
      <p className="mt-3 text-sm text-slate-600">{t("orderStatus.privacy.deleteHint")}</p>
    </div>
  );
}
