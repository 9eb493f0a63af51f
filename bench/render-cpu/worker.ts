// The built Worker with D1 and the camera object answered from a recording, so workerd's CPU is
// the render's (bench/render-cpu.ts). It records until told to replay; then a statement or call
// it never saw throws. Bench-only: bench/render-cpu.ts writes the entry that wraps the build.

type Ctx = { waitUntil(promise: Promise<unknown>): void; passThroughOnException(): void };
type Handler = {
  fetch(request: Request, env: Record<string, unknown>, ctx: Ctx): Promise<Response>;
  scheduled?: unknown;
};
type RealStatement = {
  bind(...params: unknown[]): RealStatement;
  all(): Promise<unknown>;
};
type RealD1 = {
  prepare(sql: string): RealStatement;
  batch(statements: RealStatement[]): Promise<unknown[]>;
};
type RealNamespace = { getByName(name: string): Record<string, (...args: unknown[]) => unknown> };

/** Each answer as JSON text: parsing it per call stands in for D1's results crossing into the isolate. */
const answers = new Map<string, string>();
let replaying = false;
/** Misses the Worker may have caught and rendered as an error page: the bench fails on them. */
const missed: string[] = [];

function replayed(key: string): unknown {
  const answer = answers.get(key);
  if (answer === undefined) {
    missed.push(key);
    throw new Error(`render-cpu: nothing recorded for ${key}`);
  }
  return JSON.parse(answer);
}

function remember(key: string, answer: unknown): unknown {
  answers.set(key, JSON.stringify(answer));
  return answer;
}

type Statement = {
  key: string;
  real: () => RealStatement;
  bind(...params: unknown[]): Statement;
  all(): Promise<unknown>;
  run(): Promise<unknown>;
  first(column?: string): Promise<unknown>;
  raw(): Promise<unknown[][]>;
};

/** A read is known by its SQL and values; a write (the usage counts a minute) by its SQL alone. */
const keyOf = (sql: string, params: unknown[]) =>
  JSON.stringify(/^\s*(insert|update|delete)\b/i.test(sql) ? [sql] : [sql, params]);

function statement(real: RealStatement | null, sql: string, params: unknown[] = []): Statement {
  const key = keyOf(sql, params);
  const realStatement = () => {
    if (!real) throw new Error(`render-cpu: a replayed statement reached D1: ${sql}`);
    return real;
  };
  const all = async () => (replaying ? replayed(key) : remember(key, await realStatement().all()));
  const rows = async () => ((await all()) as { results: Record<string, unknown>[] }).results;
  return {
    key,
    real: realStatement,
    bind: (...values) => statement(real?.bind(...values) ?? null, sql, values),
    all,
    run: all,
    first: async (column) => {
      const row = (await rows())[0] ?? null;
      return column === undefined || row === null ? row : row[column];
    },
    raw: async () => (await rows()).map((row) => Object.values(row)),
  };
}

const recordedD1 = (real: RealD1) => ({
  prepare: (sql: string) => statement(replaying ? null : real.prepare(sql), sql),
  batch: async (statements: Statement[]) => {
    if (replaying) return statements.map((s) => replayed(s.key));
    const results = await real.batch(statements.map((s) => s.real()));
    return results.map((result, i) => remember(statements[i]?.key ?? "", result));
  },
  exec: () => {
    throw new Error("render-cpu: exec() is not recorded");
  },
});

const recordedNamespace = (real: RealNamespace) => ({
  getByName: (name: string) =>
    new Proxy(
      {},
      {
        get: (_target, method) =>
          method === "then"
            ? undefined
            : async (...args: unknown[]) => {
                const key = JSON.stringify([name, method, args]);
                if (replaying) return replayed(key);
                return remember(key, await real.getByName(name)[String(method)]?.(...args));
              },
      },
    ),
});

const wrappedEnvs = new WeakMap<object, Record<string, unknown>>();

/** One wrapped env per real one, as workerd hands the same env to every request. */
function wrapped(env: Record<string, unknown>) {
  let result = wrappedEnvs.get(env);
  if (!result) {
    result = {
      ...env,
      DB: recordedD1(env.DB as RealD1),
      CAMERA_STREAM: recordedNamespace(env.CAMERA_STREAM as RealNamespace),
    };
    wrappedEnvs.set(env, result);
  }
  return result;
}

/** Answers after the body and every `waitUntil` are done, so a request's CPU ends with it. */
async function settled(app: Handler, request: Request, env: Record<string, unknown>, ctx: Ctx) {
  const pending: Promise<unknown>[] = [];
  const response = await app.fetch(request, wrapped(env), {
    waitUntil: (promise) => pending.push(promise),
    passThroughOnException: () => ctx.passThroughOnException(),
  });
  const body = await response.arrayBuffer();
  while (pending.length > 0) await Promise.all(pending.splice(0));
  return new Response(body, response);
}

export function renderCpuWorker(app: Handler): Handler {
  return {
    ...app,
    async fetch(request, env, ctx) {
      const { pathname } = new URL(request.url);
      if (pathname === "/__render-cpu/noop") return new Response("");
      if (pathname === "/__render-cpu/replay") {
        replaying = true;
        return Response.json({ answers: answers.size });
      }
      const response = await settled(app, request, env, ctx).catch(
        (error: unknown) => new Response(`render-cpu: ${String(error)}`, { status: 599 }),
      );
      if (missed.length === 0) return response;
      return new Response(`render-cpu: nothing recorded for\n${missed.splice(0).join("\n")}`, {
        status: 599,
      });
    },
  };
}
