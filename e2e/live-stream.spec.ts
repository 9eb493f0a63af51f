import { readFileSync } from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { logIn } from "./admin.ts";
import { type RunningBox, startBox, startReadyBox, waitUntilOnline } from "./box.ts";
import { expect, expectNoAxeViolations, hydrated, LIVE_SEGMENTS, test } from "./fixtures.ts";
import { expectSmallestSharpVersions } from "./pictures.ts";

let box: RunningBox | null = null;
// A segment asked for before it landed, or after the box stopped: the playlist's "not yet".
test.use({ expectedMisses: [LIVE_SEGMENTS] });

/** Like a box losing power. */
function killBox() {
  box?.kill();
  box = null;
}

test.afterEach(killBox);

type Announcement = { text: string; at: number };

async function recordAnnouncements(page: Page) {
  await page.evaluate(() => {
    const region = document.querySelector("#live [aria-live]");
    const seen: { text: string; at: number }[] = [];
    (window as unknown as { announced: typeof seen }).announced = seen;
    if (!region) return;
    new MutationObserver(() => {
      const text = region.textContent ?? "";
      if (text && seen.at(-1)?.text !== text) seen.push({ text, at: performance.now() });
    }).observe(region, { childList: true, subtree: true, characterData: true });
  });
}

/** Every value the countdown shows from now on, in seconds. */
async function recordCountdown(page: Page) {
  await page.locator("#live").evaluate((panel: HTMLElement) => {
    const shown: number[] = [];
    (window as unknown as { countdown: number[] }).countdown = shown;
    new MutationObserver(() => {
      const match = /(\d+):(\d\d)$/.exec(panel.querySelector("[role=timer]")?.textContent ?? "");
      const seconds = match ? Number(match[1]) * 60 + Number(match[2]) : null;
      if (seconds !== null && seconds !== shown.at(-1)) shown.push(seconds);
    }).observe(panel, { childList: true, subtree: true, characterData: true });
  });
}

const announcements = (page: Page) =>
  page.evaluate(() => (window as unknown as { announced: Announcement[] }).announced);
const announced = async (page: Page) => (await announcements(page)).map(({ text }) => text);

type Drop = {
  lastFrame: number;
  liveGone: number;
  countdownGone: number;
  regionChanged: number;
  failed: number;
  attempts: string[];
  said: string[];
};

/** In the page's clock: the last frame, when LIVE and the countdown went, and the words said. */
async function recordDrop(page: Page) {
  await page.locator("#live").evaluate((panel: HTMLElement) => {
    const drop: Drop = {
      lastFrame: 0,
      liveGone: 0,
      countdownGone: 0,
      regionChanged: 0,
      failed: 0,
      attempts: [],
      said: [],
    };
    (window as unknown as { drop: Drop }).drop = drop;
    const video = panel.querySelector("video") as HTMLVideoElement;
    const onFrame = () => {
      drop.lastFrame = performance.now();
      video.requestVideoFrameCallback(onFrame);
    };
    video.requestVideoFrameCallback(onFrame);
    const region = panel.querySelector("[aria-live]") as HTMLElement;
    const playing = region.textContent;
    new MutationObserver(() => {
      const now = performance.now();
      const texts = [...panel.querySelectorAll("span, p")]
        .filter((element) => !element.hasAttribute("aria-live"))
        .map((element) => element.textContent ?? "");
      if (!drop.liveGone && !texts.includes("LIVE")) drop.liveGone = now;
      if (!drop.countdownGone && !panel.querySelector("[role=timer]")) drop.countdownGone = now;
      const said = region.textContent ?? "";
      if (said !== playing && said !== drop.said.at(-1)) {
        drop.regionChanged ||= now;
        drop.said.push(said);
      }
      const attempt = texts.find((text) => text.startsWith("Tentativo di connessione"));
      if (attempt && attempt !== drop.attempts.at(-1)) drop.attempts.push(attempt);
      if (!drop.failed && texts.includes("Connessione non riuscita. Riprova.")) drop.failed = now;
    }).observe(panel, { childList: true, subtree: true, characterData: true });
  });
}

/** When (the page's clock) each status read started. */
const statusReads = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .filter((entry) => new URL(entry.name).pathname === "/api/stream/status")
      .map((entry) => entry.startTime),
  );

const videoTime = (page: Page) =>
  page.locator("#live video").evaluate((video: HTMLVideoElement) => video.currentTime);

