import { useEffect, useRef, useState } from "react";
import type { StillPicture } from "#app/features/archive/archive-api.ts";
import type { StreamStatus } from "#app/features/live-stream/live-stream-api.ts";
import { fetchRead } from "#app/lib/fetch-read.ts";
import { readAnswer, unchecked } from "#app/lib/read-answer.ts";
import { MINUTE_MS } from "#time/durations.ts";

export type RenderedStill = { still: StillPicture | null; renderedAt: number };

export async function fetchStreamStatus(): Promise<StreamStatus | null> {
  try {
    // Read on every home page's first visit, whose JS budget has no room for zod.
    const answer = await readAnswer(
      await fetchRead("/api/stream/status"),
      unchecked<StreamStatus>(),
    );
    return answer.ok ? answer.value : null;
  } catch {
    return null;
  }
}

const STATUS_POLL_MS = MINUTE_MS; // while in view, so a camera's return shows without a reload

/** The page's own status first (read at once only when it has none), then a read a minute. */
export function useStreamStatus(initial: StreamStatus | null = null): StreamStatus | null {
  const [status, setStatus] = useState<StreamStatus | null>(initial);
  const readAt = useRef(initial ? Date.now() : 0);
  useEffect(() => {
    let current = true;
    const read = () => {
      readAt.current = Date.now();
      void fetchStreamStatus().then((fetched) => {
        if (current && fetched) setStatus(fetched);
      });
    };
    const refresh = () => {
      if (document.visibilityState === "visible") read();
    };
    // Back in view: read if the last read is a minute old.
    const onVisibility = () => {
      if (Date.now() - readAt.current >= STATUS_POLL_MS) refresh();
    };
    if (readAt.current === 0) refresh();
    const timer = setInterval(refresh, STATUS_POLL_MS);
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      current = false;
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, []);
  return status;
}
