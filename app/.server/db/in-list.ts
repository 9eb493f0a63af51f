import { type AnyColumn, type SQL, sql } from "drizzle-orm";

/** One JSON parameter: D1 binds at most 100 per statement, and bulk actions hold more. */
export const inList = (column: AnyColumn, values: readonly string[]): SQL =>
  sql`${column} in (select value from json_each(${JSON.stringify(values)}))`;
