import type { WeatherPanelData, WeatherSnapshot } from "~/lib/weather";
import type { RequestScope } from "../context";
import { FETCHED_SOURCES, refreshSources } from "./refresh";
import { readWeatherRows, toSnapshot } from "./store";

type Scope = Pick<RequestScope, "db" | "config" | "ctx">;

// Requests in this isolate share one first fetch. Another isolate that sees the empty table
// before this one's write lands fetches as well: a rare double fetch, accepted rather than
// paying for a lock (Durable Object or KV) on every page view.
let firstFetch: Promise<void> | null = null;

/**
 * The snapshot in one D1 round trip. Visitors never cause an upstream call, except once
 * after a deploy while the table is still empty, so a new site is not blank until the cron:
 * that first fetch runs in the background. Resolves to "pending" unless it finishes within
 * `waitMs`; page renders wait for none of it.
 */
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

/**
 * For page loaders: answers at once and never throws, whatever D1 or the upstreams do.
 * While the first fetch runs, the panel shows its loading state and asks `/api/weather`.
 */
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
