import { createContext, useContext } from "react";

/**
 * The CSP nonce of the current server render. In the browser it is "": browsers blank
 * nonce attributes once parsed, and rendering "" keeps hydration from reporting a mismatch.
 */
export const NonceContext = createContext("");

export function useNonce() {
  return useContext(NonceContext);
}
