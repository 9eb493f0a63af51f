// What only the Worker's own requests show, each in a request context of its own: workerd never
// settles a promise of a request that has ended. The journeys' Worker writes each count at once,
// and the workerd tests share one request context, so a built Worker of this file's own runs
// production's buffering, at a second instead of a minute (ADR 030). A crowd's pages under
// production's sharing (ADR 019) are the crowd bench's (`npm run bench:ssr`).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { localD1 } from "#scripts/local-d1.ts";
import { freePort, startPreview } from "#scripts/preview-server.ts";
import { expect, test } from "./fixtures.ts";

const visitorAgent =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36";
/** What the runtime says of a request cut off, or of one that used another's I/O. */
const RUNTIME_ERRORS = /had hung|different request|can never settle/;

const state = mkdtempSync(join(tmpdir(), "request-contexts-"));
const runtimeErrors: string[] = [];
let worker: Awaited<ReturnType<typeof startPreview>>;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  worker = await startPreview(await freePort(), {
    persistTo: state,
    vars: ["STATS_FLUSH_SECONDS:1"],
    onLine: (line) => {
      if (RUNTIME_ERRORS.test(line)) runtimeErrors.push(line);
    },
  });
});

test.afterAll(() => {
  worker?.stop();
  rmSync(state, { recursive: true, force: true });
});

test("a quiet spell's last visitor is counted, though the request that began the isolate's round has ended", async ({
  request,
}) => {
  const views = () => {
    const [row] = localD1(state)(
      "select coalesce(sum(count), 0) as views from analytics_counts where dimension = 'views'",
    ) as { views: number }[];
    return row?.views ?? 0;
  };
  /** A visitor opening About: the page's own request counts its view (ADR 014). */
  const openAbout = async (address: string) => {
    const response = await request.get(`${worker.url}/en/about`, {
      headers: {
        "User-Agent": visitorAgent,
        "Sec-Fetch-Site": "none",
        "Sec-Fetch-Mode": "navigate",
        "Sec-Fetch-Dest": "document",
        "CF-Connecting-IP": address,
      },
    });
    expect(response.status()).toBe(200);
  };

  const before = views();
  await openAbout("203.0.113.10");
  await expect.poll(views, { timeout: 15_000 }).toBe(before + 1);
  // That hand-over began the isolate's next round in its own request, which is over now.
  await openAbout("203.0.113.11");
  await expect.poll(views, { timeout: 15_000 }).toBe(before + 2);
  expect(runtimeErrors).toEqual([]);
});
