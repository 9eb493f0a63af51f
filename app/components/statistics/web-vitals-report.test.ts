import { afterEach, beforeEach, expect, test, vi } from "vitest";

// The library itself runs in the browser journey (e2e/statistics.spec.ts); here, what this
// module makes of the figures it reports, and when it sends them.
type Report = (metric: { value: number }) => void;
const reporters = vi.hoisted(() => ({}) as Record<"lcp" | "cls" | "inp", Report>);
vi.mock("web-vitals", () => ({
  onLCP: (report: Report) => {
    reporters.lcp = report;
  },
  onCLS: (report: Report) => {
    reporters.cls = report;
  },
  onINP: (report: Report) => {
    reporters.inp = report;
  },
}));
const sendBeacon = vi.hoisted(() => vi.fn());
vi.mock("./beacon.ts", () => ({ sendBeacon }));

const { reportOnHide } = await import("./web-vitals-report.ts");

let visibility: DocumentVisibilityState = "visible";
beforeEach(() => {
  visibility = "visible";
  vi.spyOn(document, "visibilityState", "get").mockImplementation(() => visibility);
  // Chromium's entry types; Firefox and Safari measure no layout shifts.
  vi.stubGlobal("PerformanceObserver", {
    supportedEntryTypes: ["largest-contentful-paint", "layout-shift", "event", "first-input"],
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  sendBeacon.mockReset();
});

function hide() {
  visibility = "hidden";
  document.dispatchEvent(new Event("visibilitychange"));
}

test("loaded on an input, it sends the figures once, when the page is first hidden, rounded and nothing else", () => {
  reportOnHide();
  reporters.lcp({ value: 812.6 });
  reporters.cls({ value: 0.012_34 });
  reporters.inp({ value: 40 });
  reporters.lcp({ value: 1234.4 });
  reporters.inp({ value: 56.7 });
  expect(sendBeacon).not.toHaveBeenCalled();

  hide();
  expect(sendBeacon.mock.calls).toEqual([[{ type: "vitals", lcp: 1234, cls: 0.0123, inp: 57 }]]);
  visibility = "visible";
  hide();
  expect(sendBeacon).toHaveBeenCalledTimes(1);
});

test("the interaction that hides the page counts: its INP, reported by a listener the library adds later, goes too", () => {
  reportOnHide();
  reporters.lcp({ value: 900 });
  reporters.cls({ value: 0 });
  reporters.inp({ value: 40 });
  // The library holds an interaction's figures until idle or hidden, on a window capture listener.
  const lateInteraction = () => reporters.inp({ value: 300 });
  addEventListener("visibilitychange", lateInteraction, { capture: true, once: true });
  hide();
  expect(sendBeacon.mock.calls).toEqual([[{ type: "vitals", lcp: 900, cls: 0, inp: 300 }]]);
});

test("where the browser measures no layout shifts (Firefox, Safari), LCP and INP go without CLS", () => {
  vi.stubGlobal("PerformanceObserver", {
    supportedEntryTypes: ["largest-contentful-paint", "event"],
  });
  reportOnHide();
  reporters.lcp({ value: 1800 });
  reporters.inp({ value: 120 });
  hide();
  expect(sendBeacon.mock.calls).toEqual([[{ type: "vitals", lcp: 1800, inp: 120 }]]);
});

test("without an interaction there is no INP, and the rest is sent", () => {
  reportOnHide();
  reporters.lcp({ value: 900 });
  reporters.cls({ value: 0 });
  hide();
  expect(sendBeacon.mock.calls).toEqual([[{ type: "vitals", lcp: 900, cls: 0 }]]);
});

test("loaded as the page was hidden, it sends once the browser has handed over LCP and CLS", () => {
  visibility = "hidden";
  reportOnHide();
  reporters.lcp({ value: 2100 });
  expect(sendBeacon).not.toHaveBeenCalled();
  reporters.cls({ value: 0.2 });
  expect(sendBeacon.mock.calls).toEqual([[{ type: "vitals", lcp: 2100, cls: 0.2 }]]);
  reporters.cls({ value: 0.3 });
  expect(sendBeacon).toHaveBeenCalledTimes(1);
});

test("a page left before the library saw its first paint goes without CLS", () => {
  reportOnHide();
  reporters.lcp({ value: 700 });
  hide();
  expect(sendBeacon.mock.calls).toEqual([[{ type: "vitals", lcp: 700 }]]);
});

test("a page whose largest element never showed before it was hidden (opened in the background) sends nothing", () => {
  reportOnHide();
  reporters.cls({ value: 0 });
  hide();
  expect(sendBeacon).not.toHaveBeenCalled();
});
