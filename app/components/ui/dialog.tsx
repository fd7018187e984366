import * as Dialog from "@radix-ui/react-dialog";
import { X } from "~/components/ui/icon";
import { useTranslation } from "~/i18n/use-translation";
import { useReturnFocus } from "./use-return-focus";

export { CENTERED_BOX, CENTERED_CLASS, OVERLAY_CLASS } from "./dialog-classes";
import { CENTERED_CLASS, OVERLAY_CLASS } from "./dialog-classes";

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
