import { useLayoutEffect, useRef } from "react";

/**
 * Gives focus back to whatever had it when the dialog opened (Radix only does this for its own
 * Trigger, and the shop's dialogs are opened from the header, the mobile menu and the checkout).
 * Pass the result to Dialog.Content's onCloseAutoFocus.
 */
export function useReturnFocus(open: boolean): (event: Event) => void {
  const saved = useRef<HTMLElement | null>(null);
  // A layout effect runs before Radix's focus scope moves focus into the dialog.
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement) saved.current = document.activeElement;
  }, [open]);
  return (event) => {
    const element = saved.current;
    saved.current = null;
    if (element?.isConnected) {
      event.preventDefault();
      element.focus();
    }
  };
}
