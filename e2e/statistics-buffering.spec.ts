// Production's buffering of counts (ADR 030), through a built Worker of the journey's own: the
// journeys' Worker writes each count at once, and the workerd tests share one request context,
// where no request's promises end with it as they do here.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { localD1 } from "#scripts/local-d1.ts";
import { freePort, startPreview } from "#scripts/preview-server.ts";
import { expect, test } from "./fixtures.ts";

const visitorAgent =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36";

test("a quiet spell's last visitor is counted, though the request that began the isolate's round has ended", async ({
  request,
}) => {
  test.setTimeout(120_000);
  const state = mkdtempSync(join(tmpdir(), "statistics-buffering-"));
  // Production's hand-over, at a second instead of a minute.
  const worker = await startPreview(await freePort(), {
    persistTo: state,
    vars: ["STATS_FLUSH_SECONDS:1"],
  });
  try {
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

    await openAbout("203.0.113.10");
    await expect.poll(views, { timeout: 15_000 }).toBe(1);
    // That hand-over began the isolate's next round in its own request, which is over now.
    await openAbout("203.0.113.11");
    await expect.poll(views, { timeout: 15_000 }).toBe(2);
  } finally {
    worker.stop();
    rmSync(state, { recursive: true, force: true });
  }
});
