import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { isChunkLoadError, RELOAD_GUARD_MS, reloadAfterChunkError } from "./build-check.ts";

describe("reload after a failed chunk load", () => {
  const reload = vi.fn();
  beforeEach(() => {
    sessionStorage.clear();
    vi.stubGlobal("location", { ...window.location, reload });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    reload.mockReset();
  });

  test("reloads once, then not again within the 10 s guard", () => {
    const now = 1_000_000;
    expect(reloadAfterChunkError(now)).toBe(true);
    expect(reloadAfterChunkError(now + RELOAD_GUARD_MS - 1)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadAfterChunkError(now + RELOAD_GUARD_MS)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  test("offline, never reloads: the page the visitor has would become the browser's error page", () => {
    vi.stubGlobal("navigator", { ...navigator, onLine: false });
    expect(reloadAfterChunkError(1_000_000)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    // Back online, the first failure reloads as before.
    vi.stubGlobal("navigator", { ...navigator, onLine: true });
    expect(reloadAfterChunkError(1_000_000)).toBe(true);
  });

  test("recognises the browsers' chunk-load errors and nothing else", () => {
    expect(
      isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: /x.js")),
    ).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("Cannot read properties of undefined"))).toBe(false);
  });
});
