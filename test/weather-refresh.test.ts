import { env } from "cloudflare:workers";
import { afterEach, describe, expect, test, vi } from "vitest";
import { runCron } from "./helpers.ts";
import { ageReading, lakeDays, snapshot, upstreamCalls, upstreamEnv } from "./weather-helpers.ts";

afterEach(() => {
  vi.restoreAllMocks();
});

const HOUR = 3_600_000;

function lakeClock(instant: string | undefined) {
  return new Intl.DateTimeFormat("sv-SE", {
    timeZone: "Europe/Rome",
    dateStyle: "short",
    timeStyle: "medium",
  }).format(new Date(instant ?? NaN));
}

describe("the ten-minute refresh", () => {
  test("the scheduled handler stores a snapshot of every source", async () => {
    await runCron();
    const rows = await env.DB.prepare(
      "select source, provider, measured_at, fetched_at from weather_readings order by source",
    ).all<{ source: string; provider: string; measured_at: number; fetched_at: number }>();
    expect(rows.results.map((row) => [row.source, row.provider])).toEqual([
      ["lake_level", "laghi.net"],
      ["water_temperature_north", "appa-trento"],
      ["weather", "open-meteo"],
    ]);
    for (const row of rows.results) {
      expect(row.measured_at).toBeLessThanOrEqual(row.fetched_at);
      expect(Date.now() - row.fetched_at).toBeLessThan(60_000);
    }

    const [yesterday, today, tomorrow] = lakeDays();
    const { weather, lakeLevel, waterTemperature } = await snapshot();
    expect(weather?.provider).toBe("open-meteo");
    expect(weather?.current).toEqual({
      condition: "scattered_clouds",
      isDay: true,
      temperature: 24.3,
      feelsLike: 25.1,
      humidity: 55,
      windSpeed: 11.9,
      precipitation: 0,
      pressure: 1015.2,
    });
    // The third day has a gap in the recording (cloud cover null) and is left out.
    expect(weather?.days.map((day) => [day.date, day.condition])).toEqual([
      [today, "scattered_clouds"],
      [tomorrow, "light_rain"],
    ]);
    expect(weather?.days[1]).toMatchObject({
      temperatureMin: 16.9,
      temperatureMax: 23.8,
      precipitation: 4.2,
      windSpeed: 19.4,
    });
    // Recorded as local wall-clock times: 05:31 at the lake, whatever the season.
    expect(lakeClock(weather?.days[0]?.sunrise)).toBe(`${today} 05:31:00`);
    expect(lakeClock(weather?.days[1]?.sunset)).toBe(`${tomorrow} 21:07:00`);

    // The widget lists several lakes; Garda's level is the newest of its level series.
    expect(lakeLevel?.cm).toBe(95.3);
    expect(lakeClock(lakeLevel?.measuredAt)).toBe(`${yesterday} 08:00:00`);
    expect(waterTemperature.north?.celsius).toBe(21.4);
    expect(lakeClock(waterTemperature.north?.measuredAt)).toBe(`${yesterday} 09:45:12`);
    expect(waterTemperature.south).toBeNull();
  });

  test("OpenWeatherMap replaces Open-Meteo when its key is configured", async () => {
    await runCron(upstreamEnv("owm", "ok", { OPENWEATHERMAP_API_KEY: "test-key" }));
    const { weather } = await snapshot();
    expect(weather?.provider).toBe("openweathermap");
    expect(weather?.current).toMatchObject({
      condition: "few_clouds",
      temperature: 24.1,
      windSpeed: 13, // 3.6 m/s
    });
    expect(weather?.days.map((day) => day.condition)).toEqual([
      "few_clouds",
      "light_rain",
      "thunderstorm",
    ]);
    expect(weather?.days[1]).toMatchObject({
      feelsLikeMin: 17.2,
      feelsLikeMax: 23,
      precipitation: 3.2,
    });
    expect(await upstreamCalls("owm")).toContain("openweathermap");
    expect(await upstreamCalls("owm")).not.toContain("open-meteo");
  });

  test("the weather is fetched every run, lake data about hourly", async () => {
    await runCron(upstreamEnv("pace"));
    await runCron(upstreamEnv("pace"));
    expect(await upstreamCalls("pace")).toEqual(["open-meteo", "open-meteo"]);

    await ageReading("lake_level", { fetched: HOUR });
    await ageReading("water_temperature_north", { fetched: HOUR });
    await runCron(upstreamEnv("pace"));
    expect((await upstreamCalls("pace")).sort()).toEqual([
      "appa-trento",
      "laghi-net",
      "open-meteo",
      "open-meteo",
      "open-meteo",
    ]);
  });

  test.each([
    ["http-500", "open-meteo: HTTP 500"],
    ["garbage", "open-meteo: not JSON"],
    ["html", "open-meteo: not JSON"],
    ["unexpected", "open-meteo: unexpected response"],
    ["slow", "open-meteo: no answer within 200 ms"],
  ])(
    "upstream %s keeps the last good value and logs one line per source with its reason",
    async (scenario, reason) => {
      await runCron();
      await ageReading("lake_level", { fetched: HOUR });
      await ageReading("water_temperature_north", { fetched: HOUR });
      const before = await snapshot();
      const warned = vi.spyOn(console, "warn").mockImplementation(() => {});

      // Only the slow answer meets the short timeout: on a busy host a quick one may take 200 ms.
      const timeout: Record<string, string> =
        scenario === "slow" ? { UPSTREAM_TIMEOUT_MS: "200" } : {};
      await runCron(upstreamEnv(scenario, scenario, timeout));

      expect((await upstreamCalls(scenario)).sort()).toEqual([
        "appa-trento",
        "laghi-net",
        "open-meteo",
      ]);
      expect(await snapshot()).toEqual(before);
      // One plain line each, no stack: the reason is the message.
      const lines = warned.mock.calls.map((call) => {
        expect(call).toHaveLength(1);
        return String(call[0]);
      });
      expect(lines.every((line) => !line.includes("\n"))).toBe(true);
      expect(lines.map((line) => line.split(" refresh failed")[0]).sort()).toEqual([
        "weather: lake_level",
        "weather: water_temperature_north",
        "weather: weather",
      ]);
      expect(lines.find((line) => line.startsWith("weather: weather "))).toContain(reason);
    },
  );
});
