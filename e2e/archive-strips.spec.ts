import { readFileSync } from "node:fs";
import { STILL_SLOT_MS } from "#protocol/still-upload.ts";
import { addDays } from "#time/calendar-day.ts";
import { civilTwilight } from "#time/civil-twilight.ts";
import { lakeDate, lakeWallClock } from "#time/lake-time.ts";
import { expect, expectNoAxeViolations, hydrated, test } from "./fixtures.ts";

const config = readFileSync("wrangler.jsonc", "utf8");
const coordinate = (name: string) => Number(new RegExp(`"${name}": "([^"]+)"`).exec(config)?.[1]);
const camera = {
  latitude: coordinate("CAMERA_LATITUDE"),
  longitude: coordinate("CAMERA_LONGITUDE"),
};

// The demo seed archives every slot of the two days before today, each with its picture's colour.
const yesterday = addDays(lakeDate(Date.now()), -1);

test("the month at a glance: a strip per day from dawn to dusk, and a point on it opens that moment", async ({
  strictPage: page,
}) => {
  await page.goto(`/en/archive?day=${yesterday}`);
  await hydrated(page);
  const glance = page.getByRole("region", { name: /at a glance$/ });
  await expect(glance).toBeVisible();

  // A row for each day the calendar offers, each strip with its colours, each day in words.
  const calendarDays = page.getByRole("table").getByRole("link");
  const rows = glance.getByRole("listitem");
  await expect(rows).toHaveCount(await calendarDays.count());
  const row = rows.filter({ has: page.locator(`a[href$="day=${yesterday}"]`) });
  await expect(row).toContainText("At noon: Clear sky");
  const strip = row.locator("svg");
  await expect(strip.locator("rect").first()).toHaveAttribute("fill", /^#[0-9a-f]{3}$/);
  // The strip is for the pointer: the day's link is how the keyboard gets there.
  await expect(row.locator("a[aria-hidden=true]")).toHaveAttribute("tabindex", "-1");

  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await expectNoAxeViolations(page, { label: `the month's strips, ${colorScheme}: ` });
  }

  // Its first column is civil dawn's slot; the fifth, forty minutes later.
  const columns = Number((await strip.getAttribute("viewBox"))?.split(" ")[2]);
  const dawn = civilTwilight(yesterday, camera).dawn?.getTime() ?? 0;
  const box = await strip.boundingBox();
  if (!box) throw new Error("the strip is not drawn");
  const column = 4;
  await strip.click({ position: { x: ((column + 0.5) / columns) * box.width, y: box.height / 2 } });
  const slot = dawn - (dawn % STILL_SLOT_MS) + column * STILL_SLOT_MS;
  await expect.poll(() => new URL(page.url()).searchParams.get("at")).toBe(lakeWallClock(slot));
  await expect(page.locator("figure time")).toHaveAttribute(
    "datetime",
    new RegExp(`^${new Date(slot).toISOString().slice(0, 16)}`),
  );

  // The keyboard opens the same day through its link.
  const dayLink = glance.getByRole("link").and(page.locator(`[href$="day=${yesterday}"]`));
  await dayLink.focus();
  await page.keyboard.press("Enter");
  await expect.poll(() => new URL(page.url()).searchParams.get("day")).toBe(yesterday);
});
