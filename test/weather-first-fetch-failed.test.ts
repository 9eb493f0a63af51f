import { afterEach, expect, test, vi } from "vitest";
import { runCron, visitWith } from "./helpers.ts";
import { upstreamCalls, upstreamEnv } from "./weather-helpers.ts";

afterEach(() => {
  vi.restoreAllMocks();
});

test("a deploy while the providers are down shows the error state, and does not retry per visit", async () => {
  const warned = vi.spyOn(console, "warn").mockImplementation(() => {});
  const down = upstreamEnv("down", "http-500");

  // The first page starts the one fetch in the background; it fails for every source.
  await visitWith(down, "/en");
  expect(warned).toHaveBeenCalledTimes(3);

  const next = await visitWith(down, "/en");
  expect(next.status).toBe(200);
  const html = await next.text();
  expect(html).toContain("Weather not available");
  expect(html).toContain("Lake level not available");
  // No measurement anywhere: the month's typical water temperature, labelled as such.
  expect(html).toMatch(/Typical for [A-Z][a-z]+/);
  expect(html).toContain(">Retry<");
  expect(await upstreamCalls("down")).toHaveLength(3);

  // The next cron run, with the providers back, fills the panel.
  await runCron(upstreamEnv("down", "ok"));
  const later = await (await visitWith(upstreamEnv("down", "ok"), "/en")).text();
  expect(later).toContain("Scattered clouds");
  expect(later).not.toContain("Weather not available");
});
