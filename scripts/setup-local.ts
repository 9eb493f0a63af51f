// Prepares a local workerd state: the D1 schema, its seed rows and the demo; safe to run again.
import { join } from "node:path";
import { parseArgs } from "node:util";
import { readD1Migrations } from "@cloudflare/vitest-plugin";
import type { D1Database } from "@cloudflare/workers-types";
import { getPlatformProxy } from "wrangler";
import { ensureDevVars } from "./dev-vars.ts";
import { type DemoBindings, seedDemo } from "./seed-demo.ts";

export const DEVELOPER_STATE = ".wrangler/state";

export async function setupLocal(persistTo = DEVELOPER_STATE): Promise<void> {
  ensureDevVars();
  const { env, dispose } = await getPlatformProxy<DemoBindings>({
    persist: { path: join(persistTo, "v3") },
    // Workers AI is remote-only; the schema and the demo need D1 and R2 alone.
    remoteBindings: false,
  });
  try {
    await applyMigrations(env.DB);
    await seedDemo(env);
  } finally {
    await dispose();
  }
}

/**
 * What `wrangler d1 migrations apply --local` does (its table, so the two agree; its SQL splitter,
 * through the Worker tests' `readD1Migrations`), without a wrangler and workerd of its own: a fresh
 * start takes 32 s instead of 57 (bench/results/test-time.md).
 */
async function applyMigrations(db: D1Database): Promise<void> {
  await db
    .prepare(
      `create table if not exists d1_migrations (id integer primary key autoincrement,
      name text unique, applied_at timestamp default current_timestamp not null)`,
    )
    .run();
  const { results } = await db.prepare("select name from d1_migrations").all<{ name: string }>();
  const applied = new Set(results.map(({ name }) => name));
  const pending = (await readD1Migrations("migrations")).filter(({ name }) => !applied.has(name));
  for (const { name, queries } of pending) {
    await db.batch([
      ...queries.map((query) => db.prepare(query)),
      db.prepare("insert into d1_migrations (name) values (?)").bind(name),
    ]);
  }
  if (pending.length > 0) console.log(`setup: applied ${pending.length} D1 migrations`);
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { "persist-to": { type: "string" } } });
  await setupLocal(values["persist-to"]);
}
