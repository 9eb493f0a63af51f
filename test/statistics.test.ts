import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { getDb } from "#app/.server/db/client.ts";
import { utcDay, visitorId } from "#app/.server/pseudonyms/visitor-id.ts";
import { readStatistics } from "#app/.server/statistics/read-statistics.ts";
import { networkBucket } from "#app/.server/statistics/referrer-networks.ts";
import type { SpeedPercentile } from "#app/features/statistics/speed-report.ts";
import { connectBox } from "./box.ts";
import { atFreshContactWindow, sendMessage } from "./contact-helpers.ts";
import { createMedia } from "./factories.ts";
import { BROWSER_UA, CRAWLER_UA, navigate, ORIGIN, runCron, visit, visitWith } from "./helpers.ts";
import { forgetStatistics, todaysCounts } from "./statistics-counts.ts";

const PHONE_UA =
  "Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36";

let clients = 0;
/** Visitor ids the network days hold. */
async function storedVisitorIds() {
  const row = await env.DB.prepare(
    "select coalesce(sum(json_array_length(visitors)), 0) as n from network_days",
  ).first<{ n: number }>();
  return row?.n;
}

/** A client address of its own per test, so rate limits and visitor hashes never mix. */
const newAddress = () => `203.0.113.${++clients}`;

type Sent = Record<string, string | undefined>;
const sent = (headers: Sent) =>
  Object.fromEntries(
    Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );

/**
 * What a browser sends when a visitor opens a page by a link from `referrer` (a host; the
 * referrer policy sends another site only its origin) or by its address; a header given as
 * undefined is left out. Awaited with its `waitUntil`, where the view is counted.
 */
async function open(path: string, headers: Sent = {}, referrer?: string) {
  const response = await visitWith(env, path, headers["User-Agent"] ?? BROWSER_UA, {
    // What Cloudflare's edge tells the Worker about where the request came from.
    cf: { country: "IT" },
    headers: sent({
      "Sec-Fetch-Site": referrer ? "cross-site" : "none",
      "Sec-Fetch-Mode": "navigate",
      "Sec-Fetch-Dest": "document",
      "Accept-Language": "it-IT,it;q=0.9,en;q=0.8",
      Referer: referrer && `https://${referrer}/`,
      ...headers,
    }),
  });
  await response.arrayBuffer();
  return response;
}

/** What a page's `navigator.sendBeacon` sends for a product event. */
function beacon(body: unknown, headers: Sent = {}) {
  return visit("/api/beacon", {
    method: "POST",
    body: typeof body === "string" ? body : JSON.stringify(body),
    headers: sent({
      "Content-Type": "text/plain;charset=UTF-8",
      "Sec-Fetch-Site": "same-origin",
      "Sec-Fetch-Mode": "no-cors",
      "Sec-Fetch-Dest": "empty",
      Origin: ORIGIN,
      ...headers,
    }),
  });
}

beforeEach(forgetStatistics);

/** A browser of its own: a user agent a script could vary freely. */
const browser = (n: number) => `${BROWSER_UA} Build/${n}`;

/** The referring sites the owner's statistics name, with their views. */
async function referrersShown(): Promise<Record<string, number>> {
  const { breakdowns } = await readStatistics(getDb(env.DB));
  return Object.fromEntries(breakdowns.referrer.map(({ value, count }) => [value, count]));
}

/** IPv4 addresses whose networks fall in `count` different buckets (three buckets, three networks). */
async function networksInOwnBuckets(count: number, first = 1): Promise<string[]> {
  const found = new Map<number, string>();
  for (let host = first; found.size < count; host++) {
    const address = `198.18.${Math.floor(host / 250)}.${host % 250}`;
    const bucket = await networkBucket(env.SESSION_SECRET, address);
    if (!found.has(bucket)) found.set(bucket, address);
  }
  return [...found.values()];
}

