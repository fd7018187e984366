import * as AlertDialog from "@radix-ui/react-alert-dialog";
import { useTranslation } from "~/i18n/use-translation";
import { buttonClass } from "~/components/ui/button";
import { CENTERED_CLASS, OVERLAY_CLASS } from "~/components/ui/dialog";
import type { Currency } from "~/domain/money";

/** 'Recalculate totals?' (SPEC §4): fetched the first time a currency is picked with items in the cart. */
export function RecalculateDialogContent({
  open,
  pending,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  pending: Currency | null;
  onConfirm(): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !next && onCancel()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={OVERLAY_CLASS} />
        <AlertDialog.Content className={CENTERED_CLASS}>
          <AlertDialog.Title className="text-lg font-bold text-slate-900">{t("shop.currency.confirmTitle")}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-700">
            {pending && t("shop.currency.confirmText", { currency: pending })}
          </AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonClass({ variant: "secondary", className: "text-sm" })}>{t("shop.currency.cancel")}</AlertDialog.Cancel>
            <AlertDialog.Action onClick={onConfirm} className={buttonClass({ className: "text-sm" })}>
              {t("shop.currency.continue")}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
