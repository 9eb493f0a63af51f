import { useEffect, useState } from "react";
import { fetchRead } from "~/lib/fetch-read";
import type { StillPicture } from "~/lib/stills";

export type StreamStatus = { online: boolean; live: boolean; still: StillPicture | null };

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

export function useStreamStatus(): StreamStatus | null {
  const [status, setStatus] = useState<StreamStatus | null>(null);
  useEffect(() => {
    let current = true;
    void fetchStreamStatus().then((fetched) => {
      if (current && fetched) setStatus(fetched);
    });
    return () => {
      current = false;
    };
  }, []);
  return status;
}
