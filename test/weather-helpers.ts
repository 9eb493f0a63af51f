import { env } from "cloudflare:workers";
import type { WeatherSnapshot } from "#app/features/weather/weather.ts";
import { addDays } from "#time/calendar-day.ts";
import { lakeDate } from "#time/lake-time.ts";
import { visit } from "./helpers.ts";
import { fakeUpstreamVars } from "./upstream-vars.ts";

/** `tag` groups the calls for `upstreamCalls`. */
export function upstreamEnv(
  tag: string,
  scenario = "ok",
  overrides: Record<string, string | D1Database> = {},
): Env {
  return {
    ...env,
    ...fakeUpstreamVars("https://upstream.test", tag, scenario),
    ...overrides,
  } as Env;
}

export async function upstreamCalls(tag: string): Promise<string[]> {
  return (await fetch(`https://upstream.test/__calls/${tag}`)).json();
}

export async function snapshot(): Promise<WeatherSnapshot> {
  return (await visit("/api/weather")).json();
}

export async function ageReading(
  source: string,
  ms: { fetched?: number; measured?: number },
): Promise<void> {
  await env.DB.prepare(
    "update weather_readings set fetched_at = fetched_at - ?1, measured_at = measured_at - ?2 where source = ?3",
  )
    .bind(ms.fetched ?? 0, ms.measured ?? 0, source)
    .run();
}

/** Yesterday, today and tomorrow at the lake, by the calendar (not ± 24 hours). */
export function lakeDays(): [string, string, string] {
  const today = lakeDate(Date.now());
  return [addDays(today, -1), today, addDays(today, 1)];
}
