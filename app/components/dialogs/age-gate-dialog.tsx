import * as AlertDialog from "@radix-ui/react-alert-dialog";
import { ShieldAlert } from "~/components/ui/icon";
import { useRef } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { Button } from "~/components/ui/button";
import { CENTERED_BOX } from "~/components/ui/dialog";

/** Where "I am under 18" sends the visitor (a general search site, SPEC §4). */
export const AGE_GATE_EXIT_URL = "https://www.google.com";

/**
 * The 18+ dialog (AgeGate decides when): it cannot be dismissed by Escape or a click outside; Radix
 * locks the page scroll while it shows. Fetched only by visitors who have not confirmed yet.
 */
export function AgeGateDialog({ open, onConfirm }: { open: boolean; onConfirm(): void }) {
  const { t } = useTranslation();
  const confirmRef = useRef<HTMLButtonElement>(null);
  return (
    <AlertDialog.Root open={open}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-[100] bg-slate-950/95 backdrop-blur" />
        <AlertDialog.Content
          className={`${CENTERED_BOX} z-[100] p-6 text-center sm:p-8`}
          onEscapeKeyDown={(event) => event.preventDefault()}
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            confirmRef.current?.focus();
          }}
        >
          <div className="mx-auto flex size-16 items-center justify-center rounded-full bg-brand-100 text-brand-700">
            <ShieldAlert className="size-8" aria-hidden="true" />
          </div>
          <p className="mt-4 text-4xl font-black text-brand-700" aria-hidden="true">
            {t("dialogs.ageGate.badge")}
          </p>
          <AlertDialog.Title className="mt-2 text-2xl font-bold text-slate-900">{t("dialogs.ageGate.title")}</AlertDialog.Title>
          <AlertDialog.Description className="mt-3 text-slate-700">{t("dialogs.ageGate.text")}</AlertDialog.Description>
          <div className="mt-6 grid gap-3 sm:grid-cols-2">
            <AlertDialog.Action asChild>
              <Button ref={confirmRef} size="lg" onClick={onConfirm} className="rounded-xl px-4 sm:order-2">
                {t("dialogs.ageGate.confirm")}
              </Button>
            </AlertDialog.Action>
            <Button variant="secondary" size="lg" onClick={() => window.location.assign(AGE_GATE_EXIT_URL)} className="rounded-xl px-4 sm:order-1">
              {t("dialogs.ageGate.leave")}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
