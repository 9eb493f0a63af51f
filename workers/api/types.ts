import type { RequestScope } from "~/.server/context";

export type ApiEnv = {
  Bindings: Env;
  Variables: Pick<RequestScope, "config" | "db">;
};
