import { describe, expect, test } from "vitest";
import { openMeteoCondition, openWeatherMapCondition } from "./conditions.ts";

describe("Open-Meteo weather codes", () => {
  test("cloud cover tells few, scattered, broken and overcast clouds apart", () => {
    expect(openMeteoCondition(0, 5)).toBe("clear_sky");
    expect(openMeteoCondition(1, 18)).toBe("few_clouds");
    expect(openMeteoCondition(2, 38)).toBe("scattered_clouds");
    expect(openMeteoCondition(2, 60)).toBe("broken_clouds");
    expect(openMeteoCondition(3, 97)).toBe("overcast_clouds");
    // The code says "mainly clear" but the model's cover is what the sky looks like.
    expect(openMeteoCondition(1, 90)).toBe("overcast_clouds");
  });

  test("precipitation, fog and storms map onto the spec's conditions", () => {
    expect(openMeteoCondition(45, 100, 300)).toBe("fog");
    expect(openMeteoCondition(48, 100)).toBe("fog");
    expect(openMeteoCondition(45, 100, 2500)).toBe("mist");
    expect(openMeteoCondition(53, 90)).toBe("drizzle");
    expect(openMeteoCondition(61, 90)).toBe("light_rain");
    expect(openMeteoCondition(81, 70)).toBe("moderate_rain");
    expect(openMeteoCondition(65, 100)).toBe("heavy_rain");
    expect(openMeteoCondition(82, 100)).toBe("heavy_rain");
    expect(openMeteoCondition(66, 100)).toBe("freezing_rain");
    expect(openMeteoCondition(73, 100)).toBe("snow");
    expect(openMeteoCondition(86, 100)).toBe("snow");
    expect(openMeteoCondition(95, 100)).toBe("thunderstorm");
    expect(openMeteoCondition(99, 100)).toBe("thunderstorm");
  });
});

describe("OpenWeatherMap condition ids", () => {
  test("the 80x group matches the spec's cloud texts one to one", () => {
    expect([800, 801, 802, 803, 804].map(openWeatherMapCondition)).toEqual([
      "clear_sky",
      "few_clouds",
      "scattered_clouds",
      "broken_clouds",
      "overcast_clouds",
    ]);
  });

  test("rain by intensity, and the rest of the groups", () => {
    expect(openWeatherMapCondition(500)).toBe("light_rain");
    expect(openWeatherMapCondition(501)).toBe("moderate_rain");
    expect(openWeatherMapCondition(502)).toBe("heavy_rain");
    expect(openWeatherMapCondition(522)).toBe("heavy_rain");
    expect(openWeatherMapCondition(511)).toBe("freezing_rain");
    expect(openWeatherMapCondition(211)).toBe("thunderstorm");
    expect(openWeatherMapCondition(301)).toBe("drizzle");
    expect(openWeatherMapCondition(601)).toBe("snow");
    expect(openWeatherMapCondition(701)).toBe("mist");
    expect(openWeatherMapCondition(721)).toBe("mist");
    expect(openWeatherMapCondition(741)).toBe("fog");
  });
});
