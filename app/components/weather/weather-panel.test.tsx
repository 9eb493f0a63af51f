import { setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import type { WeatherPanelData, WeatherSnapshot } from "#app/features/weather/weather.ts";
import { lakeDate } from "#time/lake-time.ts";
import { WeatherPanel } from "./weather-panel.tsx";

const MINUTE = 60_000;

function snapshotAt(fetchedAt: number, temperature = 24.3): WeatherSnapshot {
  const day = (offset: number, condition: "scattered_clouds" | "light_rain") => ({
    date: lakeDate(fetchedAt + offset * 1440 * MINUTE),
    condition,
    temperatureMin: 16,
    temperatureMax: 25,
    feelsLikeMin: 16,
    feelsLikeMax: 26,
    humidity: 55,
    windSpeed: 19,
    precipitation: 0,
    pressure: 1015,
    sunrise: new Date(fetchedAt).toISOString(),
    sunset: new Date(fetchedAt).toISOString(),
  });
  const at = new Date(fetchedAt).toISOString();
  return {
    weather: {
      provider: "open-meteo",
      current: {
        condition: "scattered_clouds",
        isDay: true,
        temperature,
        feelsLike: 25,
        humidity: 55,
        windSpeed: 12,
        precipitation: 0,
        pressure: 1015,
      },
      days: [day(0, "scattered_clouds"), day(1, "light_rain")],
      measuredAt: at,
      fetchedAt: at,
    },
    lakeLevel: { cm: 95.3, measuredAt: at, fetchedAt: at },
    waterTemperature: { north: { celsius: 21.4, measuredAt: at }, south: null },
  };
}

/** `/api/weather`: each call takes the next answer; a function answers with the server's clock. */
const api = vi.fn<() => Promise<Response>>();

function answer(body: unknown, status = 200) {
  return Promise.resolve(
    new Response(JSON.stringify(body), {
      status,
      headers: { "Content-Type": "application/json", Date: new Date().toUTCString() },
    }),
  );
}

function renderPanel(data: WeatherPanelData) {
  const i18n = setupI18n({ locale: "en", messages: { en: {} } });
  render(
    <I18nProvider i18n={i18n}>
      <WeatherPanel data={data} location="Torri del Benaco" />
    </I18nProvider>,
  );
}

const status = () => screen.getByRole("status");

beforeEach(() => {
  vi.useFakeTimers({ now: Date.parse("2026-06-10T10:00:00Z") });
  vi.stubGlobal("fetch", api);
});

afterEach(() => {
  cleanup();
  api.mockReset();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("the weather panel", () => {
  test("a page rendered before the first fetch shows loading, then fills in", async () => {
    vi.useRealTimers();
    let deliver: (response: Response) => void = () => {};
    api.mockReturnValueOnce(new Promise((resolve) => (deliver = resolve)));

    renderPanel({ status: "pending", renderedAt: Date.now() });

    expect(status()).toHaveProperty("textContent", "Loading weather…");
    expect(screen.queryByText("Scattered clouds")).toBeNull();
    expect(screen.queryByRole("button", { name: "Retry" })).toBeNull();
    expect(api).toHaveBeenCalledTimes(1);

    await act(async () => deliver(await answer(snapshotAt(Date.now()))));

    expect((await screen.findAllByText("Scattered clouds")).length).toBeGreaterThan(0);
    expect(status()).toHaveProperty("textContent", "");
    expect(screen.getByText("95.3 cm")).toBeDefined();
  });

  test("failed refreshes keep the data, which goes stale; Retry brings fresh data", async () => {
    renderPanel({ status: "ready", snapshot: snapshotAt(Date.now()), renderedAt: Date.now() });
    expect(status()).toHaveProperty("textContent", "");

    // Our server cannot be reached: the ten-minute refreshes fail (fetchRead asks twice).
    api.mockRejectedValue(new TypeError("Failed to fetch"));
    await act(() => vi.advanceTimersByTimeAsync(29 * MINUTE));
    expect(api).toHaveBeenCalledTimes(4);
    expect(status()).toHaveProperty("textContent", "");

    await act(() => vi.advanceTimersByTimeAsync(2 * MINUTE));
    expect(status()).toHaveProperty("textContent", "Data might be stale");
    expect(screen.getAllByText("Scattered clouds").length).toBeGreaterThan(0);
    expect(screen.getAllByText("Data might be stale")).toHaveLength(1);

    // Back: Retry asks at once and the server's fresh data clear the warning.
    api.mockReset();
    api.mockImplementation(() => answer(snapshotAt(Date.now(), 26.1)));
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Retry" })));
    expect(api).toHaveBeenCalledTimes(1);
    expect(status()).toHaveProperty("textContent", "");
    expect(screen.getByText("26°C")).toBeDefined();
  });

  test("Retry keeps the keyboard focus while it loads and ignores presses meanwhile", async () => {
    vi.useRealTimers();
    api.mockReturnValueOnce(answer({}, 503));
    api.mockReturnValueOnce(answer({}, 503));
    renderPanel({ status: "pending", renderedAt: Date.now() });
    const retry = await screen.findByRole("button", { name: "Retry" });

    let deliver: (response: Response) => void = () => {};
    api.mockReturnValueOnce(new Promise((resolve) => (deliver = resolve)));
    retry.focus();
    await act(async () => fireEvent.click(retry));
    const loading = screen.getByRole("button", { name: "Loading…" });
    // Not `disabled`: a disabled button drops the focus to the page's body.
    expect(loading).toBe(retry);
    expect(loading).toHaveProperty("disabled", false);
    expect(loading.getAttribute("aria-disabled")).toBe("true");
    expect(document.activeElement).toBe(loading);
    await act(async () => fireEvent.click(loading));
    expect(api).toHaveBeenCalledTimes(3);

    await act(async () => deliver(await answer(snapshotAt(Date.now()))));
    expect(status()).toHaveProperty("textContent", "");
  });

  test("Retry while the weather sources are down says, each time, that the weather is still unavailable", async () => {
    // The server answers, but its sources are down: it still has only its seven-hour-old data.
    const old = snapshotAt(Date.now() - 7 * 60 * MINUTE);
    renderPanel({ status: "ready", snapshot: old, renderedAt: Date.now() });
    expect(status()).toHaveProperty("textContent", "Weather not available");
    api.mockImplementation(() => answer(old));
    let deliver: (response: Response) => void = () => {};
    api.mockReturnValueOnce(new Promise((resolve) => (deliver = resolve)));

    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Retry" })));
    expect(status()).toHaveProperty("textContent", "Loading weather…");
    await act(async () => deliver(await answer(old)));
    expect(status()).toHaveProperty(
      "textContent",
      "The weather is still not available. Please try again later.",
    );
    // Pressed again: the region changes again, so it is said again.
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Retry" })));
    expect(api).toHaveBeenCalledTimes(2);
    expect(status()).toHaveProperty(
      "textContent",
      "The weather is still not available. Please try again later.",
    );
  });

  test("a refresh due while one is still running joins it: the panel is busy until its answer", async () => {
    const old = snapshotAt(Date.now() - 7 * 60 * MINUTE);
    renderPanel({ status: "ready", snapshot: old, renderedAt: Date.now() });
    let deliver: (response: Response) => void = () => {};
    api.mockReturnValueOnce(new Promise((resolve) => (deliver = resolve)));
    api.mockImplementation(() => answer(old));

    await act(() => vi.advanceTimersByTimeAsync(20 * MINUTE));
    expect(api).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("button", { name: "Loading…" })).toBeDefined();

    await act(async () => deliver(await answer(old)));
    expect(screen.getByRole("region").getAttribute("aria-busy")).toBe("false");
    expect(api).toHaveBeenCalledTimes(1);
  });

  test("Retry that finds no newer data for stale weather says so", async () => {
    const stale = snapshotAt(Date.now() - 45 * MINUTE);
    renderPanel({ status: "ready", snapshot: stale, renderedAt: Date.now() });
    expect(status()).toHaveProperty("textContent", "Data might be stale");
    api.mockImplementation(() => answer(stale));
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Retry" })));
    expect(status()).toHaveProperty(
      "textContent",
      "No newer weather data yet. Please try again later.",
    );
    expect(screen.getAllByText("Scattered clouds").length).toBeGreaterThan(0);
  });

  test("an answer that is not a snapshot changes nothing", async () => {
    renderPanel({ status: "ready", snapshot: snapshotAt(Date.now()), renderedAt: Date.now() });
    api.mockImplementation(() =>
      answer({ weather: "sunny", lakeLevel: null, waterTemperature: { north: 21 } }),
    );
    await act(() => vi.advanceTimersByTimeAsync(10 * MINUTE));
    expect(api).toHaveBeenCalledTimes(1);
    expect(screen.getAllByText("Scattered clouds").length).toBeGreaterThan(0);
    expect(screen.getByText("24°C")).toBeDefined();
  });
});
