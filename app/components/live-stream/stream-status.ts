import { useEffect, useState } from "react";
import type { StillPicture } from "#app/features/archive/stills.ts";
import type { StreamStatus } from "#app/features/live-stream/live-stream-api.ts";
import { fetchRead } from "#app/lib/fetch-read.ts";
import { MINUTE_MS } from "#time/durations.ts";

/** The newest still as the server rendered the page, and when: hydration must match that. */
export type RenderedStill = { still: StillPicture | null; renderedAt: number };

export async function fetchStreamStatus(): Promise<StreamStatus | null> {
  try {
    const response = await fetchRead("/api/stream/status");
    return response.ok ? ((await response.json()) as StreamStatus) : null;
  } catch {
    return null;
  }
}

/**
 * Asked again every minute while the page is in view (and when it comes back into view): a
 * camera that comes back, or goes away, and the newest still show without a reload.
 */
const STATUS_POLL_MS = MINUTE_MS;

export function useStreamStatus(): StreamStatus | null {
  const [status, setStatus] = useState<StreamStatus | null>(null);
  useEffect(() => {
    let current = true;
    const refresh = () => {
      if (document.visibilityState !== "visible") return;
      void fetchStreamStatus().then((fetched) => {
        if (current && fetched) setStatus(fetched);
      });
    };
    refresh();
    const timer = setInterval(refresh, STATUS_POLL_MS);
    document.addEventListener("visibilitychange", refresh);
    return () => {
      current = false;
      clearInterval(timer);
      document.removeEventListener("visibilitychange", refresh);
    };
  }, []);
  return status;
}
