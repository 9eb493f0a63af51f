import { useCallback, useEffect, useRef, useState } from "react";
import type { WeatherPanelData } from "#app/features/weather/weather.ts";
import { fetchRead } from "#app/lib/fetch-read.ts";
import { readAnswer } from "#app/lib/read-answer.ts";
import { MINUTE_MS } from "#time/durations.ts";

const WEATHER_REFRESH_MS = 10 * MINUTE_MS;

// `now` is the server's clock as best known: a visitor's wrong clock cannot make data stale.
export function useWeather(initial: WeatherPanelData) {
  const [snapshot, setSnapshot] = useState(initial.status === "ready" ? initial.snapshot : null);
  const [loading, setLoading] = useState(initial.status === "pending");
  const [firstLoad, setFirstLoad] = useState(initial.status === "pending");
  const [now, setNow] = useState(initial.renderedAt);
  const [retry, setRetry] = useState<"none" | "running" | "done">("none");
  const skew = useRef(0);
  const lastAttempt = useRef(0);
  const running = useRef<Promise<void> | null>(null);

  const load = useCallback(async () => {
    lastAttempt.current = Date.now();
    setLoading(true);
    try {
      const [{ weatherSnapshot }, response] = await Promise.all([
        // zod loads with the first refresh, not with the page.
        import("#app/features/weather/weather.ts"),
        fetchRead("/api/weather", { cache: "no-cache" }),
      ]);
      const answer = await readAnswer(response, weatherSnapshot);
      if (answer.ok) {
        const serverTime = Date.parse(response.headers.get("Date") ?? "");
        if (Number.isFinite(serverTime)) skew.current = serverTime - Date.now();
        setSnapshot(answer.value);
      }
    } catch {
      // Offline: keep what we have; its age speaks for itself.
    } finally {
      setLoading(false);
      setFirstLoad(false);
      setNow(Date.now() + skew.current);
    }
  }, []);

  // A refresh due while one runs joins it: an older answer ending `loading` early would offer Retry.
  const refresh = useCallback(() => {
    running.current ??= load().finally(() => {
      running.current = null;
    });
    return running.current;
  }, [load]);

  useEffect(() => {
    if (initial.status === "ready") setSnapshot(initial.snapshot);
    skew.current = initial.renderedAt - Date.now();
    lastAttempt.current = Date.now();
    if (initial.status === "pending") void refresh();
    const tick = setInterval(() => setNow(Date.now() + skew.current), MINUTE_MS);
    const poll = setInterval(() => {
      if (document.visibilityState === "visible") void refresh();
    }, WEATHER_REFRESH_MS);
    const onVisibility = () => {
      if (
        document.visibilityState === "visible" &&
        Date.now() - lastAttempt.current >= WEATHER_REFRESH_MS
      ) {
        void refresh();
      }
    };
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      clearInterval(tick);
      clearInterval(poll);
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [initial, refresh]);

  const retryNow = useCallback(async () => {
    setRetry("running");
    await refresh();
    setRetry("done");
  }, [refresh]);

  return { snapshot, loading, firstLoad, now, retry, retryNow };
}
