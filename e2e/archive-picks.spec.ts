import { addDays } from "#time/calendar-day.ts";
import { atLakeTime, lakeDate, lakeWallClock } from "#time/lake-time.ts";
import { logIn } from "./admin.ts";
import { d1 } from "./d1.ts";
import { expect, expectNoAxeViolations, hydrated, locales, localized, test } from "./fixtures.ts";

// The demo seed archives every slot of the two days before today; the box named two of the first's.
const day = addDays(lakeDate(Date.now()), -2);
const sunsetAt = lakeWallClock(atLakeTime(day, "16:30").getTime());
const bestAt = lakeWallClock(atLakeTime(day, "12:00").getTime());
const idAt = (slot: string) =>
  `(select id from stills where slot = ${atLakeTime(slot.slice(0, 10), slot.slice(11, 16)).getTime()})`;

// The demo's own picks are cleared: the month's marks are then this day's alone.
test.beforeAll(() => {
  d1(
    `delete from day_picks;
     insert into day_picks (day, sunset_id, sunset_by, sunset_score, best_id, best_by, best_score)
     values ('${day}', ${idAt(sunsetAt)}, 'box', 81.5, ${idAt(bestAt)}, 'box', 92)`,
  );
});
test.afterAll(() => d1("delete from day_picks"));

// The pages' own 320 px check may run after the other lane cleared the demo's marks.
test("a day's sunset mark fits a 320 px phone in every language", async ({ strictPage: page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  for (const locale of locales) {
    await page.goto(localized(`/archive?day=${day}`, locale));
    // Only this day has a mark, and a marked day's name ends in it ("…: Glowing sunset").
    await expect(page.getByRole("table").getByRole("link", { name: /: / }), locale).toHaveCount(1);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, locale).toBeLessThanOrEqual(0);
  }
});

test("the day's sunset and best picture, marked on the calendar in words, and the owner's choice wins", async ({
  strictPage: page,
}) => {
  await page.goto(`/en/archive?day=${day}`);
  await hydrated(page);
  // The mark is in the day's name and in the month's list, not in its colour alone.
  const calendar = page.getByRole("table");
  await expect(calendar.getByRole("link", { name: /: Glowing sunset$/ })).toHaveAttribute(
    "href",
    new RegExp(`day=${day}$`),
  );
  await expect(page.getByRole("list", { name: "Sunset marks" })).toContainText("Fine sunset");
  const glance = page.getByRole("region", { name: /at a glance$/ });
  await expect(
    glance.getByRole("listitem").filter({ has: page.locator(`a[href$="day=${day}"]`) }),
  ).toContainText("Glowing sunset");
  await expectNoAxeViolations(page, { label: "a day with picks: " });

  const picks = page.getByRole("navigation", { name: "Picks of the day" });
  await picks.getByRole("link", { name: /^Sunset of the day: / }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get("at")).toBe(sunsetAt);
  const caption = page.locator("figcaption");
  await expect(caption.getByText("Sunset of the day")).toBeVisible();
  await expect(caption.getByText("Best of the day")).toBeHidden();
  await picks.getByRole("link", { name: /^Best of the day: / }).click();
  await expect(caption.getByText("Best of the day")).toBeVisible();

  // The owner removes the box's sunset: no label, no mark, and the box may not propose it again.
  await logIn(page);
  await page.goto(`/archive?at=${sunsetAt}`);
  await hydrated(page);
  const owner = page.getByRole("region", { name: "Betreiber" });
  await owner.getByRole("button", { name: "Nicht mehr Sonnenuntergang des Tages" }).click();
  const toasts = page.getByRole("region", { name: /Benachrichtigungen/ });
  await expect(toasts.getByText("Erfolgreich aktualisiert")).toBeVisible();
  await expect(
    owner.getByRole("button", { name: "Zum Sonnenuntergang des Tages machen" }),
  ).toBeVisible();
  await expect(page.locator("figcaption").getByText("Sonnenuntergang des Tages")).toBeHidden();
  await expect(page.getByRole("table").getByRole("link", { name: /Sonnenuntergang/ })).toHaveCount(
    0,
  );
  expect(d1(`select sunset_id, sunset_by from day_picks where day = '${day}'`)).toEqual([
    { sunset_id: null, sunset_by: "owner" },
  ]);
  await expectNoAxeViolations(page, { label: "the owner's picks: " });

  // The demo's sunset of the next day was described by the model: keeping its texts ends the mark.
  await page.goto(`/archive?at=${lakeWallClock(atLakeTime(addDays(day, 1), "18:30").getTime())}`);
  await hydrated(page);
  await expect(
    page.getByRole("img", { name: /^Sonnenuntergang am Gardasee vom Hafen/ }),
  ).toBeVisible();
  await expect(page.getByText("Die Sonne versinkt hinter den Hügeln am Westufer")).toBeVisible();
  const mark = owner.getByText("Automatisch geschrieben: bitte prüfen");
  await expect(mark).toBeVisible();
  await expectNoAxeViolations(page, { label: "a described still: " });
  await owner.getByRole("button", { name: "Beschreibung behalten" }).click();
  await expect(mark).toBeHidden();
  await expect(owner.getByRole("button", { name: "Beschreibung entfernen" })).toBeVisible();
});
