// The dialogs' boxes and overlay, apart from dialog.tsx so that code drawing a dialog without Radix
// (the age gate's native <dialog>) does not bring Radix with it.
/** The dimmed, blurred page behind every dialog. */
export const OVERLAY_CLASS = "fixed inset-0 z-50 bg-slate-950/60 backdrop-blur-sm";
/** A small dialog in the middle of the screen (also used by the Radix alert dialogs), without its layer. */
export const CENTERED_BOX =
  "fixed top-1/2 left-1/2 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white shadow-2xl outline-none";
/** The same box above the page (z-50), with its padding. */
export const CENTERED_CLASS = `${CENTERED_BOX} z-50 p-6`;
