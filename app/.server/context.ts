import type { I18n } from "@lingui/core";
import { createContext } from "react-router";
import { type Db, getDb } from "#app/.server/db/client.ts";
import { countThrough } from "#app/.server/statistics/isolate-counts.ts";
import type { Locale } from "#app/i18n/locales.ts";
import { type Config, getConfig } from "./env.ts";
import { meteredEnv, type UsageMeter } from "./usage-meter.ts";

/** What every request and every cron run works with, built once from the Worker's env (ADR 002). */
export type WorkerScope = {
  env: Env;
  ctx: Pick<ExecutionContext, "waitUntil">;
  config: Config;
  db: Db;
};

/** Each of `meters` (the request's, the isolate's day) counts what the scope's bindings are used for. */
export function createWorkerScope(
  env: Env,
  ctx: WorkerScope["ctx"],
  meters: UsageMeter[] = [],
): WorkerScope {
  const used = meteredEnv(env, meters);
  // From the runtime's env, the same object every request: parsed once per isolate.
  const config = getConfig(env);
  const db = getDb(used.DB);
  countThrough(db, used, ctx, config.STATS_FLUSH_SECONDS, meters);
  return { env: used, ctx, config, db };
}

export type RequestScope = WorkerScope & {
  /** Nonce of this response's CSP; every inline or module script must carry it. */
  nonce: string;
  locale: Locale;
  /** This request's own Lingui instance, activated in `locale` (never the global one). */
  i18n: I18n;
};

export const requestScope = createContext<RequestScope>();
