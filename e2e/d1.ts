import { readdirSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { journeyState } from "./state.ts";

// The journeys' Worker keeps its D1 here (miniflare's local D1). `wrangler d1 execute --local`
// opens this same file from a workerd of its own, at about 4 s of CPU per command.
const databases = join(journeyState, "v3/d1/miniflare-D1DatabaseObject");

function open(): DatabaseSync {
  const [file, ...more] = readdirSync(databases).filter(
    (name) => name.endsWith(".sqlite") && name !== "metadata.sqlite",
  );
  if (!file || more.length > 0) throw new Error(`not one D1 database in ${databases}`);
  // While the Worker writes, SQLite waits for it (SQLITE_BUSY), as D1 would.
  return new DatabaseSync(join(databases, file), { timeout: 10_000 });
}

/** SQL as another browser's change: a query's rows, or statements written together. */
export function d1(sql: string): unknown[] {
  const database = open();
  try {
    if (/^\s*select\b/i.test(sql)) return database.prepare(sql).all();
    // Closing without the commit, when a statement fails, leaves nothing half-written.
    database.exec("begin immediate");
    database.exec(sql);
    database.exec("commit");
    return [];
  } finally {
    database.close();
  }
}
