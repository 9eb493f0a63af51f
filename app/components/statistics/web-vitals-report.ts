// Loaded by a sampled page load on its first input or hiding (report-usage.ts): keep it small.
import { onCLS, onINP, onLCP } from "web-vitals";
import type { VitalsReport } from "#app/features/statistics/speed-report.ts";
import { sendBeacon } from "./beacon.ts";

/**
 * Sends the page's LCP, CLS (where the browser measures layout shifts: Chromium) and, after an
 * interaction, INP once, when the page is first hidden: a visitor leaving, or switching to
 * another tab or app. Statically imported, the beacon needs no download while the page goes away.
 */
export function reportOnHide() {
  // Loaded because the page was hidden: the figures arrive from the browser's buffer, then go.
  const loadedHidden = document.visibilityState === "hidden";
  const measuresShifts = PerformanceObserver.supportedEntryTypes?.includes("layout-shift") ?? false;
  const figures: Partial<Omit<VitalsReport, "type">> = {};
  let sent = false;
  const send = () => {
    const { lcp, cls, inp } = figures;
    if (sent || lcp === undefined) return;
    sent = true;
    const report = { type: "vitals", lcp, ...(cls === undefined ? {} : { cls }) } as const;
    sendBeacon(inp === undefined ? report : { ...report, inp });
  };
  const keep = (metric: "lcp" | "cls" | "inp", value: number) => {
    figures[metric] = metric === "cls" ? Math.round(value * 10_000) / 10_000 : Math.round(value);
    // CLS comes a task after LCP, where the browser measures it.
    if (loadedHidden && (figures.cls !== undefined || !measuresShifts)) send();
  };
  const options = { reportAllChanges: true };
  onLCP((lcp) => keep("lcp", lcp.value), options);
  onCLS((cls) => keep("cls", cls.value), options);
  onINP((inp) => keep("inp", inp.value), options);
  // On the document, not the window's capture: it runs after every listener the library adds
  // there, also those added later (an interaction's INP waits on one), which report the last
  // figures as the page hides. A page left at once, before the library saw its first paint,
  // goes without CLS.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") send();
  });
}
