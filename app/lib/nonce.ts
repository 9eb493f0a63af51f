import { createContext, useContext } from "react";

/** "" in the browser: browsers blank parsed nonce attributes, and "" hydrates without a mismatch. */
export const NonceContext = createContext("");

export function useNonce() {
  return useContext(NonceContext);
}
