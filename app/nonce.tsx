import { createContext, useContext } from "react";

/** The per-response CSP nonce; empty in the browser, where scripts are already trusted. */
export const NonceContext = createContext("");
export const useNonce = () => useContext(NonceContext);
