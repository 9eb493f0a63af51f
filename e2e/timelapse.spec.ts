import { spawn } from "node:child_process";
import { addDays } from "#time/calendar-day.ts";
import { lakeDate } from "#time/lake-time.ts";
import { expect, hydrated, playsMuted, test, viewerReady } from "./fixtures.ts";

/** The camera box's demo, as a user runs it: `npm run box -- timelapse --demo …`. */
function runDemo(workerUrl: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [
        "--env-file=.dev.vars",
        "ingest/cli.ts",
        ...["timelapse", "--demo", "--input", "testsrc", "--url", workerUrl],
      ],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on("close", (code) => resolve({ code, output }));
  });
}

// Yesterday by the calendar: 24 hours ago is two days back just after the clocks go forward.
const yesterday = addDays(lakeDate(Date.now()), -1);

test("the box's demo day becomes yesterday's film in the gallery and its stills in the archive", async ({
  strictPage: page,
  baseURL,
}) => {
  // Capturing, rendering a 1080p film and uploading it take one to three minutes on two cores.
  test.setTimeout(420_000);
  const demo = await runDemo(baseURL ?? "");
  expect(demo.code, demo.output).toBe(0);
  const id = /registered yesterday's film as ([\w-]+)$/m.exec(demo.output)?.[1];
  expect(id, demo.output).toBeTruthy();

  // The gallery names yesterday's film by its length; the coming-soon card is gone.
  await page.goto("/en/gallery");
  await hydrated(page);
  await expect(page.getByText("Yesterday in 10 seconds", { exact: true })).toBeVisible();
  await expect(page.getByText("Yesterday's time-lapse")).toHaveCount(0);
  await page.goto("/gallery");
  await expect(page.getByText("Gestern in 10 Sekunden", { exact: true })).toBeVisible();

  expect((await page.goto(`/en/gallery/${id}`))?.status()).toBe(200);
  const viewer = page.getByRole("dialog");
  await expect(viewer.getByRole("heading", { name: /^Time-lapse of / })).toBeVisible();
  await viewerReady(page);
  await viewer.getByRole("button", { name: /^Play: Time-lapse of / }).click();
  const video = viewer.locator("video");
  await playsMuted(video);
  expect(
    await video.evaluate((v: HTMLVideoElement) => [v.videoWidth, v.videoHeight, v.duration]),
  ).toEqual([1920, 1080, 10]);

  await page.goto(`/en/archive?at=${yesterday}T12:00`);
  await hydrated(page);
  const still = page.locator("figure img").first();
  await expect(still).toHaveAttribute("width", "1920");
  await page.getByRole("link", { name: "10 min later" }).click();
  await expect(page).toHaveURL(`/en/archive?at=${yesterday}T12:10`);
  await expect(still).toHaveAttribute("width", "1920");
  await expect(still).toHaveAttribute("height", "1080");
});
