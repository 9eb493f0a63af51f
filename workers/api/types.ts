import type { Context } from "hono";
import type { RequestScope, WorkerScope } from "#app/.server/context.ts";

export type ApiEnv = {
  Bindings: Env;
  Variables: Omit<RequestScope, "env" | "ctx">;
};

export const workerScopeOf = <E extends ApiEnv>(c: Context<E>): WorkerScope => ({
  env: c.env,
  ctx: c.executionCtx,
  config: c.var.config,
  db: c.var.db,
});
