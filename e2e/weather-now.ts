import type { APIRequestContext } from "@playwright/test";
import { expect } from "./fixtures.ts";

/** The weather fetched now, as the 10-minute cron does (the preview has no cron of its own). */
export async function refreshWeather(request: APIRequestContext) {
  const started = Date.now();
  expect((await request.get("/cdn-cgi/handler/scheduled?cron=*/10+*+*+*+*")).ok()).toBe(true);
  await expect
    .poll(async () => {
      const body = await (await request.get("/api/weather")).json();
      return Date.parse(body.weather?.fetchedAt ?? "") >= started - 1000;
    })
    .toBe(true);
}
