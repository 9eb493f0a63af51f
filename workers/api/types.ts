import type { RequestScope } from "#app/.server/context.ts";

export type ApiEnv = {
  Bindings: Env;
  Variables: Omit<RequestScope, "env" | "ctx">;
};
