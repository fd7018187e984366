import { useEffect, useState } from "react";
import { deferred, DeferredDialog } from "~/components/ui/deferred";
import { readAgeConfirmation, storeAgeConfirmation } from "~/state/age-consent";

/** SPEC §4, §9: the gate appears this long after the page has loaded. */
export const AGE_GATE_DELAY_MS = 100;

/** The dialog's code: only visitors who have not confirmed fetch it (age-gate-dialog.tsx). */
export const ageGateDialog = deferred(() => import("./age-gate-dialog").then((m) => m.AgeGateDialog), ["dialogs"]);

/** 18+ confirmation on the first visit. Local storage "ageVerified" (the confirmation time) keeps it away. */
export function AgeGate() {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (readAgeConfirmation().confirmed) return;
    // Fetched at once, so the dialog is there when its 100 ms are up.
    ageGateDialog.preload();
    const timer = window.setTimeout(() => {
      if (!readAgeConfirmation().confirmed) setOpen(true);
    }, AGE_GATE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  const confirm = () => {
    storeAgeConfirmation();
    setOpen(false);
  };

  return <DeferredDialog dialog={ageGateDialog} open={open} onConfirm={confirm} />;
}
