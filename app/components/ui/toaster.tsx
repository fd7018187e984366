import { lazy, Suspense, useSyncExternalStore } from "react";
import { loadSonner, onToastsRequested, toastsRequested } from "~/lib/toast";

const SonnerToaster = lazy(() => loadSonner().then((m) => ({ default: m.Toaster })));

/** sonner's Toaster, mounted (and its code fetched) once the page raises its first toast. */
export function Toaster() {
  const requested = useSyncExternalStore(onToastsRequested, toastsRequested, () => false);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster position="top-center" richColors closeButton />
    </Suspense>
  );
}
