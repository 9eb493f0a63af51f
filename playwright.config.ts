import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { defineConfig } from "@playwright/test";
import { journeyMailDrop, journeyState } from "#e2e/state.ts";
import { ensureDevVars } from "#scripts/dev-vars.ts";
import { fakeUpstreamVars } from "#test/upstream-vars.ts";

// The journeys read the local secrets (the admin password, the camera box's key) when their
// files load, before the server that would create them starts.
ensureDevVars();

// Debian's Chromium headless shell (the same build without a window's machinery) took a
// quarter less CPU for the journeys than its full Chromium (bench/results/test-time.md); the
// full one serves where the shell is not installed (`--headed` needs it: CHROMIUM_PATH).
const headlessShell = "/usr/bin/chromium-headless-shell";
const chromium =
  process.env.CHROMIUM_PATH ?? (existsSync(headlessShell) ? headlessShell : "/usr/bin/chromium");

// E2E_PORT lets two checkouts run their journeys side by side.
// Headless Chromium announces itself as "HeadlessChrome", which crawler detection rightly
// treats as a bot; the journeys are about visitors.
const visitorAgent =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";
const port = Number(process.env.E2E_PORT ?? 4173);
// The weather providers' stand-in listens next door (ADR 006).
const upstreamPort = port + 1;

// One Worker and one D1 behind all journeys, in two lanes side by side (with one, the second
// core sat idle while journeys waited for the stream, ffmpeg and timers):
// - the owner's journeys change what the gallery and the archive show, so they, and the
//   gallery's journeys, which count items, run one after another;
// - the visitors' journeys, the camera box's among them, do not mind what that lane changes
//   (a still's address serves whatever its slot holds, so the box may replace a still a page
//   is loading, and a film the box renders again keeps its old files for a day);
// - maintenance mode and "log out everywhere" change every page and every session, a featured
//   photo published and taken down again changes every home page, and the statistics count
//   every page view: those run alone, after both lanes.
// Three short visitors' journeys run in the owner's lane, where nothing runs beside them, so the
// lanes end together (in the headless shell: 496 s of visitors' journeys against 498 s).
const content = [
  "admin-content.spec.ts",
  "admin-upload.spec.ts",
  "archive.spec.ts",
  "archive-picks.spec.ts",
  "gallery.spec.ts",
  "timelapse.spec.ts",
  "language.spec.ts",
  "not-found.spec.ts",
  "weather.spec.ts",
];
const siteWide = [
  "admin-maintenance.spec.ts",
  "admin-upload-publish.spec.ts",
  "statistics.spec.ts",
];

export default defineConfig({
  testDir: "e2e",
  globalSetup: "./test/fresh-build.ts",
  workers: 2,
  fullyParallel: false,
  projects: [
    { name: "visitors", testIgnore: [...content, ...siteWide], workers: 1 },
    { name: "content", testMatch: content, workers: 1 },
    {
      name: "site-wide",
      testMatch: siteWide,
      dependencies: ["visitors", "content"],
      workers: 1,
    },
  ],
  forbidOnly: Boolean(process.env.CI),
  // A line per journey, and every failure in full at the end, where a CI log's tail shows it
  // (the line reporter prints a failure once, when it happens, then only its title).
  reporter: "list",
  // A hang guard, not a measure: the axe tour of every page took 65 s on two cores shared
  // with other test runs.
  timeout: 120_000,
  use: {
    baseURL: `http://localhost:${port}`,
    locale: "de-DE",
    userAgent: visitorAgent,
    // No trace by default: recording every journey's took 14 % of their CPU on two cores
    // (bench/results/test-time.md); a failing journey runs again with `--trace on`.
    trace: "off",
    launchOptions: {
      // Debian's Chromium: Playwright never downloads a browser here.
      executablePath: chromium,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        // The agent of what a page sends as it unloads (a Web Vitals beacon): Playwright's
        // own setting ends with the page.
        `--user-agent=${visitorAgent}`,
      ],
    },
  },
  webServer: [
    {
      command: `node e2e/fake-upstream-server.ts ${upstreamPort}`,
      url: `http://127.0.0.1:${upstreamPort}/health`,
      reuseExistingServer: !process.env.CI,
    },
    {
      // The built Worker (npm test builds first) in workerd, with a fresh local state of its
      // own and its weather sources pointing at the fake (ADR 006).
      command: [
        `node scripts/serve-build.ts --port ${port} --persist-to ${journeyState} --fresh`,
        // The owner's statistics show a journey's counts at once (ADR 030).
        "--var STATS_FLUSH_SECONDS:0",
        // Journeys change data and look again at once: each page is rendered anew. A page shared
        // for a second (ADR 019) showed a step back's old figures on a fast machine;
        // test/shared-pages.test.ts covers the sharing.
        "--var SHARED_PAGE_SECONDS:0",
        // Every live start reports its speed, so a journey can follow one to the owner's page.
        "--var SPEED_SAMPLE_PERCENT:100",
        ...Object.entries(fakeUpstreamVars(`http://127.0.0.1:${upstreamPort}`, "e2e")).map(
          ([name, url]) => `--var ${name}:${url}`,
        ),
      ].join(" "),
      url: `http://localhost:${port}/api/health`,
      reuseExistingServer: !process.env.CI,
      // No internet here: skip miniflare's lookup of a real Request.cf object.
      env: { CLOUDFLARE_CF_FETCH_ENABLED: "false", TMPDIR: resolve(journeyMailDrop) },
      timeout: 90_000,
    },
  ],
});
