import type { ExternalToast } from "sonner";

/**
 * The shop's toasts: sonner's `toast`, loaded with its <Toaster> on the first toast rather than with
 * every page (docs/decisions/020). Same calls as sonner: toast(message, options), toast.success,
 * toast.error, toast.info. A toast raised before the Toaster mounts is shown once it has (sonner
 * replays active toasts to a new Toaster).
 */
type Message = React.ReactNode;
type Sonner = typeof import("sonner");

let sonner: Promise<Sonner> | null = null;
let requested = false;
const listeners = new Set<() => void>();

/** sonner's module, fetched once. */
export function loadSonner(): Promise<Sonner> {
  sonner ??= import("sonner");
  return sonner;
}

function show(run: (module: Sonner) => void): void {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  void loadSonner().then(run);
}

/** Whether a toast was raised yet (the Toaster mounts from then on). */
export function toastsRequested(): boolean {
  return requested;
}

export function onToastsRequested(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const toast = Object.assign((message: Message, options?: ExternalToast) => show((m) => m.toast(message, options)), {
  success: (message: Message, options?: ExternalToast) => show((m) => m.toast.success(message, options)),
  error: (message: Message, options?: ExternalToast) => show((m) => m.toast.error(message, options)),
  info: (message: Message, options?: ExternalToast) => show((m) => m.toast.info(message, options)),
});
