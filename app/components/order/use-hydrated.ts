import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * false on the server and during hydration, true once the browser has taken over: what only the
 * browser knows (its time zone, its clock) is rendered after hydration, never during it, so the
 * server's HTML and the first browser render always agree.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
