import { createContext } from "react-router";
import type { Db } from "./db/client";
import type { Config } from "./env";

/** Request-scoped values the Worker entry hands to React Router loaders and actions. */
export type RequestScope = {
  env: Env;
  ctx: Pick<ExecutionContext, "waitUntil">;
  config: Config;
  db: Db;
  /** Nonce of this response's CSP; every inline or module script must carry it. */
  nonce: string;
};

export const requestScope = createContext<RequestScope>();
