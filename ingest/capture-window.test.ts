import { describe, expect, test } from "vitest";
import { clockOf, lakeDate } from "#time/lake-time.ts";
import { captureWindow, NoCivilTwilightError } from "./capture-window.ts";
import { nextRenderAt } from "./daily-schedule.ts";

const torri = { latitude: 45.6106, longitude: 10.6858, timeZone: "Europe/Rome" };
const hours = (w: { dawn: Date; dusk: Date }) => (w.dusk.getTime() - w.dawn.getTime()) / 3600_000;
const local = (instant: Date, timeZone = torri.timeZone) =>
  `${lakeDate(instant, timeZone)} ${clockOf(instant, timeZone)}`;

describe("the capture window at the camera", () => {
  test("runs from civil dawn to civil dusk, long in summer and short in winter", () => {
    const summer = captureWindow("2026-06-21", torri);
    expect(local(summer.dawn)).toMatch(/^2026-06-21 04[45]\d{3}$/);
    expect(local(summer.dusk)).toMatch(/^2026-06-21 21[34]\d{3}$/);
    expect(hours(summer)).toBeGreaterThan(16.5);
    const winter = captureWindow("2026-12-21", torri);
    expect(local(winter.dawn)).toMatch(/^2026-12-21 07[12]\d{3}$/);
    expect(local(winter.dusk)).toMatch(/^2026-12-21 17[01]\d{3}$/);
    expect(hours(winter)).toBeLessThan(10);
    expect(winter.solarNoon > winter.dawn && winter.solarNoon < winter.dusk).toBe(true);
  });

  test.each([
    ["the clocks go forward", "2026-03-28", "2026-03-29"],
    ["the clocks go back", "2026-10-24", "2026-10-25"],
  ])("stays on the right day when %s", (_, before, day) => {
    const previous = captureWindow(before, torri);
    const window = captureWindow(day, torri);
    expect(lakeDate(window.dawn, torri.timeZone)).toBe(day);
    expect(lakeDate(window.dusk, torri.timeZone)).toBe(day);
    // The sun moves on by a few minutes a day whatever the clocks do.
    const drift = window.dawn.getTime() - previous.dawn.getTime() - 86_400_000;
    expect(Math.abs(drift)).toBeLessThan(3 * 60_000);
  });

  test("follows the clocks into summer time: dawn an hour later on the lake's clock", () => {
    expect(clockOf(captureWindow("2026-03-28", torri).dawn, torri.timeZone)).toMatch(/^053/);
    expect(clockOf(captureWindow("2026-03-29", torri).dawn, torri.timeZone)).toMatch(/^063/);
  });

  test.each([
    ["Honolulu", { latitude: 21.31, longitude: -157.86, timeZone: "Pacific/Honolulu" }],
    ["Auckland", { latitude: -36.85, longitude: 174.76, timeZone: "Pacific/Auckland" }],
  ])("gives the local day's times far from UTC too (%s)", (_, place) => {
    for (const day of ["2026-01-15", "2026-07-15"]) {
      const window = captureWindow(day, place);
      expect(lakeDate(window.dawn, place.timeZone)).toBe(day);
      expect(lakeDate(window.dusk, place.timeZone)).toBe(day);
    }
  });

  test("refuses a day without civil dawn or dusk with a clear reason", () => {
    const tromso = { latitude: 69.65, longitude: 18.96, timeZone: "Europe/Oslo" };
    expect(() => captureWindow("2026-06-21", tromso)).toThrow(NoCivilTwilightError);
    expect(() => captureWindow("2026-06-21", tromso)).toThrow(
      /No civil dawn or dusk on 2026-06-21 .*never sinks 6° below the horizon/,
    );
    const svalbard = { latitude: 78.22, longitude: 15.65, timeZone: "Arctic/Longyearbyen" };
    expect(() => captureWindow("2026-12-21", svalbard)).toThrow(
      /stays more than 6° below the horizon all day/,
    );
  });
});

describe("the nightly run", () => {
  const config = { renderAt: "01:00", timeZone: torri.timeZone };

  test("starts at 01:00 on the lake's clock, tonight or else tomorrow", () => {
    expect(local(nextRenderAt(config, new Date("2026-07-01T22:30:00Z")))).toBe("2026-07-02 010000");
    expect(local(nextRenderAt(config, new Date("2026-07-01T23:00:00Z")))).toBe("2026-07-03 010000");
    expect(local(nextRenderAt(config, new Date("2026-01-10T12:00:00Z")))).toBe("2026-01-11 010000");
  });

  test("keeps 01:00 on the nights the clocks change", () => {
    expect(nextRenderAt(config, new Date("2026-03-28T12:00:00Z")).toISOString()).toBe(
      "2026-03-29T00:00:00.000Z",
    );
    expect(nextRenderAt(config, new Date("2026-10-24T12:00:00Z")).toISOString()).toBe(
      "2026-10-24T23:00:00.000Z",
    );
  });
});