describe("page views", () => {
  test("a page's own request counts its view, with its page, referrer, language, device and visitor, without a beacon", async () => {
    const response = await open(
      "/en",
      { "CF-Connecting-IP": newAddress(), "User-Agent": PHONE_UA },
      "www.example.org",
    );
    expect(response.status).toBe(200);
    expect(await todaysCounts()).toEqual({
      views: 1,
      visitors: 1,
      "page /": 1,
      "referrer example.org": 1,
      "language it": 1,
      "device phone": 1,
      "country IT": 1,
    });
  });

  test("a visitor opening one page and browsing four more is five views and one visitor; another browser is another", async () => {
    const item = await createMedia();
    const address = { "CF-Connecting-IP": newAddress() };
    await open("/it", address);
    const pages = ["/it", "/it/about", "/it/gallery", `/it/gallery/${item.id}`, "/en/contact"];
    for (const [i, to] of pages.slice(1).entries()) {
      expect((await navigate(pages[i] ?? "", to, address)).status).toBe(200);
    }
    await open("/it", { ...address, "User-Agent": PHONE_UA });
    const counts = await todaysCounts();
    expect(counts).toMatchObject({ views: 6, visitors: 2, "page /": 2, "page /gallery": 2 });
    expect(counts).not.toHaveProperty("referrer");
  });

  test("a page read again where it is shown (a gallery filter, a form's answer) is no new view", async () => {
    const address = { "CF-Connecting-IP": newAddress() };
    await open("/gallery", address);
    await navigate("/gallery", "/gallery?type=video", address);
    await navigate("/gallery?type=video", "/gallery?type=image&_routes=de/gallery", address);
    expect(await todaysCounts()).toMatchObject({ views: 1, "page /gallery": 1 });
  });

  test("a browser sending Global Privacy Control counts as a view but not as a visitor", async () => {
    const response = await open("/it", { "CF-Connecting-IP": newAddress(), "Sec-GPC": "1" });
    expect(response.status).toBe(200);
    expect(await todaysCounts()).toMatchObject({ views: 1, "page /": 1 });
    expect(await todaysCounts()).not.toHaveProperty("visitors");
    expect(await storedVisitorIds()).toBe(0);
  });

  test("names the day's first 100 referring sites and counts later ones together", async () => {
    await env.DB.batch(
      Array.from({ length: 100 }, (_, i) =>
        env.DB.prepare(
          "insert into analytics_counts (day, dimension, value, count) values (?, 'referrer', ?, 1)",
        ).bind(utcDay(), `site-${i}.example`),
      ),
    );
    for (const referrer of ["site-7.example", "one-more.example", "and-another.example"]) {
      await open("/imprint", { "CF-Connecting-IP": newAddress() }, referrer);
    }
    const counts = await todaysCounts();
    expect(counts).toMatchObject({ "referrer site-7.example": 2, "referrer *": 2, views: 3 });
    expect(counts).not.toHaveProperty("referrer one-more.example");
    expect(Object.keys(counts).filter((key) => key.startsWith("referrer "))).toHaveLength(101);
  });

  test("addresses of one IPv6 network are one visitor", async () => {
    for (const address of ["2001:db8:5:6::1", "2001:db8:5:6:ffff::2", "2001:db8:5:7::1"]) {
      await open("/imprint", { "CF-Connecting-IP": address });
    }
    expect(await todaysCounts()).toMatchObject({ views: 3, visitors: 2 });
  });

  test("one network counts as five visitors a day at most, whatever user agents it sends", async () => {
    const address = newAddress();
    for (let i = 0; i < 30; i++) {
      const response = await open("/imprint", {
        "CF-Connecting-IP": address,
        "User-Agent": browser(i),
      });
      expect(response.status).toBe(200);
    }
    expect(await todaysCounts()).toMatchObject({ views: 30, visitors: 5 });
    // Addresses of one IPv6 /64 are one network too; another network is another visitor.
    for (let i = 1; i <= 7; i++) {
      await open("/imprint", {
        "CF-Connecting-IP": `2001:db8:77:1::${i}`,
        "User-Agent": browser(i),
      });
    }
    await open("/imprint", { "CF-Connecting-IP": newAddress() });
    expect(await todaysCounts()).toMatchObject({ views: 38, visitors: 11 });
    expect(await storedVisitorIds()).toBe(11);
  });
});

