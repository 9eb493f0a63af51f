import type { RequestScope } from "#app/.server/context.ts";
import type { WeatherPanelData, WeatherSnapshot } from "#app/features/weather/weather.ts";
import { FETCHED_SOURCES, refreshSources } from "./refresh.ts";
import { readWeatherRows, toSnapshot } from "./weather-store.ts";

type Scope = Pick<RequestScope, "db" | "config" | "ctx">;

// Shared per isolate: two isolates may both fetch, accepted rather than a lock per page view.
let firstFetch: Promise<void> | null = null;

/** Visitors cause an upstream call only once after a deploy; page renders never wait for it. */
export async function getWeatherSnapshot(
  { db, config, ctx }: Scope,
  waitMs = 0,
): Promise<WeatherSnapshot | "pending"> {
  const rows = await readWeatherRows(db);
  if (rows.length > 0) return toSnapshot(rows);

  if (!firstFetch) {
    firstFetch = refreshSources(db, config, FETCHED_SOURCES)
      .catch((error: unknown) => console.error("weather: first fetch could not be stored", error))
      .finally(() => {
        firstFetch = null;
      });
  }
  const fetching = firstFetch;
  ctx.waitUntil(fetching);
  if (waitMs <= 0) return "pending";
  const finished = await Promise.race([
    fetching.then(() => true),
    new Promise<false>((resolve) => setTimeout(resolve, waitMs, false)),
  ]);
  return finished ? toSnapshot(await readWeatherRows(db)) : "pending";
}

/** Never throws, whatever D1 or the upstreams do. */
export async function loadWeatherPanel(scope: Scope): Promise<WeatherPanelData> {
  try {
    const snapshot = await getWeatherSnapshot(scope);
    const renderedAt = Date.now();
    return snapshot === "pending"
      ? { status: "pending", renderedAt }
      : { status: "ready", snapshot, renderedAt };
  } catch (error) {
    console.error("weather: snapshot unavailable", error);
    return { status: "unavailable", renderedAt: Date.now() };
  }
}
