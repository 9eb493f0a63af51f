import { expect, test } from "vitest";
import { runCron, visitWith } from "./helpers.ts";
import { upstreamCalls, upstreamEnv } from "./weather-helpers.ts";

// This file's D1 starts empty: the situation right after the first deploy.

test("visitors cause one upstream call per source after a deploy, and none after that", async () => {
  const site = upstreamEnv("visitors");
  const pages = await Promise.all(
    Array.from({ length: 20 }, (_, i) => visitWith(site, i % 2 ? "/" : "/api/weather")),
  );
  expect(pages.map((page) => page.status)).toEqual(Array(20).fill(200));
  expect((await upstreamCalls("visitors")).sort()).toEqual([
    "appa-trento",
    "laghi-net",
    "open-meteo",
  ]);
  // The API waits for that first fetch, so the panels' own requests get its data.
  expect(await pages[0]?.json()).toMatchObject({ weather: { provider: "open-meteo" } });

  await Promise.all(Array.from({ length: 20 }, () => visitWith(site, "/en")));
  expect(await upstreamCalls("visitors")).toHaveLength(3);

  // From now on only the cron fetches: one call per refresh, whatever the traffic.
  await runCron(site);
  await Promise.all(Array.from({ length: 20 }, () => visitWith(site, "/it")));
  expect((await upstreamCalls("visitors")).filter((s) => s === "open-meteo")).toHaveLength(2);
  expect(await upstreamCalls("visitors")).toHaveLength(4);
});
