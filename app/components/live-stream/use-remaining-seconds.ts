import { useEffect, useState } from "react";

// Never above the session's length: a clock read at mount showed "1:01" (ADR 028).
export function useRemainingSeconds(
  expiresAt: number | null,
  sessionSeconds: number,
  onZero: () => void,
) {
  const [, tick] = useState(0);
  useEffect(() => {
    if (expiresAt === null) return;
    const timer = window.setInterval(() => tick((n) => n + 1), 250);
    return () => window.clearInterval(timer);
  }, [expiresAt]);
  const left = expiresAt === null ? 0 : Math.ceil((expiresAt - Date.now()) / 1000);
  const remaining = Math.min(sessionSeconds, Math.max(0, left));
  useEffect(() => {
    if (expiresAt !== null && remaining === 0) onZero();
  }, [expiresAt, remaining, onZero]);
  return remaining;
}
