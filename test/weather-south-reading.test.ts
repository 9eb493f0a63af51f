import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, test } from "vitest";
import { DAY_MS } from "#time/durations.ts";
import { atLakeTime, lakeDate } from "#time/lake-time.ts";
import { logIn, MAINTENANCE } from "./admin.ts";
import { postForm, runCron, visit } from "./helpers.ts";
import { snapshot } from "./weather-helpers.ts";

beforeAll(async () => {
  await runCron();
});

/** The maintenance page's form, posted as a browser without JavaScript posts it. */
function postSouth(fields: Record<string, string>, cookie?: string) {
  return postForm(
    MAINTENANCE,
    { intent: "south-water-temperature", ...fields },
    cookie ? { Cookie: cookie } : {},
  );
}

async function southRow() {
  return env.DB.prepare(
    "select * from weather_readings where source = 'water_temperature_south'",
  ).first();
}

/** A morning `daysAgo` days back, as the form's datetime-local writes it (the lake's clock). */
function lakeMorning(daysAgo: number) {
  const day = lakeDate(Date.now() - daysAgo * DAY_MS);
  return { field: `${day}T09:00`, instant: atLakeTime(day, "09:00").toISOString() };
}

describe("the owner's water temperature for the south, without JavaScript", () => {
  test("needs the owner's session", async () => {
    const response = await postSouth({ celsius: "22.5", measuredAt: lakeMorning(1).field });
    expect(response.headers.get("Location")).toMatch(/^\/en\/admin\/login\?/);
    expect(await southRow()).toBeNull();
  });

  test.each([
    ["a missing date", { celsius: "22" }],
    ["an empty temperature", { celsius: "", measuredAt: lakeMorning(1).field }],
    ["a temperature in words", { celsius: "warm", measuredAt: lakeMorning(1).field }],
    ["an impossible temperature", { celsius: "61", measuredAt: lakeMorning(1).field }],
    ["a date that is none", { celsius: "22", measuredAt: "yesterday" }],
    ["a date over a year ago", { celsius: "22", measuredAt: lakeMorning(400).field }],
  ])("refuses %s with a 400, says so and writes nothing", async (_, fields) => {
    const { session } = await logIn();
    const response = await postSouth(fields, session);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("The water temperature could not be saved");
    expect(await southRow()).toBeNull();
  });

  test("refuses a reading from the future with the reason", async () => {
    const { session } = await logIn();
    const response = await postSouth({ celsius: "22", measuredAt: lakeMorning(-1).field }, session);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("The time of the measurement is in the future.");
    expect(await southRow()).toBeNull();
  });

  test("stores the reading; the panel shows it with its date and the average of both ends", async () => {
    const { session } = await logIn();
    const { field, instant: measuredAt } = lakeMorning(1);
    const response = await postSouth({ celsius: "22.6", measuredAt: field }, session);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Water temperature saved");

    expect((await snapshot()).waterTemperature.south).toEqual({ celsius: 22.6, measuredAt });
    const html = await (await visit("/en")).text();
    expect(html).toContain("22.6°C");
    expect(html).toContain("21.4°C");
    expect(html).toMatch(/Average<\/dt><dd[^>]*>22°C</);

    // The cron never touches the owner's value.
    await runCron();
    expect((await snapshot()).waterTemperature.south).toEqual({ celsius: 22.6, measuredAt });
  });
});
