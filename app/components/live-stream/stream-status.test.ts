import { act, cleanup, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { useStreamStatus } from "./stream-status.ts";

const api = vi.fn<() => Promise<Response>>();
const status = (online: boolean) => Response.json({ online, live: false, still: null });
let visibility: DocumentVisibilityState = "visible";

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal("fetch", api);
  vi.spyOn(document, "visibilityState", "get").mockImplementation(() => visibility);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  api.mockReset();
  visibility = "visible";
});

test("a camera that comes back shows as online without a reload, and a hidden page asks nothing", async () => {
  api.mockResolvedValueOnce(status(false));
  const { result } = renderHook(() => useStreamStatus(null, false)[0]);
  await act(async () => {});
  expect(result.current?.online).toBe(false);

  api.mockResolvedValueOnce(status(true));
  await act(async () => vi.advanceTimersByTime(60_000));
  expect(result.current?.online).toBe(true);
  expect(api).toHaveBeenCalledTimes(2);

  visibility = "hidden";
  await act(async () => vi.advanceTimersByTime(5 * 60_000));
  expect(api).toHaveBeenCalledTimes(2);

  // Back in view: asked at once.
  api.mockResolvedValueOnce(status(false));
  visibility = "visible";
  await act(async () => document.dispatchEvent(new Event("visibilitychange")));
  expect(api).toHaveBeenCalledTimes(3);
  expect(result.current?.online).toBe(false);
});

test("the page's own status asks nothing on load, nor when the page comes back within the minute", async () => {
  const { result } = renderHook(
    () => useStreamStatus({ online: false, live: false, still: null }, false)[0],
  );
  await act(async () => {});
  expect(result.current?.online).toBe(false);
  await act(async () => vi.advanceTimersByTime(30_000));
  await act(async () => document.dispatchEvent(new Event("visibilitychange")));
  expect(api).not.toHaveBeenCalled();

  api.mockResolvedValueOnce(status(true));
  await act(async () => vi.advanceTimersByTime(30_000));
  expect(api).toHaveBeenCalledTimes(1);
  expect(result.current?.online).toBe(true);
});

test("a session being watched is the status: nothing is read until it ends, then once, then a minute on", async () => {
  const { result, rerender } = renderHook(
    ({ watching }) => useStreamStatus({ online: true, live: false, still: null }, watching)[0],
    { initialProps: { watching: true } },
  );
  await act(async () => vi.advanceTimersByTime(3 * 60_000));
  await act(async () => document.dispatchEvent(new Event("visibilitychange")));
  expect(api).not.toHaveBeenCalled();

  // The camera went offline during the minute: the read at its end says so.
  api.mockResolvedValueOnce(status(false));
  await act(async () => rerender({ watching: false }));
  expect(api).toHaveBeenCalledTimes(1);
  expect(result.current?.online).toBe(false);

  api.mockResolvedValueOnce(status(true));
  await act(async () => vi.advanceTimersByTime(59_000));
  expect(api).toHaveBeenCalledTimes(1);
  await act(async () => vi.advanceTimersByTime(1_000));
  expect(api).toHaveBeenCalledTimes(2);
  expect(result.current?.online).toBe(true);
});

test("a session that ran to its end is the last read: nothing is read as it ends, the next a minute on", async () => {
  const { result, rerender } = renderHook(
    ({ watching }) => useStreamStatus({ online: true, live: false, still: null }, watching),
    { initialProps: { watching: true } },
  );
  await act(async () => vi.advanceTimersByTime(3 * 60_000));
  await act(async () => {
    result.current[2]();
    rerender({ watching: false });
  });
  expect(api).not.toHaveBeenCalled();
  api.mockResolvedValueOnce(status(true));
  await act(async () => vi.advanceTimersByTime(60_000));
  expect(api).toHaveBeenCalledTimes(1);
});

test("a session stopped within the minute of the last read reads nothing more until the minute is up", async () => {
  const { rerender } = renderHook(
    ({ watching }) => useStreamStatus({ online: true, live: false, still: null }, watching)[0],
    { initialProps: { watching: false } },
  );
  await act(async () => rerender({ watching: true }));
  await act(async () => vi.advanceTimersByTime(20_000));
  await act(async () => rerender({ watching: false }));
  expect(api).not.toHaveBeenCalled();
  api.mockResolvedValueOnce(status(true));
  await act(async () => vi.advanceTimersByTime(60_000));
  expect(api).toHaveBeenCalledTimes(1);
});
