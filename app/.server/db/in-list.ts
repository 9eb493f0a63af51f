import { type AnyColumn, type SQL, sql } from "drizzle-orm";

/**
 * `column IN (values)` bound as one JSON parameter: D1 binds at most 100 parameters per
 * statement, and the owner's bulk actions and their files' lists can hold more.
 */
export const inList = (column: AnyColumn, values: readonly string[]): SQL =>
  sql`${column} in (select value from json_each(${JSON.stringify(values)}))`;
