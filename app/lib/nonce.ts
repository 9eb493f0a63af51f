import { createContext, useContext } from "react";

// "" in the browser, which blanks parsed nonce attributes: it hydrates without a mismatch.
export const NonceContext = createContext("");

export function useNonce() {
  return useContext(NonceContext);
}
