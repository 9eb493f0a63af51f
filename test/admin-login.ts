import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import type { LoginGuard } from "#workers/durable-objects/login-guard.ts";
import { LOGIN } from "./admin.ts";
import { postForm } from "./helpers.ts";

const loginGuard = () => env.LOGIN_GUARD.getByName("admin-login");

export function attempt(password: string, ip: string, cookie?: string) {
  return postForm(
    LOGIN,
    { password },
    { "CF-Connecting-IP": ip, ...(cookie ? { Cookie: cookie } : {}) },
  );
}

/** Storage is per file, not per test: every test starts with a guard that knows nobody. */
export async function forgetEveryAttempt() {
  await runInDurableObject(loginGuard(), async (_guard: LoginGuard, state) => {
    await state.storage.deleteAlarm();
    await state.storage.deleteAll();
  });
  await evictDurableObject(loginGuard());
}

export async function waitsAreOver() {
  await runInDurableObject(loginGuard(), (_guard: LoginGuard, state) => {
    state.storage.sql.exec("UPDATE keys SET blocked_until = 0");
    const site = state.storage.kv.get<{ start: number; failures: number }>("site");
    if (site) state.storage.kv.put("site", { ...site, start: site.start - 60_000 });
  });
}

export const statusesOf = (responses: Response[]) => responses.map((r) => r.status);

export async function rememberedKeys(options: { aDayLater?: boolean } = {}): Promise<string[]> {
  if (options.aDayLater) {
    await runInDurableObject(loginGuard(), (_guard: LoginGuard, state) => {
      state.storage.sql.exec("UPDATE keys SET last_failure_at = last_failure_at - 86400000");
    });
    await runDurableObjectAlarm(loginGuard());
  }
  return runInDurableObject(loginGuard(), (_guard: LoginGuard, state) =>
    state.storage.sql
      .exec<{ key: string }>("SELECT key FROM keys")
      .toArray()
      .map((row) => row.key),
  );
}
