import * as Dialog from "@radix-ui/react-dialog";
import { X } from "~/components/ui/icon";
import { useTranslation } from "~/i18n/use-translation";
import { useReturnFocus } from "./use-return-focus";

/** The dimmed, blurred page behind every dialog. */
export const OVERLAY_CLASS = "fixed inset-0 z-50 bg-slate-950/60 backdrop-blur-sm";
/** A small dialog in the middle of the screen (also used by the Radix alert dialogs), without its layer. */
export const CENTERED_BOX =
  "fixed top-1/2 left-1/2 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white shadow-2xl outline-none";
/** The same box above the page (z-50), with its padding. */
export const CENTERED_CLASS = `${CENTERED_BOX} z-50 p-6`;

interface DialogShellProps extends Omit<React.ComponentProps<typeof Dialog.Content>, "onCloseAutoFocus"> {
  open: boolean;
  onOpenChange(open: boolean): void;
}

/**
 * Root, portal, overlay and content of a modal dialog. Closing gives focus back to what had it,
 * whichever button opened the dialog. Children bring their own Dialog.Title (Radix requires one).
 */
export function DialogShell({ open, onOpenChange, className = CENTERED_CLASS, children, ...content }: DialogShellProps) {
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={OVERLAY_CLASS} />
        <Dialog.Content className={className} onCloseAutoFocus={returnFocus} {...content}>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The ✕ button in a dialog's corner, named "Close". `className` places it (margins, position). */
export function DialogCloseButton({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <Dialog.Close
      className={`inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100${className ? ` ${className}` : ""}`}
    >
      <X className="size-5" aria-hidden="true" />
      <span className="sr-only">{t("dialogs.close")}</span>
    </Dialog.Close>
  );
}
