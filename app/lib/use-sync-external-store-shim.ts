/**
 * react-i18next imports `use-sync-external-store/shim` for React < 18; React 19 has the hook itself.
 * vite.config.ts points the shim here so browsers do not download a copy of it.
 */
export { useSyncExternalStore } from "react";
