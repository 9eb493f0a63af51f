import { sql } from "drizzle-orm";
import { check, integer, sqliteTable } from "drizzle-orm/sqlite-core";

/** Site-wide switches: exactly one row (id 1), created by the first migration. */
export const siteSettings = sqliteTable(
  "site_settings",
  {
    id: integer("id").primaryKey(),
    maintenance: integer("maintenance", { mode: "boolean" }).notNull().default(false),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [check("site_settings_single_row", sql`${t.id} = 1`)],
);
