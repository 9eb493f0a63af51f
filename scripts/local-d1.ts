import { readdirSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";

/**
 * SQL on the D1 of a built Worker's local state (`--persist-to`), as another client's change.
 * `wrangler d1 execute --local` opens this same file from a workerd of its own, at about 4 s
 * of CPU per command.
 */
export function localD1(state: string) {
  const databases = join(state, "v3/d1/miniflare-D1DatabaseObject");
  const open = () => {
    const [file, ...more] = readdirSync(databases).filter(
      (name) => name.endsWith(".sqlite") && name !== "metadata.sqlite",
    );
    if (!file || more.length > 0) throw new Error(`not one D1 database in ${databases}`);
    // While the Worker writes, SQLite waits for it (SQLITE_BUSY), as D1 would.
    return new DatabaseSync(join(databases, file), { timeout: 10_000 });
  };
  /** A query's rows, or statements written together. */
  return (sql: string): unknown[] => {
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
  };
}
