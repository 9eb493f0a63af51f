import { waitingOutLocks } from "#app/.server/db/busy.ts";

/** What one invocation uses of what Cloudflare bills (ADR 025): the same units as the invoice. */
export type UsageMeter = {
  statements: number;
  rowsRead: number;
  rowsWritten: number;
  objectCalls: number;
  r2ClassA: number;
  r2ClassB: number;
};

export const newUsageMeter = (): UsageMeter => ({
  statements: 0,
  rowsRead: 0,
  rowsWritten: 0,
  objectCalls: 0,
  r2ClassA: 0,
  r2ClassB: 0,
});

type Meta = { rows_read?: number; rows_written?: number };
function add(meters: UsageMeter[], count: Exclude<keyof UsageMeter, "rowsRead" | "rowsWritten">) {
  for (const meter of meters) meter[count] += 1;
}

function countRows(meters: UsageMeter[], meta: Meta | undefined) {
  for (const meter of meters) {
    meter.rowsRead += meta?.rows_read ?? 0;
    meter.rowsWritten += meta?.rows_written ?? 0;
  }
}

/** Calls `method` on a runtime object without reading a property of it (RPC stubs answer any name). */
const call = (target: object, method: unknown, args: unknown[]) =>
  Reflect.apply(method as (...a: unknown[]) => unknown, target, args);

// batch() accepts only the runtime's statements: each metered one remembers its own.
const runtimeStatement = new WeakMap<object, D1PreparedStatement>();

function meteredStatement(
  statement: D1PreparedStatement,
  meters: UsageMeter[],
): D1PreparedStatement {
  const all = async <T>() => {
    const result = await waitingOutLocks(() => statement.all<T>());
    countRows(meters, result.meta);
    return result;
  };
  const metered: D1PreparedStatement = Object.assign(Object.create(statement), {
    bind: (...values: unknown[]) => meteredStatement(statement.bind(...values), meters),
    all,
    run: all,
    first: async (column?: string) => {
      const row = (await all<Record<string, unknown>>()).results[0] ?? null;
      return column === undefined || row === null ? row : row[column];
    },
    // D1 gives raw() no meta; drizzle's own batch maps all() rows to arrays the same way.
    raw: async (options?: { columnNames?: boolean }) => {
      const rows = (await all<Record<string, unknown>>()).results;
      const arrays = rows.map((row) => Object.values(row));
      return options?.columnNames ? [Object.keys(rows[0] ?? {}), ...arrays] : arrays;
    },
  });
  runtimeStatement.set(metered, statement);
  return metered;
}

function meteredD1(d1: D1Database, meters: UsageMeter[]): D1Database {
  return Object.assign(Object.create(d1), {
    prepare: (query: string) => {
      add(meters, "statements");
      return meteredStatement(d1.prepare(query), meters);
    },
    batch: async (statements: D1PreparedStatement[]) => {
      const runtime = statements.map((s) => runtimeStatement.get(s) ?? s);
      const results = await waitingOutLocks(() => d1.batch(runtime));
      for (const result of results) countRows(meters, result.meta);
      return results;
    },
    exec: async (query: string) => {
      add(meters, "statements");
      return waitingOutLocks(() => d1.exec(query));
    },
  });
}

const classA = new Set(["put", "createMultipartUpload", "resumeMultipartUpload", "list"]);
const classB = new Set(["get", "head"]);

function meteredR2(bucket: R2Bucket, meters: UsageMeter[]): R2Bucket {
  return new Proxy(bucket, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        if (classA.has(String(property))) add(meters, "r2ClassA");
        if (classB.has(String(property))) add(meters, "r2ClassB");
        return call(target, value, args);
      };
    },
  });
}

/** Every call on a stub is one Durable Object request (fetch or RPC). */
function meteredStub<T extends object>(stub: T, meters: UsageMeter[]): T {
  return new Proxy(stub, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== "function" || property === "then") return value;
      return (...args: unknown[]) => {
        add(meters, "objectCalls");
        return call(target, value, args);
      };
    },
  });
}

function meteredNamespace<T extends DurableObjectNamespace>(namespace: T, meters: UsageMeter[]): T {
  return new Proxy(namespace, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        const result = call(target, value, args);
        return property === "get" || property === "getByName"
          ? meteredStub(result as object, meters)
          : result;
      };
    },
  });
}

export function meteredEnv(env: Env, meters: UsageMeter[]): Env {
  return {
    ...env,
    DB: meteredD1(env.DB, meters),
    MEDIA: meteredR2(env.MEDIA, meters),
    PUBLIC_MEDIA: meteredR2(env.PUBLIC_MEDIA, meters),
    CAMERA_STREAM: meteredNamespace(env.CAMERA_STREAM, meters),
    LOGIN_GUARD: meteredNamespace(env.LOGIN_GUARD, meters),
    STATS_BUFFER: meteredNamespace(env.STATS_BUFFER, meters),
  };
}

/** The meter as a Server-Timing entry: the benches read it (bench/visit-cost.ts). */
export const usageTiming = (m: UsageMeter) =>
  `d1;desc="${m.statements} statements", usage;desc="rows ${m.rowsRead}/${m.rowsWritten} do ${m.objectCalls} r2 ${m.r2ClassA}/${m.r2ClassB}"`;
