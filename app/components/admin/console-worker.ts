import { useEffect } from "react";

/** The console's service worker and its scope (docs/decisions/053): console pages only. */
export const CONSOLE_WORKER = { url: "/admin-sw.js", scope: "/admin" } as const;

/**
 * Registers the console's service worker once the page has loaded: what makes the console
 * installable, shows its offline page and receives pushes. Called by the console's frames (the
 * signed-in frame and the login steps), never by a storefront page.
 */
export function useConsoleWorker(): void {
  useEffect(() => {
    if (!("serviceWorker" in navigator)) return;
    navigator.serviceWorker.register(CONSOLE_WORKER.url, { scope: CONSOLE_WORKER.scope }).catch(() => {
      // No worker (a private window, an old browser): the console works the same, without install or pushes.
    });
  }, []);
}
