// A Free-plan day (issue 35, goal 2; ADR 025): N visitors like the bench's, plus the box, the
// cron, crawlers and directories, against every daily allowance. The visitor's, the box's
// requests', a cron run's, a directory pull's and a crawler page's usage are measured; what no
// Worker meter sees (the objects' own storage and duration, the statistics' commits) comes from
// the code and the Worker tests, named below.
import { freeObjectsPerDay, freePerDay, type Resource } from "./cloudflare-prices.ts";

export type Usage = Record<Resource, number>;
type DayResource = Resource | keyof typeof freeObjectsPerDay;
type DayUsage = Record<DayResource, number>;

const freeDayPerDay: DayUsage = { ...freePerDay, ...freeObjectsPerDay };

/** Visitors come between 06:00 and 22:00 at the lake. */
const ACTIVE_MINUTES = 16 * 60;
/** A session's minute and the box's wind-down after the last one (ADR 009). */
const LIVE_MINUTES_PER_SESSION = 1.2;
const SEGMENTS_PER_LIVE_MINUTE = 30;
/** A still every 10 minutes, the whole day at most; the film once a night. */
const STILLS_PER_DAY = 144;
const CRON_RUNS_PER_DAY = 144;
/** Search engines and link previews: an assumption, about a fifth of a good day's visitors. */
const CRAWLER_PAGES_PER_DAY = 2_000;
/** Directories that show the newest still, once a minute (issue 35). */
const DIRECTORY_PULLS_PER_DAY = 1_440;
/** The object's 128 MB while it is awake: it is, whenever the box streams. */
const OBJECT_GB = 0.125;

/**
 * Rows the objects write, from the code (workers/durable-objects/, ADR 009): the camera object
 * stores its live edge every 10 s (5 segments) and moves its stall alarm on a 4 s grid (every
 * other segment); an HTTP upload also claims its nonce (an insert, the expired one's delete);
 * while watched it stores the viewers' end every 10 s; the statistics object keeps each minute's
 * batch (a put per isolate's hand-over, the commit's put and deletes, its alarm).
 */
const objectRows = {
  perSocketSegment: 0.2 + 0.5,
  perHttpSegment: 2 + 0.2 + 0.5,
  perLiveMinute: 6,
  perActiveMinute: 10,
};

/**
 * Apple's own HLS reloads the Worker's playlist (ADR 028): an assumption for the browsers without
 * Media Source Extensions (iOS before 17.1) and the Safaris whose hls.js hands over to it, and
 * the reloads of one live minute as measured before the browser built its playlist
 * (`bench/results/visit-cost.md`, issue 35's baseline).
 */
const NATIVE_HLS_SHARE = 0.03;
const WORKER_PLAYLISTS_PER_SESSION = 33;

/**
 * wrangler.jsonc's SPEED_SAMPLE_PERCENT: the live starts that report their speed, and the page
 * loads their Web Vitals, a beacon each (the visitor's later pages are client navigations).
 */
const SPEED_SAMPLE_SHARE = 0.1;

/** D1 rows the statistics object writes per visitor when ten come in a minute (ADR 030). */
const COUNTING_ROWS_PER_VISITOR = 3.1;

/** A still's upload, from the code when the bench's box sent none: the still and its versions. */
export const stillFromCode: Partial<DayUsage> = {
  "Worker requests": 1,
  "D1 rows written": 8,
  "DO requests": 1,
  "R2 class A": 12,
};

export type DayInputs = {
  /** The bench's visitor, who started the stream (a cold start). */
  perVisitor: Usage;
  /** What only a cold start costs: waiting for the box's first segment. */
  coldStartOnly: Usage;
  /** The box's HTTP requests per segment (0 when it sends them on its socket). */
  perSegment: Usage;
  /** Of the box's segments, the share sent on its control socket (20 messages bill as 1 request). */
  socketShare: number;
  perStill: Partial<DayUsage>;
  perPull: Usage;
  perCrawlerPage: Usage;
  /** The first run after the seed: more to do than most. */
  perCronRun: Usage;
};

const scaled = (usage: Partial<DayUsage>, times: number): Partial<DayUsage> =>
  Object.fromEntries(Object.entries(usage).map(([key, value]) => [key, value * times]));

/** Viewers arriving at random: the share who find the box idle, and the minutes it streams. */
function streaming(visitors: number) {
  const idle = Math.exp(-(visitors / ACTIVE_MINUTES) * LIVE_MINUTES_PER_SESSION);
  return { coldShare: idle, liveMinutes: ACTIVE_MINUTES * (1 - idle) };
}

