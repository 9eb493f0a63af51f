import type { Page, Request } from "@playwright/test";
import { type RunningBox, startReadyBox } from "./box.ts";
import { expect, expectNoAxeViolations, isMiss, LIVE_SEGMENTS, test } from "./fixtures.ts";

let box: RunningBox | null = null;
test.afterEach(() => {
  box?.kill();
  box = null;
});

/** The fake upstream, on 127.0.0.1 and another port: another site, as a hotel's page is. */
function embeddingSite(baseURL: string | undefined, query = "") {
  const site = new URL(baseURL ?? "");
  return `http://127.0.0.1:${Number(site.port) + 1}/embedding-site?site=${site.origin}${query}`;
}

/** What the visitor's browser asked of the site, and whether any answer set a cookie. */
function watchSite(page: Page, baseURL: string | undefined) {
  const site = new URL(baseURL ?? "").origin;
  const requests: Request[] = [];
  const problems: string[] = [];
  let cookies = 0;
  page.on("request", (request) => {
    const { origin } = new URL(request.url());
    if (origin === site) requests.push(request);
    else if (!origin.startsWith("http://127.0.0.1:") && !/^(data|blob):/.test(request.url())) {
      problems.push(`third-party request: ${request.url()}`);
    }
  });
  page.on("response", async (response) => {
    if ((await response.allHeaders())["set-cookie"]) cookies++;
  });
  page.on("console", (message) => {
    if (message.type() === "error" && !isMiss(message, [LIVE_SEGMENTS])) {
      problems.push(`console: ${message.text()}`);
    }
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  // The Worker's requests: everything but the static files the assets layer serves.
  const workerRequests = () =>
    requests.filter(
      (request) => !/\/assets\/|\/favicon\.svg$/.test(new URL(request.url()).pathname),
    );
  const scripts = () => requests.filter((request) => request.resourceType() === "script");
  return { workerRequests, scripts, problems, cookies: () => cookies };
}

test("a visitor on another site tabs into the embedded camera and out, and watches live inside the frame", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  box = await startReadyBox(baseURL ?? "");
  const site = watchSite(page, baseURL);
  await page.goto(embeddingSite(baseURL));
  const frame = page.frameLocator("iframe");
  const watchLive = frame.getByRole("button", { name: "Watch live" });
  await expect(watchLive).toBeVisible();
  await expect(frame.getByText(/^Image from /)).toBeVisible();
  await page.waitForLoadState("networkidle");

  // The keyboard goes in, through every control, out, and back.
  await page.getByRole("button", { name: "Before" }).focus();
  await page.keyboard.press("Tab");
  await expect(watchLive).toBeFocused();
  const film = frame.locator("summary");
  const filmShown = (await film.count()) > 0;
  if (filmShown) {
    await page.keyboard.press("Tab");
    await expect(film).toBeFocused();
  }
  await page.keyboard.press("Tab");
  await expect(
    frame.getByRole("link", { name: "Lake Garda Live Camera (opens in a new tab)" }),
  ).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "After" })).toBeFocused();
  for (const _control of filmShown ? [1, 2, 3] : [1, 2]) await page.keyboard.press("Shift+Tab");
  await expect(watchLive).toBeFocused();

  // Hovered and focused, nothing loads: no script before the press, two requests to the Worker.
  await watchLive.hover();
  await page.waitForLoadState("networkidle");
  expect(site.scripts().map((request) => request.url())).toEqual([]);
  const still = await frame
    .getByRole("img", { name: "The harbour, as the camera saw it last" })
    .evaluate((image: HTMLImageElement) => new URL(image.currentSrc).pathname);
  expect(site.workerRequests().map((request) => new URL(request.url()).pathname)).toEqual([
    "/en/embed",
    still,
  ]);
  expect(site.cookies()).toBe(0);
  await expect(frame.locator("body")).toMatchAriaSnapshot(`
    - main "Lake Garda Live Camera":
      - heading "Lake Garda Live Camera" [level=1]
      - img "The harbour, as the camera saw it last"
      - button "Watch live"
      - link "Lake Garda Live Camera (opens in a new tab)"
  `);
  await expectNoAxeViolations(page);

  // Enter presses Watch live: the session starts at once, and plays inside the frame.
  await page.keyboard.press("Enter");
  await expect(frame.getByText("Starting session…").first()).toBeVisible();
  await expect(frame.getByText("LIVE", { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(() =>
      frame
        .locator("video[aria-label='Live picture from the camera']")
        .evaluate((video: HTMLVideoElement) => video.currentTime),
    )
    .toBeGreaterThan(0);
  await expect(frame.getByRole("button", { name: "Fullscreen" })).toBeVisible();
  await expect(frame.locator("[aria-live]")).toHaveCount(1);
  await expectNoAxeViolations(page);
  expect(site.cookies()).toBe(0);
  expect(site.problems).toEqual([]);
});

test("a frame whose host does not allow fullscreen offers no fullscreen button", async ({
  page,
  baseURL,
}) => {
  box = await startReadyBox(baseURL ?? "");
  await page.goto(embeddingSite(baseURL, "&fullscreen=no"));
  const frame = page.frameLocator("iframe");
  await frame.getByRole("button", { name: "Watch live" }).click();
  await expect(frame.getByText("LIVE", { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(frame.getByRole("button", { name: "Stop" })).toBeVisible();
  await expect(frame.getByRole("button", { name: "Fullscreen" })).toHaveCount(0);
});
