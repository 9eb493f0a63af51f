import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { useRemainingSeconds } from "./use-remaining-seconds.ts";

beforeEach(() => vi.useFakeTimers({ now: Date.parse("2026-11-22T18:50:00Z") }));
afterEach(() => vi.useRealTimers());

const countdown = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;

test("a one-minute session's countdown starts at 1:00 and never shows more than the session", async () => {
  const onZero = vi.fn();
  // Mounted on the press; the session answers 0.3 s later, the first frame 0.4 s after that.
  const { result, rerender } = renderHook(
    ({ expiresAt }: { expiresAt: number | null }) => useRemainingSeconds(expiresAt, 60, onZero),
    { initialProps: { expiresAt: null as number | null } },
  );
  await act(() => vi.advanceTimersByTimeAsync(300));
  const expiresAt = Date.now() + 60_000;
  await act(() => vi.advanceTimersByTimeAsync(400));
  rerender({ expiresAt });
  expect(countdown(result.current)).toBe("1:00");
  await act(() => vi.advanceTimersByTimeAsync(1_000));
  expect(countdown(result.current)).toBe("0:59");

  // A clock that jumps back (or an expiry beyond the session) still shows the session at most.
  rerender({ expiresAt: Date.now() + 75_000 });
  expect(countdown(result.current)).toBe("1:00");
  expect(onZero).not.toHaveBeenCalled();
});

test("the countdown ends the session at 0:00", async () => {
  const onZero = vi.fn();
  const expiresAt = Date.now() + 2_000;
  const { result } = renderHook(() => useRemainingSeconds(expiresAt, 60, onZero));
  await act(() => vi.advanceTimersByTimeAsync(2_000));
  expect(countdown(result.current)).toBe("0:00");
  expect(onZero).toHaveBeenCalled();
});