async function placeOf(locator: Locator) {
  const place = await locator.boundingBox();
  if (!place) throw new Error(`${locator} is not shown`);
  return place;
}

const shown = (live: Locator, text: string) =>
  live.getByText(text).and(live.locator(":not([aria-live])"));

async function expectAccessible(page: Page) {
  await expectNoAxeViolations(page, { include: "#live" });
}

async function tabTo(page: Page, control: Locator) {
  await page.keyboard.press("Tab");
  await expect(control).toBeFocused();
}

async function openWithBox(page: Page, baseURL: string | undefined, path: string) {
  const url = baseURL ?? "";
  box = await startReadyBox(url);
  await page.goto(path);
  await hydrated(page);
  const live = page.locator("#live");
  return { url, live, region: live.locator("[aria-live]") };
}

async function cameraStatus(url: string) {
  const response = await fetch(`${url}/api/stream/status`);
  return (await response.json()) as {
    online: boolean;
    still: { takenAt: string; url: string } | null;
  };
}

test("a visitor presses play, watches the camera live for a minute, then may watch again", async ({
  strictPage: page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { live, region } = await openWithBox(page, baseURL, "/en");
  await expect(live.getByText(/^Image from \d{1,2}:\d{2}/)).toBeVisible();
  await expect(live.getByText("OFFLINE")).toHaveCount(0);
  await expect(
    live.getByText("The picture appears after about two seconds. Sessions last 1 minute.", {
      exact: false,
    }),
  ).toBeVisible();

  await recordAnnouncements(page);
  await recordCountdown(page);
  const hlsRequested = page.waitForRequest(/hls\.light/);
  const workerPlaylists: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/stream/s/")) workerPlaylists.push(request.url());
  });
  const pressedAt = await page.evaluate(() => {
    performance.setResourceTimingBufferSize(1_000); // the minute's segments fill the default 250
    return performance.now();
  });
  await live.getByRole("button", { name: "Watch live" }).click();
  await hlsRequested;
  await expect(live.getByText("LIVE", { exact: true })).toBeVisible({ timeout: 15_000 });
  // Each step said once, in order; one the work left behind is skipped; attempts stay silent.
  const steps = await announced(page);
  expect(steps.filter((text) => text.startsWith("Connection attempt"))).toEqual([]);
  const order = [
    "Starting session…",
    "Initialising camera…",
    "Connecting to the camera…",
    "Feed ready",
    "Initialising player…",
    "The live stream is playing.",
  ];
  expect(steps).toEqual(order.filter((text) => steps.includes(text)));
  expect(steps.at(0)).toBe("Starting session…");
  expect(steps.at(-1)).toBe("The live stream is playing.");
  // Each step stays readable (800 ms) until the next replaces it; the picture replaces one at once.
  const timeline = await announcements(page);
  for (const [i, { text, at }] of timeline.entries()) {
    const next = timeline[i + 1];
    if (next && next.text !== "The live stream is playing.") {
      expect(next.at - at, text).toBeGreaterThanOrEqual(750);
    }
  }

  const started = await videoTime(page);
  await expect.poll(() => videoTime(page), { timeout: 10_000 }).toBeGreaterThan(started + 2);
  await expect(live.getByRole("timer")).toHaveText(/Time left\s*0:[0-5]\d/);
  // The session's minute, counted from its answer: never more than 1:00, from the first value.
  const countdown = await page.evaluate(
    () => (window as unknown as { countdown: number[] }).countdown,
  );
  expect(Math.max(...countdown)).toBeLessThanOrEqual(60);
  expect(countdown[0]).toBeGreaterThanOrEqual(55);
  await expect(live.getByRole("button", { name: "Fullscreen" })).toBeVisible();
  await expectAccessible(page);

  // A picture to keep: the frame as a JPEG named by its time, made in the browser.
  const sent: string[] = [];
  page.on("request", (request) => {
    // The player's HEADs ask whether the next segment landed; only a body would be an upload.
    if (!["GET", "HEAD"].includes(request.method()) && !request.url().includes("/api/beacon"))
      sent.push(request.url());
  });
  await live.getByRole("button", { name: "Take picture" }).click();
  const dialog = page.getByRole("dialog", { name: "Your picture" });
  await expect(
    dialog.getByRole("img", {
      name: /^The harbour at \d{1,2}:\d\d\s(AM|PM), live from the camera$/,
    }),
  ).toBeVisible();
  await expect(region).toHaveText(/^Picture taken at \d{1,2}:\d\d\s(AM|PM)$/);
  // Chromium on Linux has no Web Share: no button that would do nothing.
  await expect(dialog.getByRole("button", { name: "Share" })).toHaveCount(0);
  await expectAccessible(page);
  const download = page.waitForEvent("download");
  await dialog.getByRole("link", { name: "Download" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^lake-garda-\d{4}-\d\d-\d\d-\d{4}\.jpg$/);
  const jpeg = readFileSync((await file.path()) ?? "");
  expect([...jpeg.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toHaveCount(0);
  expect(sent, "nothing is uploaded").toEqual([]);
  // The pressed button went away with the step; focus stayed in the panel, so Tab reaches Stop.
  const stop = live.getByRole("button", { name: "Stop" });
  await tabTo(page, stop);
  expect((await stop.boundingBox())?.height).toBeGreaterThanOrEqual(44);

  await expect(shown(live, "Session ended")).toBeVisible({ timeout: 70_000 });
  // The browser built the playlist from the session's answer: the minute cost no Worker reload.
  expect(workerPlaylists).toEqual([]);
  await expect(region).toHaveText("Session ended");
  await expect(live.getByText("LIVE", { exact: true })).toHaveCount(0);
  await expectAccessible(page);
  await tabTo(page, live.getByRole("button", { name: "Watch again" }));
  const heard = (await announced(page)).length;
  await page.keyboard.press("Enter");
  // Joined in the grace, the picture may end the first step before a look; the recorder saw it.
  await expect
    .poll(async () => (await announced(page)).slice(heard))
    .toContain("Starting session…");
  // The picture was the camera's status: nothing read while it played, nor as it ran out.
  expect((await statusReads(page)).filter((at) => at > pressedAt)).toEqual([]);
});

test("a sampled live start reaches the owner's statistics as its step, and nothing else is sent", async ({
  strictPage: page,
  baseURL,
  browser,
}) => {
  // The journeys' Worker samples every live start (SPEED_SAMPLE_PERCENT 100, playwright.config.ts).
  const { live } = await openWithBox(page, baseURL, "/");
  const report = page.waitForRequest(
    (request) =>
      request.url().endsWith("/api/beacon") && (request.postData()?.includes('"speed"') ?? false),
  );
  const pressedAt = Date.now();
  await live.getByRole("button", { name: "Live ansehen" }).click();
  await expect(live.getByText("LIVE", { exact: true })).toBeVisible({ timeout: 15_000 });
  const liveAfter = Date.now() - pressedAt;
  const body = JSON.parse((await report).postData() ?? "{}");
  expect(Object.keys(body)).toEqual(["type", "live_start"]);
  expect(body.live_start).toBeGreaterThan(0);
  expect(body.live_start).toBeLessThanOrEqual(liveAfter);

  const owner = await (await browser.newContext()).newPage();
  await logIn(owner, "/admin/statistics");
  const speed = owner.getByRole("region", { name: "Livebild nach dem Klick" });
  const row = (name: string) => speed.getByRole("row", { name: new RegExp(`^${name}`) });
  await expect(row("Gemessene Live-Starts").getByRole("cell").first()).not.toHaveText("0");
  await expect(row("Median").getByRole("cell").first()).toHaveText(/^(bis|über) \d+(,\d+)? Sek\.$/);
  await expect(row("95. Perzentil").getByRole("cell").nth(1)).toHaveText(/^(bis|über) /);
  await expectNoAxeViolations(owner);
  await owner.context().close();
});

test.describe("when things go wrong", () => {
  // Sessions answer 503 while the box is away.
  test.use({ expectedStatuses: [503] });

  const faults = [
    {
      what: "the box dies",
      act: killBox,
      recover: async (url: string) => {
        box = await startReadyBox(url);
      },
    },
    {
      // The box replaces a frozen ffmpeg itself (ingest/streamer.ts): the same box serves the retry.
      what: "the box's live ffmpeg freezes",
      act: () => {
        const pid = box?.ffmpegPid("live");
        if (!pid) throw new Error("the box named no live ffmpeg");
        process.kill(pid, "SIGSTOP");
      },
      recover: async () => undefined,
    },
  ];
  for (const fault of faults) {
    test(`when ${fault.what} mid-session LIVE goes with the picture, the player retries, the visitor is told, and a retry works`, async ({
      strictPage: page,
      baseURL,
    }) => {
      test.setTimeout(90_000);
      const { url, live, region } = await openWithBox(page, baseURL, "/it");
      await live.getByRole("button", { name: "Guarda in diretta" }).click();
      await expect(live.getByText("LIVE", { exact: true })).toBeVisible({ timeout: 15_000 });
      await expect(region).toHaveText("La diretta è in riproduzione.");
      await recordDrop(page);

      const killedAt = await page.evaluate(() => performance.now());
      fault.act();
      await expect(live.getByText(/^Tentativo di connessione \d+\/\d+$/)).toBeVisible({
        timeout: 10_000,
      });
      await expectAccessible(page);
      await expect(shown(live, "Connessione non riuscita. Riprova.")).toBeVisible({
        timeout: 20_000,
      });
      await expect(region).toHaveText("Connessione non riuscita. Riprova.");
      const drop = await page.evaluate(() => (window as unknown as { drop: Drop }).drop);
      const sinceLastFrame = (at: number) => Math.round(at - drop.lastFrame);
      const measured = {
        liveGone: sinceLastFrame(drop.liveGone),
        countdownGone: sinceLastFrame(drop.countdownGone),
        regionChanged: sinceLastFrame(drop.regionChanged),
        failed: sinceLastFrame(drop.failed),
        lastFrameAfterKill: Math.round(drop.lastFrame - killedAt),
      };
      console.log(`${fault.what}, after the last frame (ms): ${JSON.stringify(measured)}`);
      expect(measured.liveGone).toBeLessThanOrEqual(3_000);
      expect(measured.countdownGone).toBeLessThanOrEqual(3_000);
      expect(measured.regionChanged).toBeLessThanOrEqual(3_000);
      // Counted from 1 of one total, as far as they went before the Worker said it failed.
      const counted = drop.attempts.map((text) =>
        /^Tentativo di connessione (\d+)\/(\d+)$/.exec(text),
      );
      expect(counted.length).toBeGreaterThan(0);
      expect(counted.map((match) => Number(match?.[1]))).toEqual(counted.map((_, i) => i + 1));
      expect(new Set(counted.map((match) => match?.[2])).size).toBe(1);
      expect(drop.said).toEqual([
        "L'immagine si è fermata. Riconnessione alla telecamera in corso…",
        "Connessione non riuscita. Riprova.",
      ]);
      expect(measured.failed).toBeLessThanOrEqual(8_000);
      await expectAccessible(page);

      await fault.recover(url);
      await tabTo(page, live.getByRole("button", { name: "Riprova" }));
      await page.keyboard.press("Enter");
      await expect(live.getByText("LIVE", { exact: true })).toBeVisible({ timeout: 15_000 });
      const started = await videoTime(page);
      await expect.poll(() => videoTime(page), { timeout: 10_000 }).toBeGreaterThan(started + 1);
      await tabTo(page, live.getByRole("button", { name: "Scatta una foto" }));
      await tabTo(page, live.getByRole("button", { name: "Stop" }));
      await page.keyboard.press("Enter");
      await expect(region).toHaveText("La diretta è stata interrotta.");
      await expect(live.getByText("LIVE", { exact: true })).toHaveCount(0);
      await expectAccessible(page);
      await tabTo(page, live.getByRole("button", { name: "Guarda in diretta" }));
    });
  }

  test("with the camera offline the panel says so before any click, under a dated still", async ({
    strictPage: page,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    const url = baseURL ?? "";
    const before = Date.now();
    box = startBox(url);
    // The box's first still takes as long as its start (ffmpeg, the camera, the upload).
    await box.said(/^\[box\] still: [1-9]\d* uploaded/, 60_000, 0);
    await expect
      .poll(async () => Date.parse((await cameraStatus(url)).still?.takenAt ?? "0"))
      .toBeGreaterThanOrEqual(before - 1_000);
    killBox();
    await waitUntilOnline(url, false);
    await page.clock.setFixedTime(Date.now() + 26 * 3_600_000);

    // The page brings the camera's status and counts its own view: the Worker hears nothing more.
    const asked: string[] = [];
    page.on("request", (request) => {
      const path = new URL(request.url()).pathname;
      if (path === "/api/stream/status" || path === "/api/beacon") asked.push(path);
    });
    await page.goto("/");
    await hydrated(page);
    const live = page.locator("#live");
    await expect(
      shown(live, "Die Kamera ist gerade offline. Bitte versuchen Sie es später erneut."),
    ).toBeVisible();
    await expect(live.getByText("OFFLINE", { exact: true })).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(asked).toEqual([]);
    // Dated, and with the weather of its moment when the site had one then (issue 37).
    await expect(
      live.getByText(/^Bild vom \d{1,2}\. \p{L}+ um \d{1,2}:\d{2}( · \p{L}[\p{L} ]* -?\d+\s°C)?$/u),
    ).toBeVisible();
    // The box's still, in the server's page, in the smallest of its versions sharp enough.
    const picture = live.getByRole("img", {
      name: "Der Hafen, wie ihn die Kamera zuletzt gesehen hat",
    });
    await expect(picture).toHaveAttribute("src", (await cameraStatus(url)).still?.url ?? "");
    await expectSmallestSharpVersions(picture, 1);
    await expect(live.getByRole("button", { name: "Live ansehen" })).toHaveCount(0);
    await expectAccessible(page);

    // On a small phone the message and its button fit inside the picture, standing for OFFLINE.
    await page.setViewportSize({ width: 320, height: 640 });
    await expect(live.getByText("OFFLINE", { exact: true })).toBeHidden();
    const frame = await placeOf(live.locator(".aspect-video"));
    const badge = await placeOf(live.getByText(/^Bild vom /));
    const message = await placeOf(
      shown(live, "Die Kamera ist gerade offline. Bitte versuchen Sie es später erneut."),
    );
    const again = await placeOf(live.getByRole("button", { name: "Erneut versuchen" }));
    expect(message.y).toBeGreaterThanOrEqual(badge.y + badge.height);
    expect(again.y + again.height).toBeLessThanOrEqual(frame.y + frame.height);

    await live.getByRole("button", { name: "Erneut versuchen" }).focus();
    const attempt = page.waitForRequest(
      (request) => request.method() === "POST" && request.url().endsWith("/api/stream/sessions"),
    );
    await page.keyboard.press("Enter");
    await attempt;
    await expect(live.locator("[aria-live]")).toHaveText(
      "Die Kamera ist gerade offline. Bitte versuchen Sie es später erneut.",
    );
    await expect(live.getByRole("button", { name: "Erneut versuchen" })).toBeFocused();
  });

  test("a box whose camera does not answer shows the camera offline, not a stream that fails", async ({
    strictPage: page,
    baseURL,
  }) => {
    const url = baseURL ?? "";
    // Nothing listens there: the box is connected, its camera is not.
    box = startBox(url, { input: "rtsp://127.0.0.1:9/camera" });
    const said = (line: string) => () => box?.output.some((out) => out.includes(line)) ?? false;
    await expect.poll(said("control: connected")).toBe(true);
    await expect.poll(said("camera: no connection")).toBe(true);
    await waitUntilOnline(url, false);

    await page.goto("/en");
    await hydrated(page);
    const live = page.locator("#live");
    await expect(live.getByText("OFFLINE", { exact: true })).toBeVisible();
    await expect(live.getByRole("button", { name: "Watch live" })).toHaveCount(0);
    await expectAccessible(page);
  });

  test("About's Watch live brings the visitor to the camera, clear of the header, and starts", async ({
    strictPage: page,
    baseURL,
  }) => {
    await waitUntilOnline(baseURL ?? "", false);
    await page.goto("/en/about");
    await hydrated(page);
    const attempt = page.waitForRequest(
      (request) => request.method() === "POST" && request.url().endsWith("/api/stream/sessions"),
    );
    await page.getByRole("link", { name: "Watch live" }).click();
    await attempt;
    await expect(page).toHaveURL(/\/en#live$/);
    const live = page.locator("#live");
    await expect(live.locator("[aria-live]")).toHaveText(
      "The camera is offline right now. Please try again later.",
    );
    // The anchor was scrolled to just below the sticky header, not under it.
    const header = await page.getByRole("banner").boundingBox();
    const anchor = await live.boundingBox();
    expect(anchor?.y).toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    // Focus arrived with the visitor: the panel's Try again has it, not the page's start.
    await expect(live.getByRole("button", { name: "Try again" })).toBeFocused();

    let sessions = 0;
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().endsWith("/api/stream/sessions")) {
        sessions += 1;
      }
    });
    await page.goBack();
    await expect(page).toHaveURL(/\/en\/about$/);
    await page.goForward();
    await expect(page).toHaveURL(/\/en#live$/);
    await hydrated(page);
    await expect(live.getByRole("button", { name: "Try again" })).toBeVisible();
    expect(sessions).toBe(0);
  });
});
