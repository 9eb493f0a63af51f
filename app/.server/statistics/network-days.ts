import { type AnyColumn, or, type SQLWrapper, sql } from "drizzle-orm";
import type { Db } from "#app/.server/db/client.ts";
import { networkDays } from "#app/.server/db/schema.ts";

export type NetworkSets = { visitors: string[]; liked: string[]; viewed: string[] };
export type NetworkDay = NetworkSets & { day: string; network: string };

const setColumns = ["visitors", "liked", "viewed"] as const;

export function storedNetworkDays(d1: D1Database, keys: [day: string, network: string][]) {
  return d1
    .prepare(
      `select day, network, visitors, liked, viewed from network_days
       where (day, network) in (select value ->> 0, value ->> 1 from json_each(?1))`,
    )
    .bind(JSON.stringify(keys));
}

export const parseNetworkDay = (row: Record<string, string>): NetworkDay => ({
  day: row.day ?? "",
  network: row.network ?? "",
  visitors: JSON.parse(row.visitors ?? "[]"),
  liked: JSON.parse(row.liked ?? "[]"),
  viewed: JSON.parse(row.viewed ?? "[]"),
});

/** One row written per network: new ones inserted, stored sets merged with the additions. */
export function addToNetworkDays(d1: D1Database, additions: NetworkDay[]) {
  const merged = (column: string) =>
    `${column} = (select json_group_array(value) from (select value from json_each(network_days.${column})
       union select value from json_each(excluded.${column})))`;
  return d1
    .prepare(
      `insert into network_days (day, network, ${setColumns.join(", ")})
       select value ->> 'day', value ->> 'network', ${setColumns.map((c) => `value -> '${c}'`).join(", ")}
       from json_each(?1) where true
       on conflict (day, network) do update set ${setColumns.map(merged).join(", ")}`,
    )
    .bind(JSON.stringify(additions));
}

/** Takes deleted items out of the days' liked and viewed sets, rewriting only rows naming them. */
export function withoutItems(db: Db, items: SQLWrapper) {
  const without = (column: AnyColumn) =>
    sql`(select json_group_array(value) from json_each(${column}) where value not in ${items})`;
  const names = (column: AnyColumn) =>
    sql`exists (select 1 from json_each(${column}) where value in ${items})`;
  return db
    .update(networkDays)
    .set({ liked: without(networkDays.liked), viewed: without(networkDays.viewed) })
    .where(or(names(networkDays.liked), names(networkDays.viewed)));
}
