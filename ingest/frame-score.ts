// How good a frame is as the day's best picture and as its sunset, 0–100 (ADR 026's formulas).
import type { PickKind } from "#protocol/day-picks.ts";
import type { FrameStats } from "./frame-stats.ts";

const clamp = (x: number) => Math.max(0, Math.min(1, x));

/** blurdetect's edge width: about 4 px is sharp, 8 px and more blurred. */
const sharpness = ({ blur }: FrameStats) => clamp((8 - blur) / 4);

/** The mean near `target`, halved for clipped highlights and for a dark frame's crushed shadows. */
function exposure({ YAVG, YLOW, YHIGH }: FrameStats, target: number) {
  let exposed = clamp(1 - Math.abs(YAVG - target) / 90);
  if (YHIGH >= 250) exposed *= 0.5;
  if (YLOW <= 3 && YAVG < 40) exposed *= 0.5;
  return exposed;
}

/** signalstats' hue: orange ≈ 135°, red ≈ 160°, yellow ≈ 105°, the blue sky ≈ 300°. */
const warmth = ({ HUEMED }: FrameStats) => clamp(1 - Math.max(0, Math.abs(HUEMED - 135) - 35) / 30);

const percent = (x: number) => Math.round(1000 * x) / 10;

export function scoreFrame(stats: FrameStats): Record<PickKind, number> {
  const sharp = sharpness(stats);
  return {
    best: percent(sharp * exposure(stats, 125) * clamp(0.4 + stats.SATAVG / 50)),
    sunset: percent(sharp * exposure(stats, 95) * clamp(stats.SATAVG / 40) * warmth(stats)),
  };
}
