import type { I18n } from "@lingui/core";
import { createContext } from "react-router";
import type { Locale } from "~/i18n/locales";
import type { Db } from "./db/client";
import type { Config } from "./env";

/**
 * Request-scoped values, built once by the Worker entry: Hono handlers read them from
 * `c.var`, React Router loaders and actions from `context.get(requestScope)`.
 */
export type RequestScope = {
  env: Env;
  ctx: Pick<ExecutionContext, "waitUntil">;
  config: Config;
  db: Db;
  /** Nonce of this response's CSP; every inline or module script must carry it. */
  nonce: string;
  /** The language this request is answered in (`requestLocale`). */
  locale: Locale;
  /** This request's own Lingui instance, activated in `locale` (never the global one). */
  i18n: I18n;
};

export const requestScope = createContext<RequestScope>();
