import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema.ts";

export type Db = ReturnType<typeof getDb>;

export type QueryMeter = { statements: number };

/** Counts statements but hands out the runtime's own objects: D1's batch() accepts no others. */
function metered(d1: D1Database, meter: QueryMeter): D1Database {
  return new Proxy(d1, {
    get(target, property) {
      if (property === "prepare") {
        return (query: string) => {
          meter.statements += 1;
          return target.prepare(query);
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

export function getDb(d1: D1Database, meter?: QueryMeter) {
  return drizzle(meter ? metered(d1, meter) : d1, { schema });
}