describe("referring sites", () => {
  test("100 sites invented by one network never appear on the owner's statistics", async () => {
    const address = newAddress();
    for (let i = 0; i < 100; i++) {
      await open(
        "/imprint",
        { "CF-Connecting-IP": address, "User-Agent": browser(i) },
        `invented-${i}.example`,
      );
    }
    const shown = await referrersShown();
    expect(Object.keys(shown).filter((host) => host.startsWith("invented-"))).toEqual([]);
    // Only its five visitors' first views brought a site at all.
    expect(shown).toEqual({ "*": 5 });
  });

  test("a site is named once visitors from three networks came from it, and counts its views", async () => {
    const [first, second, third] = await networksInOwnBuckets(3);
    for (const address of [first, second]) {
      await open("/it", { "CF-Connecting-IP": address ?? "" }, "forum.example");
    }
    expect(await referrersShown()).toEqual({ "*": 2 });
    await open("/it", { "CF-Connecting-IP": third ?? "" }, "www.forum.example");
    expect(await referrersShown()).toEqual({ "forum.example": 3 });
  });

  test("one network coming from a site on three days does not name it", async () => {
    const address = newAddress();
    const now = Date.now();
    vi.useFakeTimers({ toFake: ["Date"] });
    for (const daysAgo of [2, 1, 0]) {
      vi.setSystemTime(now - daysAgo * 86_400_000);
      await open("/imprint", { "CF-Connecting-IP": address }, "one-fan.example");
    }
    vi.useRealTimers();
    const days = await env.DB.prepare(
      "select count(*) as n from analytics_counts where dimension = 'referrer'",
    ).first();
    expect(days).toEqual({ n: 3 });
    expect(await referrersShown()).toEqual({ "*": 3 });
  });

  test("a visitor's later views, a link from the site itself and a browser sending Global Privacy Control bring no site", async () => {
    const [first, second, third] = await networksInOwnBuckets(3, 500);
    for (const address of [first, second]) {
      await open("/it", { "CF-Connecting-IP": address ?? "" });
      await open("/about", { "CF-Connecting-IP": address ?? "" }, "search.example");
    }
    await open("/it", { "CF-Connecting-IP": third ?? "", "Sec-GPC": "1" }, "search.example");
    await open("/it", { "CF-Connecting-IP": newAddress() }, "www.lake.test");
    expect(await todaysCounts()).toMatchObject({ views: 6, visitors: 3 });
    expect(Object.keys(await todaysCounts()).filter((key) => key.startsWith("referrer"))).toEqual(
      [],
    );
    const buckets = await env.DB.prepare(
      "select count(*) as n from analytics_referrer_networks",
    ).first();
    expect(buckets).toEqual({ n: 0 });
  });
});

