import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { TYPICAL_WATER_TEMPERATURE } from "#app/features/weather/weather-view.ts";
import { expectConsoleError } from "./console-errors.ts";
import { runCron, visit, visitWith } from "./helpers.ts";
import { ageReading, upstreamEnv } from "./weather-helpers.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

async function textOf(response: Response) {
  const html = await response.text();
  return html
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");
}

beforeAll(async () => {
  await runCron();
});

afterEach(async () => {
  // Every test starts from a fresh refresh.
  await env.DB.prepare("delete from weather_readings").run();
  await runCron();
});

describe("the weather panel", () => {
  test("shows weather, water and lake level in the visitor's language and units", async () => {
    const german = await textOf(await visit("/"));
    expect(german).toContain("Wetter in Torri del Benaco");
    expect(german).toContain("Aufgelockerte Bewölkung");
    expect(german).toContain("24 °C");
    expect(german).toContain("Gefühlt 25 °C");
    expect(german).toContain("Luftfeuchtigkeit 55 %");
    expect(german).toContain("Wind 12 km/h");
    expect(german).toContain("Niederschlag 0 mm");
    expect(german).toContain("Luftdruck 1015 hPa");
    expect(german).toContain("Leichter Regen"); // tomorrow
    expect(german).toContain("Sonnenaufgang 5:31");
    expect(german).toMatch(/Norden \(Riva del Garda\) Gemessen am \d+\. \w+ um 9:45 21,4 °C/);
    expect(german).toContain("95,3 cm");
    expect(german).toContain("64,98 m über dem Meeresspiegel");
    expect(german).not.toContain("Daten sind möglicherweise veraltet");

    const english = await textOf(await visit("/en"));
    expect(english).toContain("Scattered clouds");
    expect(english).toContain("Last updated");
    expect(english).toContain("64.98 m above sea level");
    expect(english).toContain("above the hydrometric zero at Peschiera del Garda");

    for (const [path, condition] of [
      ["/it", "Nubi sparse"],
      ["/fr", "Nuages épars"],
      ["/es", "Nubes dispersas"],
    ]) {
      expect(await textOf(await visit(path ?? "/"))).toContain(condition);
    }
  });

  test("credits the weather provider with a plain link", async () => {
    const html = await (await visit("/en")).text();
    expect(html).toContain('href="https://open-meteo.com/"');
    expect(html).toContain("Weather data by Open-Meteo.com");
  });

  test("says 'Data might be stale' once the weather is over 30 minutes old", async () => {
    await ageReading("weather", { fetched: 25 * MINUTE });
    expect(await textOf(await visit("/en"))).not.toContain("Data might be stale");

    await ageReading("weather", { fetched: 10 * MINUTE });
    const stale = await textOf(await visit("/en"));
    // Once: one notice, which is also what screen readers are told.
    expect(stale.split("Data might be stale")).toHaveLength(2);
    expect(stale).toContain("Scattered clouds"); // still shown, with the warning
    expect(stale).toContain("Retry");
  });

  test("after six hours without a refresh the weather is not shown at all", async () => {
    await ageReading("weather", { fetched: 7 * HOUR });
    const page = await textOf(await visit("/en"));
    expect(page).toContain("Weather not available");
    expect(page).not.toContain("Scattered clouds");
    expect(page).toContain("95.3 cm"); // the lake data have their own clock
  });

  test("the lake level has its own, longer threshold", async () => {
    await ageReading("lake_level", { measured: 1 * DAY });
    expect(await textOf(await visit("/en"))).not.toContain("Data might be stale");
    await ageReading("lake_level", { measured: 2 * DAY });
    expect(await textOf(await visit("/en"))).toMatch(/95\.3 cm .* Data might be stale/);
  });

  test("a water temperature measured over a week ago gives way to the month's typical value", async () => {
    await ageReading("water_temperature_north", { measured: 8 * DAY });
    const month = Number(
      new Intl.DateTimeFormat("en", { timeZone: "Europe/Rome", month: "numeric" }).format(
        Date.now(),
      ),
    );
    const monthName = new Intl.DateTimeFormat("en-US", {
      timeZone: "Europe/Rome",
      month: "long",
    }).format(Date.now());
    const page = await textOf(await visit("/en"));
    expect(page).toContain(`Water temperature ${TYPICAL_WATER_TEMPERATURE[month - 1]}°C`);
    expect(page).toContain(`Typical for ${monthName}`);
    expect(page).not.toContain("21.4");
  });

  test("shows the day and night icons of the condition", async () => {
    const html = await (await visit("/en")).text();
    expect(html).toContain("icon-mdi-weather-partly-cloudy"); // now and today
    expect(html).toContain("icon-mdi-weather-rainy"); // tomorrow
    await env.DB.prepare(
      "update weather_readings set data = json_set(data, '$.current.isDay', json('false')) where source = 'weather'",
    ).run();
    expect(await (await visit("/en")).text()).toContain("icon-mdi-weather-night-partly-cloudy");
  });
});

describe("a deploy whose weather migration is not applied yet", () => {
  test("still renders the home page, with the panel's error state", async () => {
    expectConsoleError(/^weather: snapshot unavailable/);
    expectConsoleError(/^api: unhandled error/);
    await applyD1Migrations(
      env.PARTIAL_DB,
      env.TEST_MIGRATIONS.filter((migration) => !migration.name.includes("weather")),
    );
    const response = await visitWith(upstreamEnv("partial", "ok", { DB: env.PARTIAL_DB }), "/en");
    expect(response.status).toBe(200);
    const page = await textOf(response);
    expect(page).toContain("Weather not available");
    expect(page).toContain("Water temperature not available");
    expect(page).toContain("Retry");

    const api = await visitWith(
      upstreamEnv("partial", "ok", { DB: env.PARTIAL_DB }),
      "/api/weather",
    );
    expect(api.status).toBe(500);
    expect(await api.json()).toEqual({
      error: { code: "internal_error", message: "Internal Server Error" },
    });
  });
});
