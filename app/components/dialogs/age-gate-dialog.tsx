import { ShieldAlert } from "~/components/ui/icon";
import { useEffect, useId, useRef } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { Button } from "~/components/ui/button";
import { CENTERED_BOX } from "~/components/ui/dialog-classes";

/** Where "I am under 18" sends the visitor (a general search site, SPEC §4). */
export const AGE_GATE_EXIT_URL = "https://www.google.com";

/**
 * The browser's own modal <dialog> resets (UA styles) so the box sits where CENTERED_BOX puts it, as
 * the Radix dialog did; the overlay is its ::backdrop.
 */
const NATIVE_RESET = "m-0 max-h-none border-0 bottom-auto right-auto text-inherit backdrop:bg-slate-950/95 backdrop:backdrop-blur";

/** Locks the page's scroll while the gate shows (what Radix's RemoveScroll did), keeping the scrollbar's room. */
function lockScroll(): () => void {
  const body = document.body;
  const gap = window.innerWidth - document.documentElement.clientWidth;
  const before = { overflow: body.style.overflow, marginRight: body.style.marginRight };
  body.style.overflow = "hidden";
  if (gap > 0) body.style.marginRight = `${gap}px`;
  body.dataset.scrollLocked = "1";
  return () => {
    Object.assign(body.style, before);
    delete body.dataset.scrollLocked;
  };
}

/**
 * The 18+ dialog (AgeGate decides when): it cannot be dismissed by Escape or a click outside, and the
 * page's scroll is locked while it shows. Fetched only by visitors who have not confirmed yet.
 * A native modal <dialog> (top layer, the rest of the page inert, focus kept inside) instead of Radix's
 * AlertDialog: the first visit of every phone then does not fetch Radix's dialog stack, ≈ 15 KB
 * (docs/decisions/058).
 */
export function AgeGateDialog({ open, onConfirm }: { open: boolean; onConfirm(): void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const id = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    // jsdom (unit tests) has no showModal: the dialog is then only shown.
    if (typeof dialog.showModal === "function") dialog.showModal();
    else dialog.setAttribute("open", "");
    confirmRef.current?.focus();
    const unlock = lockScroll();
    return () => {
      unlock();
      if (typeof dialog.close === "function") dialog.close();
      else dialog.removeAttribute("open");
    };
  }, [open]);

  return (
    <dialog
      ref={ref}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      className={`${CENTERED_BOX} ${NATIVE_RESET} p-6 text-center sm:p-8`}
      // Escape asks the dialog to close: refused (a key press is no user activation, so a cancelled
      // `cancel` alone would not stop a second Escape).
      onKeyDown={(event) => {
        if (event.key === "Escape") event.preventDefault();
      }}
      onCancel={(event) => event.preventDefault()}
    >
      <div className="mx-auto flex size-16 items-center justify-center rounded-full bg-brand-100 text-brand-700">
        <ShieldAlert className="size-8" aria-hidden="true" />
      </div>
      <p className="mt-4 text-4xl font-black text-brand-700" aria-hidden="true">
        {t("dialogs.ageGate.badge")}
      </p>
      <h2 id={`${id}-title`} className="mt-2 text-2xl font-bold text-slate-900">
        {t("dialogs.ageGate.title")}
      </h2>
      <p id={`${id}-text`} className="mt-3 text-slate-700">
        {t("dialogs.ageGate.text")}
      </p>
      <div className="mt-6 grid gap-3 sm:grid-cols-2">
        <Button ref={confirmRef} size="lg" onClick={onConfirm} className="rounded-xl px-4 sm:order-2">
          {t("dialogs.ageGate.confirm")}
        </Button>
        <Button variant="secondary" size="lg" onClick={() => window.location.assign(AGE_GATE_EXIT_URL)} className="rounded-xl px-4 sm:order-1">
          {t("dialogs.ageGate.leave")}
        </Button>
      </div>
    </dialog>
  );
}