describe("what is not counted", () => {
  test("crawlers get the page but are not counted", async () => {
    const response = await open("/it", {
      "CF-Connecting-IP": newAddress(),
      "User-Agent": CRAWLER_UA,
    });
    expect(response.status).toBe(200);
    expect(await todaysCounts()).toEqual({});
  });

  test("a request that is no visitor opening a page gets its answer and is not counted", async () => {
    const notViews: [string, () => Promise<Response>][] = [
      ["a prefetch", () => open("/about", { "Sec-Purpose": "prefetch" })],
      ["an older prefetch", () => navigate("/", "/about", { Purpose: "prefetch" })],
      ["the owner's session", () => open("/it", { Cookie: "lang=en; __Host-admin_session=x" })],
      ["no user agent", () => open("/it", { "User-Agent": "" })],
      [
        "a script's fetch of a page",
        () => open("/it", { "Sec-Fetch-Mode": "cors", "Sec-Fetch-Dest": "empty" }),
      ],
      [
        "another site's fetch of a page's data",
        () => navigate("/", "/about", { "Sec-Fetch-Site": "cross-site" }),
      ],
      ["an address that is none of our pages", () => open("/no/such/page-123")],
      ["a gallery item that does not exist", () => navigate("/gallery", "/gallery/abc123")],
      ["the embed outside a frame", () => open("/en/embed")],
      ["a page of the owner's", () => open("/admin/login")],
    ];
    for (const [what, request] of notViews) {
      await request();
      expect(await todaysCounts(), what).toEqual({});
    }
    // What a visitor's browser sends (Chromium's, as the journeys see it) counts, a language cookie too.
    await open("/fr/gallery", { "CF-Connecting-IP": newAddress(), Cookie: "lang=fr" });
    expect(await todaysCounts()).toMatchObject({ views: 1, visitors: 1, "page /gallery": 1 });
  });

  test("a beacon no page of ours sends is answered like any other and not counted", async () => {
    const impossible: [string, Sent][] = [
      ["no Origin", { Origin: undefined }],
      ["no Sec-Fetch-Site", { "Sec-Fetch-Site": undefined }],
      ["a typed address's Sec-Fetch-Site", { "Sec-Fetch-Site": "none" }],
      ["no user agent", { "User-Agent": "" }],
      ["a crawler", { "User-Agent": CRAWLER_UA }],
    ];
    for (const [what, headers] of impossible) {
      const response = await beacon(
        { type: "event", name: "timelapse_play" },
        { "CF-Connecting-IP": newAddress(), ...headers },
      );
      expect(response.status, what).toBe(204);
    }
    expect(await todaysCounts()).toEqual({});
  });

  test("cross-site posts are refused and nothing is written", async () => {
    for (const headers of <Record<string, string>[]>[
      { "Sec-Fetch-Site": "cross-site" },
      { "Sec-Fetch-Site": "same-site" },
      { "Sec-Fetch-Site": "", Origin: "https://evil.example" },
    ]) {
      const response = await beacon(
        { type: "event", name: "timelapse_play" },
        { ...headers, "CF-Connecting-IP": newAddress() },
      );
      expect(response.status).toBe(403);
    }
    expect(await todaysCounts()).toEqual({});
  });

  test("bad input gets a 4xx error and nothing is written", async () => {
    const bad: unknown[] = [
      "not json",
      {},
      // Page views are counted from the pages' own requests, never from a beacon.
      { type: "view", path: "/" },
      { type: "event", name: "like" },
      { type: "event", name: "stream_started" },
      { type: "event", name: "../../etc" },
      { type: "speed" },
      { type: "speed", live_start: -1 },
      { type: "speed", live_start: "fast" },
      { type: "speed", live_start: 3_600_000 },
      { type: "vitals" },
      { type: "vitals", cls: 0 },
      { type: "vitals", lcp: -1, cls: 0 },
      { type: "vitals", lcp: 1200, cls: 101 },
      { type: "vitals", lcp: 1200, cls: 0, inp: "slow" },
      `{"type":"event","name":"timelapse_play","padding":"${"x".repeat(2000)}"}`,
    ];
    for (const body of bad) {
      const response = await beacon(body, { "CF-Connecting-IP": newAddress() });
      expect(response.status, JSON.stringify(body).slice(0, 60)).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(await response.json()).toMatchObject({ error: { code: expect.any(String) } });
    }
    expect(await todaysCounts()).toEqual({});
  });

  test("a flood from one network is cut off by the rate limit", async () => {
    await atFreshContactWindow(30_000);
    const address = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 302; i++) {
      statuses.push(
        (await beacon({ type: "event", name: "timelapse_play" }, { "CF-Connecting-IP": address }))
          .status,
      );
    }
    expect(statuses.slice(0, 300).every((status) => status === 204)).toBe(true);
    expect(statuses.slice(300)).toEqual([429, 429]);
    expect(await todaysCounts()).toEqual({ "event timelapse_play": 300 });
  }, 60_000); // it may first wait up to 30 s for a fresh rate-limit minute
});

afterEach(() => {
  vi.useRealTimers();
});

describe("product events", () => {
  test("each event the browser reports is counted once", async () => {
    for (const name of ["timelapse_play", "stream_completed"]) {
      expect(
        (await beacon({ type: "event", name }, { "CF-Connecting-IP": newAddress() })).status,
      ).toBe(204);
    }
    expect(await todaysCounts()).toEqual({
      "event timelapse_play": 1,
      "event stream_completed": 1,
    });
  });

  test("a like is counted once, however often the visitor presses", async () => {
    const item = await createMedia();
    const address = newAddress();
    for (let i = 0; i < 3; i++) {
      const response = await visit(`/api/media/${item.id}/like`, {
        method: "POST",
        headers: { "CF-Connecting-IP": address },
      });
      expect(response.status).toBe(200);
    }
    await vi.waitFor(async () => expect(await todaysCounts()).toEqual({ "event like": 1 }));
  });

  test("a started stream session is counted", async () => {
    await connectBox();
    const response = await visit("/api/stream/sessions", {
      method: "POST",
      headers: { "CF-Connecting-IP": newAddress() },
    });
    expect(response.status).toBe(201);
    await vi.waitFor(async () =>
      expect(await todaysCounts()).toEqual({ "event stream_started": 1 }),
    );
  });

  test("a contact message sent is counted", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const { response } = await sendMessage();
    expect(response.status).toBe(200);
    vi.useRealTimers();
    await vi.waitFor(async () => expect(await todaysCounts()).toEqual({ "event contact_sent": 1 }));
  });
});

