import { describe, expect, test } from "vitest";
import type { WeatherSnapshot } from "#app/features/weather/weather.ts";
import { weatherAt } from "./still-weather.ts";

const MINUTE = 60_000;
const now = Date.UTC(2026, 10, 22, 13, 30);

function snapshot(measuredAt: number, south: number | null = 13): WeatherSnapshot {
  const at = new Date(measuredAt).toISOString();
  return {
    weather: {
      provider: "open-meteo",
      current: {
        condition: "few_clouds",
        isDay: true,
        temperature: 12.4,
        feelsLike: 11,
        humidity: 60,
        windSpeed: 9,
        precipitation: 0,
        pressure: 1018,
      },
      days: [],
      measuredAt: at,
      fetchedAt: at,
    },
    lakeLevel: null,
    waterTemperature: {
      north: { celsius: 14, measuredAt: at },
      south: south === null ? null : { celsius: south, measuredAt: at },
    },
  };
}

describe("the weather kept with a still", () => {
  test("is the reading of its moment: condition, air, wind and the lake's average water", () => {
    expect(weatherAt(snapshot(now - 10 * MINUTE), now - 2 * MINUTE, now)).toEqual({
      condition: "few_clouds",
      isDay: true,
      temperature: 12.4,
      windSpeed: 9,
      waterTemperature: 13.5,
    });
  });

  test("has no water temperature when only one end of the lake was measured", () => {
    expect(weatherAt(snapshot(now, null), now, now)?.waterTemperature).toBeNull();
  });

  test("is none for a still that arrives more than 20 minutes after its moment", () => {
    expect(weatherAt(snapshot(now), now - 21 * MINUTE, now)).toBeNull();
  });

  test("is none when the reading is more than 20 minutes from the still's moment", () => {
    expect(weatherAt(snapshot(now - 45 * MINUTE), now - MINUTE, now)).toBeNull();
    expect(weatherAt(null, now, now)).toBeNull();
  });
});
