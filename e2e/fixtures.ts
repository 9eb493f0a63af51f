import AxeBuilder from "@axe-core/playwright";
import {
  test as base,
  type ConsoleMessage,
  expect,
  type Locator,
  type Page,
} from "@playwright/test";
import { locales, localizePath } from "#app/i18n/locales.ts";
import { sitePages } from "#app/shell/pages.ts";
import { startedBoxes } from "./box.ts";

export { locales };
/** The site's pages with its frame; the embed, made for other sites' frames, has its own journey. */
export const pages = sitePages.filter((page) => !("frame" in page)).map((page) => page.path);
export const localized = localizePath;

/** The browser's live playlist asks the media host whether the next segment landed (ADR 028). */
export const LIVE_SEGMENTS = /\/media\/live\/\d+\/\d+-[0-9a-f]{32}\.ts$/;

/** A 404 of one of these addresses: "not yet", not a failure. */
export const isMiss = (message: ConsoleMessage, addresses: RegExp[]) =>
  message.text().includes("status of 404 (") &&
  addresses.some((address) => address.test(message.location().url));

type Fixtures = {
  /** HTTP statuses a journey provokes on purpose; Chromium logs each as a console error. */
  expectedStatuses: number[];
  /** Chromium's network errors a journey provokes on purpose, e.g. `net::ERR_INTERNET_DISCONNECTED`. */
  expectedNetworkErrors: string[];
  /** Addresses whose 404 means "not yet", e.g. a live segment the browser's playlist asks for. */
  expectedMisses: RegExp[];
  strictPage: Page;
  /** A failed journey's camera boxes tell their story in the log, the one thing CI keeps. */
  boxLogs: undefined;
};

export const test = base.extend<Fixtures>({
  expectedStatuses: [[], { option: true }],
  expectedNetworkErrors: [[], { option: true }],
  expectedMisses: [[], { option: true }],
  strictPage: async (
    { page, baseURL, expectedStatuses, expectedNetworkErrors, expectedMisses },
    use,
    testInfo,
  ) => {
    const problems: string[] = [];
    // The page's own account of a failure (the player's reason, an API's refusal), told when
    // the journey fails.
    const warnings: string[] = [];
    page.on("response", (response) => {
      if (response.status() >= 400 && new URL(response.url()).pathname.startsWith("/api/")) {
        warnings.push(`${response.status()} ${response.request().method()} ${response.url()}`);
      }
    });
    // Chromium's words for a failed load: "… status of 404 (Not Found)" or "net::ERR_…".
    const expected = (message: ConsoleMessage) =>
      expectedStatuses.some((status) => message.text().includes(`status of ${status} (`)) ||
      expectedNetworkErrors.some(
        (error) => message.text() === `Failed to load resource: ${error}`,
      ) ||
      isMiss(message, expectedMisses);
    page.on("console", (message) => {
      if (message.type() === "warning") warnings.push(message.text());
      if (message.type() === "error" && !expected(message)) {
        // Chromium's message names no address; its location does, for a failed load.
        const { url } = message.location();
        problems.push(`console: ${message.text()}${url ? ` (${url})` : ""}`);
      }
    });
    page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (!["data:", "blob:"].includes(url.protocol) && url.origin !== baseURL) {
        problems.push(`third-party request: ${request.url()}`);
      }
    });
    await use(page);
    if (testInfo.status !== testInfo.expectedStatus && warnings.length > 0) {
      console.log(`the page of "${testInfo.title}" warned:\n${warnings.join("\n")}`);
    }
    expect(problems, "console errors, page errors or third-party requests").toEqual([]);
  },
  boxLogs: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from it.
    async ({}, use, testInfo) => {
      const from = startedBoxes.length;
      await use(undefined);
      if (testInfo.status === testInfo.expectedStatus) return;
      for (const [i, box] of startedBoxes.slice(from).entries()) {
        console.log(`camera box ${i + 1} of "${testInfo.title}" said:\n${box.output.join("\n")}`);
      }
    },
    { auto: true },
  ],
});

/** The first render's effects (timers, listeners) are in place: see Shell in root.tsx. */
export function hydrated(page: Page) {
  return page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/** A viewer sent open from the server works once its code is in: then it takes the focus. */
export async function viewerReady(page: Page) {
  await expect(page.getByRole("dialog").locator(":focus")).toHaveCount(1);
}

export { expect };

/** A gallery video, muted (as autoplay rules want), until it really plays. */
export async function playsMuted(video: Locator) {
  await video.evaluate(async (element: HTMLVideoElement) => {
    element.muted = true;
    await element.play();
  });
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime))
    .toBeGreaterThan(0.5);
}

/** Long enough for a toast's exit (200 ms); a paused animation must not hang the journey. */
const SETTLE_MS = 2_000;

/** axe at rest: finite animations end first, toasts' timers pause (as on blur) while it reads. */
export async function expectNoAxeViolations(
  page: Page,
  { include, label = "" }: { include?: string; label?: string } = {},
) {
  await page.evaluate(() => window.dispatchEvent(new Event("blur")));
  try {
    await judgeAtRest(page, include, label);
  } finally {
    await page.evaluate(() => window.dispatchEvent(new Event("focus")));
  }
}

async function judgeAtRest(page: Page, include: string | undefined, label: string) {
  await page.evaluate(
    (timeout) =>
      Promise.race([
        Promise.all(
          document
            .getAnimations()
            .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
            .map((a) => a.finished.catch(() => undefined)),
        ),
        new Promise((resolve) => setTimeout(resolve, timeout)),
      ]),
    SETTLE_MS,
  );
  // Every rule still runs; only violations are gathered node by node (passes were a sixth of
  // each run's CPU, and no journey reads them).
  const axe = new AxeBuilder({ page }).options({ resultTypes: ["violations"] });
  const { violations } = await (include ? axe.include(include) : axe).analyze();
  expect(
    violations.map((v) => `${label}${v.id} (${v.nodes.map((n) => n.target).join(", ")})`),
  ).toEqual([]);
}
