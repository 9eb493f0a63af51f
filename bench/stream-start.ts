// From the click on "Watch live" to the first video frame the visitor sees, with the camera box
// connected and idle: the built Worker (scripts/serve-build.ts), the real box CLI with ffmpeg's
// test pattern, Debian's Chromium; one, two and ten viewers pressing play together.
// Usage: npm run build && npm run bench:stream-start
import { chromium, type Page } from "playwright-core";
import { startBox, waitUntilOnline } from "../e2e/box.ts";
import { startPreview } from "./preview-server.ts";

const plans = [
  { viewers: 1, runs: 7 },
  { viewers: 2, runs: 5 },
  { viewers: 10, runs: 5 },
];
/** Issue 13: median within 3 s and none beyond 4 s, ten viewers included. */
const goal = { medianMs: 3000, maxMs: 4000 };

async function waitUntilIdle(url: string) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    const status = (await (await fetch(`${url}/api/stream/status`)).json()) as { live: boolean };
    if (!status.live) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("the stream did not stop");
}

async function armFirstFrame(page: Page): Promise<{ frame: Promise<number> }> {
  await page.evaluate(() => {
    const state = window as unknown as { clickedAt: number; firstFrame: Promise<number> };
    document.querySelector("#live button")?.addEventListener(
      "click",
      () => {
        state.clickedAt = performance.now();
      },
      { capture: true },
    );
    // The first frame the visitor sees: the <video> arrives with the lazily loaded session,
    // after the click, and stays hidden under the steps until the panel says it is live.
    state.firstFrame = new Promise((resolve) => {
      const arm = () => {
        const video = document.querySelector<HTMLVideoElement>("#live video");
        if (!video || getComputedStyle(video).visibility !== "visible") {
          return requestAnimationFrame(arm);
        }
        video.requestVideoFrameCallback(() => resolve(performance.now() - state.clickedAt));
      };
      arm();
    });
  });
  // Wrapped: an async function would otherwise wait for the frame before the click.
  const frame = page.evaluate(
    () => (window as unknown as { firstFrame: Promise<number> }).firstFrame,
  );
  return { frame };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

const server = await startPreview(4390);
const box = startBox(server.url);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--autoplay-policy=no-user-gesture-required",
  ],
});

try {
  await waitUntilOnline(server.url);
  const rows = [];
  let client = 0;
  for (const { viewers, runs } of plans) {
    const times: number[] = [];
    let maxUploads = 0;
    for (let run = 0; run < runs; run++) {
      await waitUntilIdle(server.url);
      const contexts = await Promise.all(
        Array.from({ length: viewers }, () =>
          // One address per viewer, as in the wild (sessions are rate-limited per client).
          browser.newContext({
            extraHTTPHeaders: { "CF-Connecting-IP": `198.51.100.${++client % 250}` },
          }),
        ),
      );
      const pages = await Promise.all(contexts.map((context) => context.newPage()));
      await Promise.all(
        pages.map(async (page) => {
          await page.goto(`${server.url}/en`);
          await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
        }),
      );
      const frames = await Promise.all(pages.map(armFirstFrame));
      const uploadsBefore = box.output.length;
      await Promise.all(pages.map((page) => page.locator("#live button").click()));
      const timeout = new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error("no first frame within 30 s")), 30_000),
      );
      times.push(...(await Promise.race([Promise.all(frames.map((f) => f.frame)), timeout])));
      console.log(
        `${viewers} viewer(s), run ${run + 1}: ${times.slice(-viewers).map(Math.round).join(", ")} ms`,
      );
      await new Promise((resolve) => setTimeout(resolve, 4000)); // a few more segments
      const uploads = new Map<string, number>();
      for (const line of box.output.slice(uploadsBefore)) {
        const segment = /upload (\d+\/\d+\.ts)/.exec(line)?.[1];
        if (segment) uploads.set(segment, (uploads.get(segment) ?? 0) + 1);
      }
      maxUploads = Math.max(maxUploads, ...uploads.values());
      await Promise.all(pages.map((page) => page.getByRole("button", { name: "Stop" }).click()));
      await Promise.all(contexts.map((context) => context.close()));
    }
    rows.push({
      viewers,
      samples: times.length,
      "median ms": Math.round(median(times)),
      "max ms": Math.round(Math.max(...times)),
      "uploads per segment": maxUploads,
    });
  }
  console.table(rows);
  const met = rows.every((row) => row["median ms"] <= goal.medianMs && row["max ms"] <= goal.maxMs);
  console.log(
    `goal: first frame median ≤ ${goal.medianMs} ms, max ≤ ${goal.maxMs} ms: ${met ? "met" : "MISSED"}`,
  );
} finally {
  await browser.close();
  box.kill();
  server.stop();
}
