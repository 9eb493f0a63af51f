import { useCallback, useEffect, useRef, useState } from "react";
import type { StillPicture } from "#app/features/archive/archive-api.ts";
import type { StreamStatus } from "#app/features/live-stream/live-stream-api.ts";
import { fetchRead } from "#app/lib/fetch-read.ts";
import { readAnswer, unchecked } from "#app/lib/read-answer.ts";
import { MINUTE_MS } from "#time/durations.ts";

export type RenderedStill = { still: StillPicture | null; renderedAt: number };

// Read on every home page's first visit, whose JS budget has no room for zod.
const fetchStreamStatus = (): Promise<StreamStatus | null> =>
  fetchRead("/api/stream/status")
    .then((response) => readAnswer(response, unchecked<StreamStatus>()))
    .then(
      (answer) => (answer.ok ? answer.value : null),
      () => null,
    );

const STATUS_POLL_MS = MINUTE_MS; // while in view, so a camera's return shows without a reload
const READ_AGAIN_MS = 59_000; // the minute, less a late timer's slack

/** The page's status, then a read a minute in view; none while `watching` (its picture is the status), one after. */
export function useStreamStatus(initial: StreamStatus | null, watching: boolean) {
  const [status, setStatus] = useState<StreamStatus | null>(initial);
  const readAt = useRef(initial ? Date.now() : 0);
  useEffect(() => {
    if (watching) return;
    let current = true;
    const refresh = () => {
      const now = Date.now();
      if (now - readAt.current < READ_AGAIN_MS || document.visibilityState !== "visible") return;
      readAt.current = now;
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
  }, [watching]);
  // A session that ran to its end showed the camera live until now: as good as a read.
  const seenLive = useCallback(() => {
    readAt.current = Date.now();
  }, []);
  return [status, setStatus, seenLive] as const;
}
