// The day's sunset and best picture the box proposes (ADR 026); no zod: the archive page's scripts read it.

export const PICK_KINDS = ["sunset", "best"] as const;
export type PickKind = (typeof PICK_KINDS)[number];

/** Each mark's lowest sunset score, best first; under the last there was no sunset worth keeping. */
export const SUNSET_QUALITIES = [
  ["glowing", 75],
  ["fine", 50],
  ["faint", 30],
] as const;
export type SunsetQuality = (typeof SUNSET_QUALITIES)[number][0];
export const USABLE_SUNSET_SCORE = SUNSET_QUALITIES[2][1];

export function sunsetQuality(score: number | null): SunsetQuality | null {
  if (score === null) return null;
  return SUNSET_QUALITIES.find(([, lowest]) => score >= lowest)?.[0] ?? null;
}
