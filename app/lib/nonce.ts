import { createContext, useContext } from "react";

/** The CSP nonce of the current server render; empty in the browser, which hides it anyway. */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce() {
  return useContext(NonceContext);
}
