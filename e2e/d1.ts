import { execFileSync } from "node:child_process";
import { journeyState } from "./state.ts";

/** SQL as another browser's change; SQLITE_BUSY (the Worker writing) is retried, as D1 waits. */
export function d1(sql: string, attempt = 1): unknown[] {
  try {
    const output = execFileSync(
      "wrangler",
      ["d1", "execute", "DB", "--local", "--persist-to", journeyState, "--json", "--command", sql],
      { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
    );
    return (JSON.parse(output) as { results: unknown[] }[]).at(-1)?.results ?? [];
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    const busy = String(stdout).includes("SQLITE_BUSY");
    // The command line is the whole SQL; what wrangler said is the cause a failed run needs.
    if (!busy || attempt >= 5) {
      throw new Error(`wrangler d1 execute failed (attempt ${attempt}): ${stdout}${stderr}`, {
        cause: error,
      });
    }
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200 * attempt);
    return d1(sql, attempt + 1);
  }
}