const perVisitor = ({ perVisitor, coldStartOnly }: DayInputs, coldShare: number) =>
  Object.fromEntries(
    (Object.keys(perVisitor) as Resource[]).map((key) => [
      key,
      perVisitor[key] - (1 - coldShare) * coldStartOnly[key],
    ]),
  );

function freeDay(visitors: number, inputs: DayInputs) {
  const { coldShare, liveMinutes: live } = streaming(visitors);
  const segments = live * SEGMENTS_PER_LIVE_MINUTE;
  const viaSocket = segments * inputs.socketShare;
  const viaHttp = segments - viaSocket;
  const sources: [string, Partial<DayUsage>][] = [
    [
      `visitors (${(100 * coldShare).toFixed(2)} % find the box idle)`,
      scaled(perVisitor(inputs, coldShare), visitors),
    ],
    [
      `${NATIVE_HLS_SHARE * 100} % on Apple's HLS: the Worker's playlist`,
      { "Worker requests": visitors * NATIVE_HLS_SHARE * WORKER_PLAYLISTS_PER_SESSION },
    ],
    [
      `${SPEED_SAMPLE_SHARE * 100} % of their live starts: the speed beacon`,
      { "Worker requests": visitors * SPEED_SAMPLE_SHARE },
    ],
    [
      `${SPEED_SAMPLE_SHARE * 100} % of their page loads: the Web Vitals beacon`,
      { "Worker requests": visitors * SPEED_SAMPLE_SHARE },
    ],
    [
      "their counts (statistics object)",
      { "D1 rows written": COUNTING_ROWS_PER_VISITOR * visitors },
    ],
    [
      `box: ${Math.round(segments)} live segments`,
      {
        ...scaled(inputs.perSegment, viaHttp),
        "DO requests": inputs.perSegment["DO requests"] * viaHttp + viaSocket / 20,
        "R2 class A": segments,
        "DO rows written":
          viaSocket * objectRows.perSocketSegment +
          viaHttp * objectRows.perHttpSegment +
          live * objectRows.perLiveMinute,
        "DO GB-s": live * 60 * OBJECT_GB,
      },
    ],
    ["box: stills", scaled(inputs.perStill, STILLS_PER_DAY)],
    ["cron", scaled(inputs.perCronRun, CRON_RUNS_PER_DAY)],
    ["statistics object", { "DO rows written": objectRows.perActiveMinute * ACTIVE_MINUTES }],
    ["crawlers", scaled(inputs.perCrawlerPage, CRAWLER_PAGES_PER_DAY)],
    ["directory pulls", scaled(inputs.perPull, DIRECTORY_PULLS_PER_DAY)],
  ];
  const total = Object.fromEntries(
    (Object.keys(freeDayPerDay) as DayResource[]).map((key) => [
      key,
      sources.reduce((sum, [, usage]) => sum + (usage[key] ?? 0), 0),
    ]),
  ) as DayUsage;
  return { sources, total };
}

const percent = (value: number, key: DayResource) => (100 * value) / freeDayPerDay[key];

/** The table the bench prints, and the most visitors a day with every allowance at ≤ 80 %. */
export function printFreeDay(visitors: number, inputs: DayInputs) {
  const { sources, total } = freeDay(visitors, inputs);
  const keys = Object.keys(freeDayPerDay) as DayResource[];
  const row = (name: string, usage: Partial<DayUsage>) => ({
    source: name,
    ...Object.fromEntries(keys.map((key) => [key, Math.round(usage[key] ?? 0)])),
  });
  console.log(`A Free-plan day of ${visitors} such visitors (bench/free-day.ts):`);
  console.table([
    ...sources.map(([name, usage]) => row(name, usage)),
    row("total", total),
    {
      source: "% of Free",
      ...Object.fromEntries(keys.map((key) => [key, +percent(total[key], key).toFixed(1)])),
    },
    {
      source: "per visitor",
      ...Object.fromEntries(keys.map((key) => [key, +(total[key] / visitors).toFixed(2)])),
    },
  ]);
  const over = keys.filter((key) => percent(total[key], key) > 80);
  console.log(
    over.length === 0
      ? `every allowance at ≤ 80 % with ${visitors} visitors`
      : `over 80 % with ${visitors} visitors: ${over.join(", ")}`,
  );
  let most = 0;
  for (let n = 100; n <= 100_000; n += 100) {
    const day = freeDay(n, inputs).total;
    if (keys.some((key) => percent(day[key], key) > 80)) break;
    most = n;
  }
  const limit = keys.find((key) => percent(freeDay(most + 100, inputs).total[key], key) > 80);
  console.log(`at most ${most} such visitors a day with every allowance ≤ 80 % (then ${limit})`);
}
