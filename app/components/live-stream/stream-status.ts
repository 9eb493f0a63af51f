import { useEffect, useState } from "react";
import { fetchRead } from "~/lib/fetch-read";

export type StreamStatus = { online: boolean; live: boolean; still: { takenAt: string } | null };

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