describe("the live start's speed", () => {
  test("only the step of each press → first frame is kept, and the owner sees its median and 95th percentile", async () => {
    const starts = [...Array(10).fill(1200), ...Array(8).fill(2300), 16_000, 20_000];
    for (const live_start of starts) {
      const response = await beacon(
        { type: "speed", live_start },
        { "CF-Connecting-IP": newAddress() },
      );
      expect(response.status).toBe(204);
    }
    expect(await todaysCounts()).toEqual({
      "live_start 1500": 10,
      "live_start 2500": 8,
      "live_start over": 2,
    });
    // Starts of ten days ago count in the 30 days only.
    const tenDaysAgo = utcDay(new Date(Date.now() - 10 * 86_400_000));
    await env.DB.prepare(
      "insert into analytics_counts (day, dimension, value, count) values (?, 'live_start', '500', 40)",
    )
      .bind(tenDaysAgo)
      .run();

    const none = { week: 0, month: 0 };
    const { speed } = await readStatistics(getDb(env.DB));
    expect(speed).toEqual({
      samples: { live_start: { week: 20, month: 60 }, lcp: none, inp: none, cls: none },
      figures: [
        { week: { upTo: 1500, over: false }, month: { upTo: 500, over: false } },
        { week: { upTo: 15_000, over: true }, month: { upTo: 2500, over: false } },
        ...Array(3).fill({ week: null, month: null }),
      ],
    });
  });
});

describe("a page load's Web Vitals", () => {
  test("only each figure's step is kept, INP only after an interaction, CLS where the browser measures it, and the owner sees their 75th percentile", async () => {
    const loads = [
      ...Array(3).fill({ lcp: 900, cls: 0 }),
      { lcp: 2400, cls: 0.12, inp: 180 },
      { lcp: 5200, cls: 0.3, inp: 40 },
      { lcp: 30_000, cls: 2.5, inp: 2500 },
      // Firefox measures no layout shifts.
      { lcp: 1100, inp: 80 },
    ];
    for (const load of loads) {
      const response = await beacon(
        { type: "vitals", ...load },
        { "CF-Connecting-IP": newAddress() },
      );
      expect(response.status).toBe(204);
    }
    expect(await todaysCounts()).toEqual({
      "lcp 1000": 3,
      "lcp 1500": 1,
      "lcp 2500": 1,
      "lcp 6000": 1,
      "lcp over": 1,
      "cls 0.01": 3,
      "cls 0.15": 1,
      "cls 0.5": 1,
      "cls over": 1,
      "inp 50": 1,
      "inp 100": 1,
      "inp 200": 1,
      "inp over": 1,
    });

    const { speed } = await readStatistics(getDb(env.DB));
    const both = (figure: SpeedPercentile) => ({ week: figure, month: figure });
    expect(speed.samples).toMatchObject({
      lcp: { week: 7, month: 7 },
      cls: { week: 6, month: 6 },
      inp: { week: 4, month: 4 },
    });
    expect(speed.figures.slice(2)).toEqual([
      both({ upTo: 6000, over: false }),
      both({ upTo: 200, over: false }),
      both({ upTo: 0.5, over: false }),
    ]);
  });
});

