import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { fetchRead } from "#app/lib/fetch-read.ts";
import { readAnswer } from "#app/lib/read-answer.ts";
import { HOUR_MS } from "#time/durations.ts";

const BUILD_CHECK_INTERVAL_MS = HOUR_MS;
export const RELOAD_GUARD_MS = 10_000;
const RELOAD_KEY = "chunk-reload-at";

/**
 * Reloads once after a failed chunk load; a second failure within 10 s is left to the error page.
 * Offline, the chunk is missing for the network's sake, not a deploy's: a reload would only swap
 * the page, and what the visitor typed, for the browser's offline page.
 */
export function reloadAfterChunkError(now = Date.now()): boolean {
  if (!navigator.onLine) return false;
  const last = Number(sessionStorage.getItem(RELOAD_KEY) ?? 0);
  if (now - last < RELOAD_GUARD_MS) return false;
  sessionStorage.setItem(RELOAD_KEY, String(now));
  window.location.reload();
  return true;
}

export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(
      error.message,
    )
  );
}

async function fetchLatestBuildId(): Promise<string | null> {
  try {
    const [response, { buildAnswer }] = await Promise.all([
      fetchRead(`/api/build?t=${Date.now()}`, { cache: "no-store" }),
      import("./shell-api.ts"),
    ]);
    const answer = await readAnswer(response, buildAnswer);
    return answer.ok ? answer.value.buildId : null;
  } catch {
    return null;
  }
}

/** After a newer deploy, the next navigation is a full page load, so no input is lost. */
export function useBuildCheck() {
  const outdated = useRef(false);
  const { pathname } = useLocation();
  const firstPath = useRef(pathname);

  useEffect(() => {
    const timer = setInterval(async () => {
      const latest = await fetchLatestBuildId();
      if (latest && latest !== __BUILD_ID__) outdated.current = true;
    }, BUILD_CHECK_INTERVAL_MS);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    if (pathname !== firstPath.current && outdated.current) window.location.reload();
  }, [pathname]);
}
