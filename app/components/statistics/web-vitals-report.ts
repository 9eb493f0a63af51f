// Loaded by a sampled page load on its first input or hiding (report-usage.ts): keep it small.
import { onCLS, onINP, onLCP } from "web-vitals";
import type { VitalsReport } from "#app/features/statistics/speed-report.ts";
import { sendBeacon } from "./beacon.ts";

/**
 * Sends the page's LCP, CLS and (after an interaction) INP once, when the page is first hidden:
 * a visitor leaving, or switching to another tab or app. Statically imported, the beacon needs
 * no further download while the page goes away.
 */
export function reportOnHide() {
  // Loaded because the page was hidden: the figures arrive from the browser's buffer, then go.
  const loadedHidden = document.visibilityState === "hidden";
  const figures: Partial<Omit<VitalsReport, "type">> = {};
  let sent = false;
  const send = () => {
    const { lcp, cls, inp } = figures;
    if (sent || document.visibilityState !== "hidden" || lcp === undefined || cls === undefined)
      return;
    sent = true;
    sendBeacon({ type: "vitals", lcp, cls, ...(inp === undefined ? {} : { inp }) });
  };
  const keep = (metric: "lcp" | "cls" | "inp", value: number) => {
    figures[metric] = metric === "cls" ? Math.round(value * 10_000) / 10_000 : Math.round(value);
    if (loadedHidden) send();
  };
  const options = { reportAllChanges: true };
  onLCP((lcp) => keep("lcp", lcp.value), options);
  onCLS((cls) => keep("cls", cls.value), options);
  onINP((inp) => keep("inp", inp.value), options);
  // Added after the library's own listener, which reports the final figures as the page hides.
  addEventListener("visibilitychange", send, true);
}
