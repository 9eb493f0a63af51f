import { useEffect, useState } from "react";
import type { StreamStatus } from "./use-live-stream";

/** Whether the camera is online and its latest still, fetched once the page is up. */
export function useStreamStatus(): StreamStatus | null {
  const [status, setStatus] = useState<StreamStatus | null>(null);
  useEffect(() => {
    fetch("/api/stream/status")
      .then(async (response) => {
        if (response.ok) setStatus((await response.json()) as StreamStatus);
      })
      // Offline visitors keep the placeholder; pressing play reports the failure.
      .catch(() => undefined);
  }, []);
  return status;
}
