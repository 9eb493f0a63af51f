import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { createInterface } from "node:readline";
import type { Readable } from "node:stream";

/** A port nothing listens on now: for the gates in `npm test`, which may run side by side. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The build in workerd (BENCH_PORT, else `defaultPort`, else free), or the one at BENCH_URL. */
export async function startPreview(
  defaultPort?: number,
  /** `vars`: `NAME:value` pairs over wrangler.jsonc's vars; `wranglerArgs` go to `wrangler dev`. */
  {
    fresh = true,
    /** The local state: the benches share theirs; a test keeps one of its own. */
    persistTo = ".wrangler/bench",
    vars = [] as string[],
    config = undefined as string | undefined,
    wranglerArgs = [] as string[],
    /** Over this process's environment (a test's own TMPDIR, where its e-mails land). */
    env = {} as Record<string, string>,
    /** Each line the Worker logs, its errors too (otherwise they are dropped). */
    onLine = undefined as ((line: string) => void) | undefined,
  } = {},
): Promise<{ url: string; stop: () => void; processGroup: number }> {
  const running = process.env.BENCH_URL;
  if (running) return { url: running, stop: () => {}, processGroup: 0 };
  const port = String(process.env.BENCH_PORT ?? defaultPort ?? (await freePort()));
  const child = spawn(
    "node",
    [
      "scripts/serve-build.ts",
      ["--port", port, "--persist-to", persistTo],
      fresh ? ["--fresh"] : [],
      vars.flatMap((pair) => ["--var", pair]),
      config ? ["--config", config] : [],
      ["--", ...wranglerArgs],
    ].flat(),
    // Its own process group, so stopping it takes wrangler and workerd along.
    {
      stdio: ["ignore", onLine ? "pipe" : "ignore", onLine ? "pipe" : "ignore"],
      detached: true,
      env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", ...env },
    },
  );
  if (onLine) {
    for (const output of [child.stdout, child.stderr]) {
      createInterface({ input: output as Readable }).on("line", onLine);
    }
  }
  const stop = () => {
    if (child.exitCode === null && child.pid) process.kill(-child.pid, "SIGTERM");
  };
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) {
        // A site as visitors meet it: its cron has run once (the weather table is not empty).
        await fetch(`${url}/cdn-cgi/handler/scheduled?cron=*/10+*+*+*+*`);
        return { url, stop, processGroup: child.pid ?? 0 };
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  stop();
  throw new Error(`the build did not answer on ${url} within 120 s`);
}
