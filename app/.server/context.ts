import type { I18n } from "@lingui/core";
import { createContext } from "react-router";
import type { Db } from "#app/.server/db/client.ts";
import type { Locale } from "#app/i18n/locales.ts";
import type { Config } from "./env.ts";

/** Built once by the Worker entry (ADR 002). */
export type RequestScope = {
  env: Env;
  ctx: Pick<ExecutionContext, "waitUntil">;
  config: Config;
  db: Db;
  /** Nonce of this response's CSP; every inline or module script must carry it. */
  nonce: string;
  locale: Locale;
  /** This request's own Lingui instance, activated in `locale` (never the global one). */
  i18n: I18n;
};

export const requestScope = createContext<RequestScope>();
