import type { RequestScope } from "~/.server/context";

export type ApiEnv = {
  Bindings: Env;
  Variables: Omit<RequestScope, "env" | "ctx">;
};
