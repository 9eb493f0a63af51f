import { type ChildProcess, spawn } from "node:child_process";

/** Starts `vite preview` of the current build on a free port and waits until it answers. */
export async function startPreview(port = 4180): Promise<{ url: string; stop: () => void }> {
  const child: ChildProcess = spawn("vite", ["preview", "--port", String(port), "--strictPort"], {
    stdio: "ignore",
    env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false" },
  });
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, stop: () => child.kill() };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill();
  throw new Error(`vite preview did not answer on ${url} within 60 s`);
}
