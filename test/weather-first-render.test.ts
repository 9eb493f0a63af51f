import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { visitWith } from "./helpers.ts";
import { upstreamCalls, upstreamEnv } from "./weather-helpers.ts";

// This file's D1 starts empty: the situation right after the first deploy.

test("the first page after a deploy answers without waiting for the sources, then the panel fills in", async () => {
  const site = upstreamEnv("first-render");

  // Even with sources that answer at once, the page does not wait for them.
  const html = await (await visitWith(site, "/en")).text();
  expect(html).toContain("Loading weather…");
  expect(html).not.toContain("Scattered clouds");

  // The fetch that page started in the background is the only one; the panel's own
  // request to the API then gets its data.
  expect((await upstreamCalls("first-render")).sort()).toEqual([
    "appa-trento",
    "laghi-net",
    "open-meteo",
  ]);
  const rows = await env.DB.prepare("select count(*) as n from weather_readings").first("n");
  expect(rows).toBe(3);
  const api = await visitWith(site, "/api/weather");
  expect(await api.json()).toMatchObject({
    weather: { current: { condition: "scattered_clouds" } },
  });
  expect(await upstreamCalls("first-render")).toHaveLength(3);
});
