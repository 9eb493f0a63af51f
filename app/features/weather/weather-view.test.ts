import { describe, expect, test } from "vitest";
import type { WeatherSnapshot } from "./weather.ts";
import {
  lakeLevelAboveSeaLevel,
  lakeLevelView,
  TYPICAL_WATER_TEMPERATURE,
  waterTemperatureView,
  weatherView,
} from "./weather-view.ts";

const NOW = Date.parse("2025-06-10T10:00:00Z");
const MINUTE = 60_000;
const ago = (ms: number) => new Date(NOW - ms).toISOString();

function snapshot(overrides: Partial<WeatherSnapshot> = {}): WeatherSnapshot {
  const day = {
    condition: "clear_sky" as const,
    temperatureMin: 17,
    temperatureMax: 27,
    feelsLikeMin: 17,
    feelsLikeMax: 28,
    humidity: 50,
    windSpeed: 10,
    precipitation: 0,
    pressure: 1015,
    sunrise: "2025-06-10T03:31:00Z",
    sunset: "2025-06-10T19:06:00Z",
  };
  return {
    weather: {
      provider: "open-meteo",
      measuredAt: ago(10 * MINUTE),
      fetchedAt: ago(5 * MINUTE),
      current: {
        condition: "clear_sky",
        isDay: true,
        temperature: 24,
        feelsLike: 25,
        humidity: 50,
        windSpeed: 10,
        precipitation: 0,
        pressure: 1015,
      },
      days: [
        { ...day, date: "2025-06-09" },
        { ...day, date: "2025-06-10" },
        { ...day, date: "2025-06-11" },
      ],
    },
    lakeLevel: { cm: 95.3, measuredAt: ago(26 * 60 * MINUTE), fetchedAt: ago(5 * MINUTE) },
    waterTemperature: {
      north: { celsius: 21.4, measuredAt: ago(60 * MINUTE) },
      south: null,
    },
    ...overrides,
  };
}

describe("weather staleness", () => {
  test("fresh until three refreshes were missed, stale until six hours, then unavailable", () => {
    const fresh = snapshot().weather;
    const at = (fetched: number) =>
      weatherView(snapshot({ weather: fresh && { ...fresh, fetchedAt: ago(fetched) } }), NOW);
    expect(at(29 * MINUTE).state).toBe("loaded");
    expect(at(31 * MINUTE).state).toBe("stale");
    expect(at(5 * 60 * MINUTE).state).toBe("stale");
    expect(at(6 * 60 * MINUTE + 1).state).toBe("unavailable");
  });

  test("today and tomorrow are picked by the lake's calendar, not by position", () => {
    const view = weatherView(snapshot(), NOW);
    expect(view.state !== "unavailable" && view.today?.date).toBe("2025-06-10");
    expect(view.state !== "unavailable" && view.tomorrow?.date).toBe("2025-06-11");
    // 22:30 UTC is already tomorrow at the lake (UTC+2 in summer).
    const late = Date.parse("2025-06-10T22:30:00Z");
    const refreshed = snapshot().weather;
    const lateSnapshot = snapshot({
      weather: refreshed && { ...refreshed, fetchedAt: new Date(late - 5 * MINUTE).toISOString() },
    });
    const lateView = weatherView(lateSnapshot, late);
    expect(lateView.state !== "unavailable" && lateView.today?.date).toBe("2025-06-11");
    expect(lateView.state !== "unavailable" && lateView.tomorrow).toBeUndefined();
  });

  test("tomorrow is the next date on the day the clocks go back, which has 25 hours", () => {
    // 00:30 on Sunday 25 October 2026 at the lake: 24 hours on, the clocks show 23:30 that Sunday.
    const early = Date.parse("2026-10-24T22:30:00Z");
    const weather = snapshot().weather;
    const view = weatherView(
      snapshot({
        weather: weather && {
          ...weather,
          fetchedAt: new Date(early - 5 * MINUTE).toISOString(),
          days: ["2026-10-24", "2026-10-25", "2026-10-26"].map((date) => ({
            ...weather.days[0],
            date,
          })) as typeof weather.days,
        },
      }),
      early,
    );
    expect(view.state !== "unavailable" && view.today?.date).toBe("2026-10-25");
    expect(view.state !== "unavailable" && view.tomorrow?.date).toBe("2026-10-26");
  });
});

describe("lake level", () => {
  test("shown in cm and metres above sea level, stale after three days", () => {
    expect(lakeLevelAboveSeaLevel(95.3)).toBe(64.98);
    expect(lakeLevelAboveSeaLevel(-12)).toBe(63.907);
    expect(lakeLevelView(snapshot(), NOW)).toMatchObject({ state: "loaded", cm: 95.3 });
    const old = snapshot({
      lakeLevel: { cm: 95.3, measuredAt: ago(3 * 24 * 60 * MINUTE + 1), fetchedAt: ago(0) },
    });
    expect(lakeLevelView(old, NOW).state).toBe("stale");
    expect(lakeLevelView(snapshot({ lakeLevel: null }), NOW).state).toBe("unavailable");
  });
});

describe("water temperature", () => {
  test("the average needs a fresh measurement at both ends", () => {
    expect(waterTemperatureView(snapshot(), NOW)).toEqual({
      north: { kind: "measured", celsius: 21.4, measuredAt: ago(60 * MINUTE) },
      south: { kind: "typical", celsius: TYPICAL_WATER_TEMPERATURE[5], month: 6 },
      average: null,
    });
    const both = snapshot({
      waterTemperature: {
        north: { celsius: 21.4, measuredAt: ago(60 * MINUTE) },
        south: { celsius: 22.8, measuredAt: ago(2 * 24 * 60 * MINUTE) },
      },
    });
    expect(waterTemperatureView(both, NOW).average).toBe(22.1);
  });

  test("a measurement older than a week gives way to the month's typical value", () => {
    const january = Date.parse("2025-01-15T12:00:00Z");
    const eightDaysBefore = new Date(january - 8 * 24 * 60 * MINUTE).toISOString();
    const old = snapshot({
      waterTemperature: { north: { celsius: 9, measuredAt: eightDaysBefore }, south: null },
    });
    expect(waterTemperatureView(old, january).north).toEqual({
      kind: "typical",
      celsius: TYPICAL_WATER_TEMPERATURE[0],
      month: 1,
    });
  });
});
