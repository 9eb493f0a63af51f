import { type RunningBox, startBox, waitUntilOnline } from "./box";
import { expect, test } from "./fixtures";

let box: RunningBox | null = null;

test.afterEach(() => {
  box?.kill();
  box = null;
});

/** Every message the panel's live region announced, in order. */
async function recordAnnouncements(page: import("@playwright/test").Page) {
  await page.evaluate(() => {
    const region = document.querySelector("#live [aria-live]");
    const seen: string[] = [];
    (window as unknown as { announced: string[] }).announced = seen;
    if (!region) return;
    new MutationObserver(() => {
      const text = region.textContent ?? "";
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(region, { childList: true, subtree: true, characterData: true });
  });
}

const announced = (page: import("@playwright/test").Page) =>
  page.evaluate(() => (window as unknown as { announced: string[] }).announced);

const videoTime = (page: import("@playwright/test").Page) =>
  page.locator("#live video").evaluate((video: HTMLVideoElement) => video.currentTime);

test("a visitor presses play, watches the camera live for a minute, then may watch again", async ({
  strictPage: page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const url = baseURL ?? "";
  box = startBox(url);
  await waitUntilOnline(url);
  await page.goto("/en");
  await page.waitForFunction(() => "__reactRouterRouteModules" in window);
  const live = page.locator("#live");
  await expect(live.getByText(/^Image from \d{1,2}:\d{2}/)).toBeVisible();
  await expect(live.getByText("OFFLINE")).toHaveCount(0);
  await expect(live.getByText("Sessions last 1 minute.", { exact: false })).toBeVisible();

  await recordAnnouncements(page);
  const hlsRequested = page.waitForRequest(/hls\.light/);
  await live.getByRole("button", { name: "Watch live" }).click();
  await hlsRequested;
  await expect(live.getByText("LIVE", { exact: true })).toBeVisible({ timeout: 15_000 });
  expect(await announced(page)).toEqual([
    "Starting session…",
    "Initialising camera…",
    ...(await announced(page)).filter((text) => text.startsWith("Connection attempt")),
    "Feed ready",
    "Initialising player…",
    "The live stream is playing.",
  ]);
  expect((await announced(page))[2]).toBe("Connection attempt 1/30");

  const started = await videoTime(page);
  await expect.poll(() => videoTime(page), { timeout: 10_000 }).toBeGreaterThan(started + 2);
  await expect(live.getByRole("timer")).toHaveText(/Time left\s*0:[0-5]\d/);
  await expect(live.getByRole("button", { name: "Stop" })).toBeVisible();
  await expect(live.getByRole("button", { name: "Fullscreen" })).toBeVisible();

  await expect(live.getByText("Session ended")).toBeVisible({ timeout: 70_000 });
  await expect(live.getByText("LIVE", { exact: true })).toHaveCount(0);
  await expect(live.getByRole("button", { name: "Watch again" })).toBeVisible();
});

test.describe("a box that dies", () => {
  // hls.js keeps asking for the playlist of a stream whose box is gone: 503 until it gives up.
  test.use({ expectedStatuses: [503] });

  test("when the box dies mid-session the visitor is told, and a retry works once it is back", async ({
    strictPage: page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const url = baseURL ?? "";
    box = startBox(url);
    await waitUntilOnline(url);
    await page.goto("/it");
    await page.waitForFunction(() => "__reactRouterRouteModules" in window);
    const live = page.locator("#live");
    await live.getByRole("button", { name: "Guarda in diretta" }).click();
    await expect(live.getByText("LIVE", { exact: true })).toBeVisible({ timeout: 15_000 });

    box.kill();
    await expect(live.getByText("Connessione non riuscita. Riprova.")).toBeVisible({
      timeout: 20_000,
    });

    box = startBox(url);
    await waitUntilOnline(url);
    await live.getByRole("button", { name: "Riprova" }).click();
    await expect(live.getByText("LIVE", { exact: true })).toBeVisible({ timeout: 15_000 });
    const started = await videoTime(page);
    await expect.poll(() => videoTime(page), { timeout: 10_000 }).toBeGreaterThan(started + 1);
    await live.getByRole("button", { name: "Stop" }).click();
    await expect(live.getByRole("button", { name: "Guarda in diretta" })).toBeVisible();
  });
});
