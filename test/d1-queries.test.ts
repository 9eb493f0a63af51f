import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { runCron, visitWith } from "./weather-helpers";

/**
 * The real local D1, counting round trips: each executed statement, and each batch as one.
 * Statements stay native objects, so `batch` still accepts them.
 */
function countingD1(db: D1Database) {
  const counter = { queries: 0 };
  const native = new WeakMap<object, D1PreparedStatement>();
  const wrap = (statement: D1PreparedStatement): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, property) {
        if (property === "bind") {
          return (...values: unknown[]) => wrap(target.bind(...values));
        }
        if (["all", "raw", "run", "first"].includes(String(property))) counter.queries++;
        const value = Reflect.get(target, property, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    native.set(proxy, statement);
    return proxy;
  };
  const counted = new Proxy(db, {
    get(target, property) {
      if (property === "prepare") return (query: string) => wrap(target.prepare(query));
      if (property === "batch") {
        return (statements: D1PreparedStatement[]) => {
          counter.queries++;
          return target.batch(statements.map((s) => native.get(s) ?? s));
        };
      }
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { db: counted, counter };
}

test("a home-page render costs one D1 query, two when the settings cache is cold", async () => {
  await runCron();
  const { db, counter } = countingD1(env.DB);
  const site = { ...env, DB: db };

  const cold = await visitWith(site, "/");
  expect(cold.status).toBe(200);
  expect(await cold.text()).toContain("Aufgelockerte Bewölkung");
  // The maintenance flag (cached 10 s per isolate) and the weather snapshot.
  expect(counter.queries).toBe(2);

  counter.queries = 0;
  await visitWith(site, "/en");
  // Only the weather snapshot: all sources in one round trip.
  expect(counter.queries).toBe(1);
});
