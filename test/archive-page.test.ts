import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, test } from "vitest";
import { slotOf } from "#app/.server/archive/slots.ts";
import { getDb } from "#app/.server/db/client.ts";
import { stills } from "#app/.server/db/schema.ts";
import { parseLakeTime } from "#app/.server/weather/parse-lake-time.ts";
import { addDays } from "#time/calendar-day.ts";
import { lakeWallClock } from "#time/lake-time.ts";
import { logIn } from "./admin.ts";
import { tagWith, visit } from "./helpers.ts";
import { sendStill, stillRows } from "./stills-factory.ts";

/** A slot's address as the page writes it ("+" escaped in the hour the clocks go back). */
const at = (instant: number) => lakeWallClock(slotOf(instant)).replace("+", "%2B");

/** The same time on the day before: 23 or 25 hours back on the days the clocks change. */
function sameTimeTheDayBefore(instant: number): number {
  const wall = lakeWallClock(instant);
  return (
    parseLakeTime(`${addDays(wall.slice(0, 10), -1)}${wall.slice(10, 16)}`)?.getTime() ?? Number.NaN
  );
}

// Seeded once through the signed route: now, a little earlier, and the same time yesterday.
const now = Date.now();
const times = {
  latest: now - 60_000,
  earlier: now - 40 * 60_000,
  yesterday: sameTimeTheDayBefore(now - 60_000),
};

async function page(path: string, headers: Record<string, string> = {}) {
  const response = await visit(path, { headers });
  expect(response.status).toBe(200);
  return { response, html: await response.text() };
}

/** The public address of the still taken at `instant` (its `version`). */
async function pictureAt(instant: number, version = "still") {
  const row = (await stillRows()).find((r) => r.slot === slotOf(instant));
  return `/media/s/${row?.public_id}/${version}.jpg`;
}

beforeAll(async () => {
  for (const takenAt of Object.values(times)) {
    expect((await sendStill(takenAt)).response.status).toBe(201);
  }
});