describe("forgetting", () => {
  test("the salt changes with the day, and the cron deletes earlier days' salts and visitor hashes", async () => {
    const db = getDb(env.DB);
    const client = "192.0.2.10\nsome browser";
    expect(await visitorId(db, client, "2020-01-01")).not.toBe(
      await visitorId(db, client, "2020-01-02"),
    );

    await open("/it", { "CF-Connecting-IP": newAddress() });
    await env.DB.prepare(
      `insert into network_days (day, network, visitors) values ('2020-01-01', 'n', '["old"]'), ('2020-01-02', 'n', '["older"]')`,
    ).run();
    await runCron();

    const salts = await env.DB.prepare("select day from like_salts").all<{ day: string }>();
    expect(salts.results.map((r) => r.day)).toEqual([utcDay()]);
    const hashes = await env.DB.prepare("select day from network_days").all<{
      day: string;
    }>();
    expect(hashes.results.map((r) => r.day)).toEqual([utcDay()]);
  });

  test("the cron keeps daily counts for 13 months and deletes older ones", async () => {
    const thirteenMonthsAgo = new Date();
    thirteenMonthsAgo.setUTCMonth(thirteenMonthsAgo.getUTCMonth() - 13);
    const dayBefore = new Date(thirteenMonthsAgo.getTime() - 86_400_000);
    await env.DB.prepare(
      "insert into analytics_counts (day, dimension, value, count) values (?1, 'views', '', 1), (?2, 'views', '', 2), (?3, 'views', '', 3)",
    )
      // 400 days ago is more than 13 months (at most 397 days) ago, and goes too.
      .bind(
        utcDay(thirteenMonthsAgo),
        utcDay(dayBefore),
        utcDay(new Date(Date.now() - 400 * 86_400_000)),
      )
      .run();
    await runCron();
    const rows = await env.DB.prepare("select day from analytics_counts").all<{ day: string }>();
    expect(rows.results.map((r) => r.day)).toEqual([utcDay(thirteenMonthsAgo)]);
  });

  test("the cron forgets the referrers' network buckets once the statistics no longer show their day", async () => {
    const day = (daysAgo: number) => utcDay(new Date(Date.now() - daysAgo * 86_400_000));
    await env.DB.batch(
      [0, 29, 30, 90].map((daysAgo) =>
        env.DB.prepare(
          "insert into analytics_referrer_networks (day, host, bucket) values (?, 'forum.example', 1)",
        ).bind(day(daysAgo)),
      ),
    );
    await runCron();
    const rows = await env.DB.prepare(
      "select day from analytics_referrer_networks order by day",
    ).all<{ day: string }>();
    expect(rows.results.map((r) => r.day)).toEqual([day(29), day(0)]);
  });

  test("no table holds the visitor's address or user agent", async () => {
    const address = "198.51.100.231";
    const userAgent = `${BROWSER_UA} Unmistakable/4.2`;
    const headers = { "CF-Connecting-IP": address, "User-Agent": userAgent };
    const item = await createMedia();
    await open("/gallery", headers, "example.org");
    await beacon({ type: "event", name: "timelapse_play" }, headers);
    await visit(`/api/media/${item.id}/like`, { method: "POST", headers });
    await vi.waitFor(async () => expect(await todaysCounts()).toHaveProperty(["event like"], 1));

    const { results: tables } = await env.DB.prepare(
      "select name from sqlite_master where type = 'table' and name not like '\\_cf\\_%' escape '\\' and name not like 'sqlite\\_%' escape '\\'",
    ).all<{ name: string }>();
    expect(tables.map((t) => t.name)).toEqual(
      expect.arrayContaining(["analytics_counts", "network_days"]),
    );
    for (const { name } of tables) {
      const { results } = await env.DB.prepare(`select * from "${name}"`).all();
      const text = JSON.stringify(results);
      expect(text, name).not.toContain(address);
      expect(text, name).not.toContain("Unmistakable");
      expect(text, name).not.toContain("Mozilla");
    }
  });
});

describe("the owner's statistics", () => {
  test("sum daily visitors over 7 and 30 days and rank pages by views", async () => {
    const day = (daysAgo: number) => utcDay(new Date(Date.now() - daysAgo * 86_400_000));
    const rows: [string, string, string, number][] = [
      [day(0), "views", "", 5],
      [day(0), "visitors", "", 2],
      [day(3), "views", "", 7],
      [day(3), "visitors", "", 3],
      [day(20), "views", "", 11],
      [day(20), "visitors", "", 4],
      [day(40), "views", "", 100],
      [day(0), "page", "/about", 1],
      [day(3), "page", "/about", 2],
      [day(0), "page", "/", 4],
      [day(0), "event", "like", 2],
      [day(20), "event", "like", 1],
    ];
    await env.DB.batch(
      rows.map((row) =>
        env.DB.prepare(
          "insert into analytics_counts (day, dimension, value, count) values (?, ?, ?, ?)",
        ).bind(...row),
      ),
    );
    const statistics = await readStatistics(getDb(env.DB));
    expect(statistics.totals).toEqual({
      today: { views: 5, visitors: 2 },
      week: { views: 12, visitors: 5 },
      month: { views: 23, visitors: 9 },
    });
    expect(statistics.days).toHaveLength(30);
    expect(statistics.days.at(-1)).toEqual({ day: day(0), views: 5, visitors: 2 });
    expect(statistics.breakdowns.page).toEqual([
      { value: "/", count: 4 },
      { value: "/about", count: 3 },
    ]);
    expect(statistics.events.like).toEqual({ today: 2, week: 2, month: 3 });
  });
});
