import { afterEach, beforeEach, expect, test, vi } from "vitest";

const reportOnHide = vi.hoisted(() => vi.fn());
vi.mock("./web-vitals-report.ts", () => ({ reportOnHide }));

beforeEach(() => {
  vi.resetModules(); // each test is a new document
  vi.stubGlobal("PerformanceObserver", { supportedEntryTypes: ["largest-contentful-paint"] });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  reportOnHide.mockReset();
});

async function draw(random: number) {
  vi.spyOn(Math, "random").mockReturnValue(random);
  return (await import("./report-usage.ts")).reportWebVitals;
}

test("a sampled page load fetches the Web Vitals' code on its first input, once, and not before", async () => {
  const reportWebVitals = await draw(0.05);
  reportWebVitals(10);
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(reportOnHide).not.toHaveBeenCalled();

  document.dispatchEvent(new KeyboardEvent("keydown", { bubbles: true }));
  document.dispatchEvent(new PointerEvent("pointerdown", { bubbles: true }));
  await vi.waitFor(() => expect(reportOnHide).toHaveBeenCalledTimes(1));
  // A shell mounted again in the same document draws no second time.
  reportWebVitals(10);
  document.dispatchEvent(new Event("visibilitychange"));
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(reportOnHide).toHaveBeenCalledTimes(1);
});

test("a page load outside the sample, or in a browser without LCP, fetches nothing", async () => {
  (await draw(0.15))(10);
  document.dispatchEvent(new KeyboardEvent("keydown", { bubbles: true }));

  vi.resetModules();
  vi.stubGlobal("PerformanceObserver", { supportedEntryTypes: ["paint"] });
  (await draw(0))(100);
  document.dispatchEvent(new KeyboardEvent("keydown", { bubbles: true }));
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(reportOnHide).not.toHaveBeenCalled();
});
