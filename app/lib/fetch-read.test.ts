import { afterEach, expect, test, vi } from "vitest";
import { fetchRead, isNetworkFailure } from "./fetch-read.ts";

afterEach(() => vi.unstubAllGlobals());

function answering(...statuses: Array<number | "network error">) {
  const calls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      calls.push(url);
      const next = statuses.shift() ?? 200;
      if (next === "network error") throw new TypeError("Failed to fetch");
      return new Response(String(next), { status: next });
    }),
  );
  return calls;
}

test.each([408, 409, 425, 429, 500, 502, 503, 504])(
  "a read answered %i is asked once more",
  async (status) => {
    const calls = answering(status, 200);
    const response = await fetchRead("/api/weather");
    expect(response.status).toBe(200);
    expect(calls).toEqual(["/api/weather", "/api/weather"]);
  },
);

test("only once: a second failure is the answer", async () => {
  const calls = answering(503, 503, 200);
  expect((await fetchRead("/api/weather")).status).toBe(503);
  expect(calls).toHaveLength(2);
});

test("a network failure is retried once, then surfaces", async () => {
  answering("network error", 200);
  expect((await fetchRead("/api/weather")).status).toBe(200);
  answering("network error", "network error");
  await expect(fetchRead("/api/weather")).rejects.toThrow("Failed to fetch");
});

test("answers that another try would not change are returned at once", async () => {
  for (const status of [200, 304, 400, 401, 403, 404]) {
    const calls = answering(status);
    expect((await fetchRead("/api/x")).status).toBe(status);
    expect(calls).toHaveLength(1);
  }
});

test("a network failure is told apart from a bug that happens to be a TypeError", () => {
  for (const message of [
    "Failed to fetch",
    "NetworkError when attempting to fetch resource.",
    "Load failed",
  ]) {
    expect(isNetworkFailure(new TypeError(message))).toBe(true);
  }
  expect(
    isNetworkFailure(new TypeError("Cannot read properties of undefined (reading 'id')")),
  ).toBe(false);
  expect(isNetworkFailure(new Error("Failed to fetch"))).toBe(false);
});
