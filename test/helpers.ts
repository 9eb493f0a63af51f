import {
  createExecutionContext,
  createScheduledController,
  waitOnExecutionContext,
} from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
// @ts-expect-error the built Worker bundle ships no type declarations
import worker from "#build/server/index.js";

const built = worker as ExportedHandler<Env>;

export const ORIGIN = "https://lake.test";
export const BROWSER_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36";
export const CRAWLER_UA =
  "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

export function visit(path: string, init: RequestInit & { headers?: Record<string, string> } = {}) {
  return exports.default.fetch(`${ORIGIN}${path}`, {
    redirect: "manual",
    ...init,
    headers: { "User-Agent": BROWSER_UA, ...init.headers },
  });
}

export function postForm(
  path: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) {
  return visit(path, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: ORIGIN,
      ...headers,
    },
  });
}

export function cookieFrom(response: Response): string {
  const setCookie = response.headers.get("Set-Cookie") ?? "";
  return setCookie.split(";")[0] ?? "";
}

export function d1Statements(response: Response): number {
  const match = /d1;desc="(\d+) statements"/.exec(response.headers.get("Server-Timing") ?? "");
  if (!match) throw new Error("no d1 Server-Timing entry");
  return Number(match[1]);
}

/** The usage meter's Server-Timing entry: what Cloudflare would bill for this invocation. */
export async function usage(response: Response) {
  await response.arrayBuffer();
  const m = /usage;desc="rows (\d+)\/(\d+) do (\d+) r2 (\d+)\/(\d+)"/.exec(
    response.headers.get("Server-Timing") ?? "",
  );
  if (!m) throw new Error("no usage Server-Timing entry");
  const [rowsRead, rowsWritten, objectCalls, r2ClassA, r2ClassB] = m.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  return { rowsRead, rowsWritten, objectCalls, r2ClassA, r2ClassB };
}

/** The first `name` tag (any by default) in `html` with `marker` in its attributes, or "". */
export const tagWith = (html: string, marker: string, name = "[a-z]+") =>
  new RegExp(`<${name} [^>]*${marker}[^>]*>`).exec(html)?.[0] ?? "";

/** The picture attributes of the first `<img>` in `html` with `marker` (as rendered), or null. */
export function pictureWith(html: string, marker: string) {
  const tag = tagWith(html, marker, "img");
  if (!tag) return null;
  const attribute = (name: string) =>
    new RegExp(` ${name}="([^"]*)"`, "i").exec(tag)?.[1]?.replaceAll("&amp;", "&");
  return {
    src: attribute("src"),
    srcset: attribute("srcset"),
    sizes: attribute("sizes"),
    fetchpriority: attribute("fetchpriority"),
  };
}

/** The live panel's still in an English page (found by its text alternative), or null. */
export const livePicture = (html: string) =>
  pictureWith(html, 'alt="The harbour, as the camera saw it last"');

export async function visitWith(
  visitEnv: Env,
  path: string,
  userAgent = BROWSER_UA,
  init: RequestInit & { headers?: Record<string, string> } = {},
): Promise<Response> {
  const { response, done } = await answeredBeforeItsWork(visitEnv, path, userAgent, init);
  await done;
  return response;
}

/** As `visitWith`, but the answer comes while its `waitUntil` work may still run (`done`). */
export async function answeredBeforeItsWork(
  visitEnv: Env,
  path: string,
  userAgent = BROWSER_UA,
  init: RequestInit & { headers?: Record<string, string> } = {},
): Promise<{ response: Response; done: Promise<void> }> {
  const ctx = createExecutionContext();
  const request = new Request(`${ORIGIN}${path}`, {
    ...init,
    headers: { "User-Agent": userAgent, ...init.headers },
  });
  const response = await built.fetch?.(
    request as Request<unknown, IncomingRequestCfProperties>,
    visitEnv,
    ctx,
  );
  if (!response) throw new Error("the built Worker has no fetch handler");
  return { response, done: waitOnExecutionContext(ctx) };
}

/**
 * The local rate limiter counts in windows aligned to the wall clock (miniflare's ratelimit
 * object): a test that counts up to a limit starts with `needed` ms of its minute left.
 */
export async function atFreshRateLimitWindow(needed = 20_000): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < needed) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

/**
 * What React Router fetches for a client-side navigation from the page `from` to `to`, awaited
 * with its `waitUntil`, where the view is counted.
 */
export async function navigate(from: string, to: string, headers: Record<string, string> = {}) {
  const url = new URL(to, ORIGIN);
  url.pathname = url.pathname === "/" ? "/_.data" : `${url.pathname}.data`;
  const response = await visitWith(env, url.pathname + url.search, BROWSER_UA, {
    cf: { country: "IT" },
    headers: {
      "Sec-Fetch-Site": "same-origin",
      "Sec-Fetch-Mode": "cors",
      "Sec-Fetch-Dest": "empty",
      "Accept-Language": "it-IT,it;q=0.9,en;q=0.8",
      Referer: `${ORIGIN}${from}`,
      ...headers,
    },
  });
  await response.arrayBuffer();
  return response;
}

export async function runCron(cronEnv: Env = env): Promise<void> {
  const controller = createScheduledController({ cron: "*/10 * * * *" });
  const ctx = createExecutionContext();
  await built.scheduled?.(controller, cronEnv, ctx);
  await waitOnExecutionContext(ctx);
}

/** The database, running `before(query)` ahead of each statement (once per batch). */
export function beforeStatements(
  db: D1Database,
  before: (queries: string[]) => Promise<unknown>,
): D1Database {
  const originals = new WeakMap<D1PreparedStatement, [D1PreparedStatement, string]>();
  const watched = (statement: D1PreparedStatement, query: string): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, property) {
        const value = Reflect.get(target, property);
        if (property === "bind") {
          return (...values: unknown[]) => watched(target.bind(...values), query);
        }
        if (
          property === "all" ||
          property === "raw" ||
          property === "run" ||
          property === "first"
        ) {
          return async (...args: unknown[]) => {
            await before([query]);
            return value.apply(target, args);
          };
        }
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    originals.set(proxy, [statement, query]);
    return proxy;
  };
  return new Proxy(db, {
    get(target, property) {
      if (property === "prepare") {
        return (query: string) => watched(target.prepare(query), query);
      }
      if (property === "batch") {
        return async (statements: D1PreparedStatement[]) => {
          const real = statements.map((statement) => originals.get(statement));
          await before(real.map((entry) => entry?.[1] ?? ""));
          return target.batch(
            real.map((entry, i) => entry?.[0] ?? (statements[i] as D1PreparedStatement)),
          );
        };
      }
      const value = Reflect.get(target, property);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** The database, where `act` lands just before the first statement starting with `prefix`. */
export function actingJustBefore(
  db: D1Database,
  prefix: string,
  act: () => Promise<unknown>,
): D1Database {
  let acting: Promise<unknown> | undefined;
  return beforeStatements(db, async (queries) => {
    if (queries.some((query) => query.toLowerCase().startsWith(prefix))) acting ??= act();
    await acting;
  });
}

/** The bucket, where `act` (another request) lands just before the first object is written. */
export function actingBeforePut(bucket: R2Bucket, act: () => Promise<unknown>): R2Bucket {
  let acting: Promise<unknown> | undefined;
  return new Proxy(bucket, {
    get(target, property) {
      const value = Reflect.get(target, property);
      if (property === "put") {
        return async (...args: Parameters<R2Bucket["put"]>) => {
          acting ??= act();
          await acting;
          return target.put(...args);
        };
      }
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