describe("the archive page", () => {
  test("opens on the newest still, eager, sized and shared with its own picture", async () => {
    const { html } = await page("/en/archive");
    const picture = await pictureAt(times.latest);
    const main = tagWith(html, `src="${picture.replaceAll(/[.?]/g, "\\$&")}"`);
    expect(main).toContain('width="1920"');
    expect(main).toContain('height="1080"');
    expect(main).toContain('fetchPriority="high"');
    expect(main).not.toContain('loading="lazy"');
    // A link preview gets its share card, sized and named.
    expect(html).toContain(
      `<meta property="og:image" content="https://lakegarda-live.example${await pictureAt(times.latest, "card")}"/>`,
    );
    expect(html).toContain('<meta property="og:image:width" content="1200"/>');
    expect(html).toContain('<meta property="og:image:height" content="630"/>');
    expect(html).toMatch(/<meta property="og:image:alt" content="Lake Garda on [^"]+ at [^"]+"\/>/);
  });

  test("a shared address shows its own still, with links to step and compare", async () => {
    const { html } = await page(`/en/archive?at=${at(times.earlier)}`);
    expect(html).toContain(await pictureAt(times.earlier));
    // Later is the newest still; earlier is yesterday's, across the night.
    expect(tagWith(html, 'rel="next"')).toContain(`href="/en/archive?at=${at(times.latest)}"`);
    expect(tagWith(html, 'rel="prev"')).toContain(`href="/en/archive?at=${at(times.yesterday)}"`);
    // Yesterday's still lies across a gap: the link says when it was taken.
    expect(html).toContain("Earlier: ");
  });

  test("the same time yesterday is a link; a week and a year ago are explained as unavailable", async () => {
    const { html } = await page(`/en/archive?at=${at(times.latest)}`);
    expect(html).toContain(
      `href="/en/archive?at=${at(times.yesterday)}" data-discover="true">Same time yesterday<`,
    );
    expect(html).toMatch(/aria-disabled="true" aria-describedby="no-jump">A week ago</);
    expect(html).toMatch(/aria-disabled="true" aria-describedby="no-jump">A year ago</);
    expect(html).toContain("no picture from within half an hour");
  });

  test("a day without stills says so, and a removed still's address says it is gone", async () => {
    expect((await page("/en/archive?day=2020-01-01")).html).toContain("No pictures on");
    expect((await page("/archive?at=2020-01-01T12:00")).html).toContain(
      "Dieses Bild ist nicht mehr im Archiv",
    );
  });

  test("the calendar links the days that have stills", async () => {
    const day = at(times.yesterday).slice(0, 10);
    const { html } = await page(`/en/archive?day=${day}`);
    expect(tagWith(html, 'aria-current="date"')).toContain(`href="/en/archive?day=${day}"`);
    // A day opens on its newest still: in the lake's first 40 minutes after midnight, the
    // earlier still is on yesterday's date too.
    const newestThatDay = Math.max(...Object.values(times).filter((t) => at(t).startsWith(day)));
    expect(html).toContain(await pictureAt(newestThatDay));
  });

  test("ignores malformed parameters and shows the newest still", async () => {
    const { html } = await page("/en/archive?at=yesterday&day=31-12-2025&month=13");
    expect(html).toContain(await pictureAt(times.latest));
    // The address's shape, but no moment: no month 13, no 30 February, no hour 24, no such offset.
    for (const at of [
      "2026-13-45T02:30",
      "2026-02-30T10:00",
      "2026-10-24T24:00",
      "2026-10-25T02:30%2B99:99",
    ]) {
      expect((await page(`/en/archive?at=${at}`)).html, at).toContain(
        await pictureAt(times.latest),
      );
    }
  });

  test("only the owner's page is private (visitors' is shared, ADR 019), and no page preloads the owner's code", async () => {
    const { session } = await logIn();
    for (const [cookie, cacheControl] of [
      ["", null],
      [session, "private, no-cache"],
    ] as const) {
      const { response, html } = await page("/en/archive", { Cookie: cookie });
      expect(response.headers.get("Cache-Control")).toBe(cacheControl);
      expect(html).not.toContain("still-owner-controls");
      expect(html).not.toMatch(/assets\/admin-[\w-]+\.js/);
    }
  });

  test("each pass of the hour the clocks go back has an address of its own, and steps go through both", async () => {
    // 25 October 2026: 02:00–03:00 came first at +02:00 (00:00–01:00 UTC), then at +01:00.
    const [first, second] = [Date.UTC(2026, 9, 25, 0, 50), Date.UTC(2026, 9, 25, 1, 0)];
    await getDb(env.DB)
      .insert(stills)
      .values(
        [first, second].map((slot) => ({
          id: crypto.randomUUID(),
          slot: new Date(slot),
          day: "2026-10-25",
          takenAt: new Date(slot),
          fileKey: `stills/clocks-go-back-${slot}.jpg`,
          byteSize: 1000,
          width: 1920,
          height: 1080,
          createdAt: new Date(slot),
        })),
      );
    const secondPass = await page("/en/archive?at=2026-10-25T02:00");
    expect(secondPass.html).toContain(`v=${second}`);
    const back = 'href="/en/archive?at=2026-10-25T02:50%2B02:00"';
    expect(tagWith(secondPass.html, 'rel="prev"')).toContain(back);
    const firstPass = await page("/en/archive?at=2026-10-25T02:50%2B02:00");
    expect(firstPass.html).toContain(`v=${first}`);
    // The same address typed with a plain "+", which a query reads as a space.
    expect((await page("/en/archive?at=2026-10-25T02:50+02:00")).html).toContain(`v=${first}`);
    expect(tagWith(firstPass.html, 'rel="next"')).toContain(
      'href="/en/archive?at=2026-10-25T02:00"',
    );
  });
});
