import type { CurrentWeather } from "#app/features/weather/weather.ts";
import type { Locale } from "#app/i18n/locales.ts";
import type { PickKind, SunsetQuality } from "#protocol/day-picks.ts";
import { SHARE_CARD } from "#protocol/share-card.ts";
import type { TileSheet } from "#protocol/tile-sheet.ts";
import type { StillPicture } from "./archive-api.ts";
import type { DayStrip } from "./day-strip.ts";

// Types only: the archive page's JavaScript stays without zod.

export type StillWeather = Pick<
  CurrentWeather,
  "condition" | "isDay" | "temperature" | "windSpeed"
> & {
  waterTemperature: number | null;
};

export type ArchiveStill = StillPicture & {
  id: string;
  at: string;
  bestOf: boolean;
  /** The shown still's texts in the page's language, if described; `auto`: not yet checked by the owner. */
  text?: StillText & { auto: boolean };
  /** A day's pick's full frame in tiles (ADR 032), read by range when zoomed past the still. */
  sheet: TileSheet | null;
};

export type StillText = { alt: string; line: string };
export type StillTexts = Record<Locale, StillText>;

export type StillStep = { at: string; takenAt: string; adjacent: boolean };

export type ArchivePage = {
  still: ArchiveStill | null;
  missing: boolean;
  day: string;
  month: string;
  range: { first: string; last: string } | null;
  dayStills: { id: string; at: string; takenAt: string }[];
  hourStills: ArchiveStill[];
  monthDays: string[];
  monthStrips: DayStrip[];
  picks: Record<PickKind, { id: string; at: string; takenAt: string } | null>;
  sunsets: Record<string, SunsetQuality>;
  previous: StillStep | null;
  next: StillStep | null;
  jumps: { yesterday: string | null; weekAgo: string | null; yearAgo: string | null };
  /** The addresses to compare the still with: the jumps' stills, else the same time exactly. */
  compareWith: { yesterday: string | null; weekAgo: string | null; yearAgo: string | null };
  comparison: Comparison | null;
};

/** The other moment of "then and now": its still, or the nearest one when it has none. */
export type Comparison = {
  vs: string;
  vsAt: string;
  still: ArchiveStill | null;
  nearest: { at: string; takenAt: string } | null;
};

export function stillShareImage(still: StillPicture, alt: string) {
  if (still.cardUrl) {
    return { url: still.cardUrl, width: SHARE_CARD.width, height: SHARE_CARD.height, alt };
  }
  const medium = still.srcSet
    ?.split(", ")
    .map((candidate) => candidate.split(" "))
    .find(([, width]) => width === "1280w")?.[0];
  const width = medium ? 1280 : still.width;
  return {
    url: medium ?? still.url,
    width,
    height: Math.round((width * still.height) / still.width),
    alt,
  };
}

export const stillImage = (still: StillPicture) => ({
  src: still.url,
  srcSet: still.srcSet ?? undefined,
  width: still.width,
  height: still.height,
});

/** `?at=`: a lake-time slot, with its offset in the hour the clocks go back (lakeWallClock). */
export const ARCHIVE_AT_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:[0-5]0(?:[+-]\d{2}:\d{2})?$/;

export function archiveHref(archivePath: string, params: Record<string, string>): string {
  const search = new URLSearchParams(params).toString().replaceAll("%3A", ":");
  return search ? `${archivePath}?${search}` : archivePath;
}
