import type { CurrentWeather } from "#app/features/weather/weather.ts";
import type { StillPicture } from "./archive-api.ts";

// Types only: the archive page's JavaScript stays without zod.

/** What the archive shows of the weather at a still's moment (units as the weather panel). */
export type StillWeather = Pick<
  CurrentWeather,
  "condition" | "isDay" | "temperature" | "windSpeed"
> & {
  /** Average of the lake's north and south ends, when both were measured recently. */
  waterTemperature: number | null;
};

/** One archived still as a page sees it. */
export type ArchiveStill = StillPicture & {
  id: string;
  /** The slot's lake-time wall clock ("2026-11-22T14:30"): the still's shareable address. */
  at: string;
  bestOf: boolean;
  weather: StillWeather | null;
};

/** The still before or after: `adjacent` when it is the neighbouring slot, ten minutes away. */
export type StillStep = { at: string; takenAt: string; adjacent: boolean };

/** What the archive page shows around a still (the server's archive/archive-page.ts). */
export type ArchivePage = {
  still: ArchiveStill | null;
  /** A shared address whose still is gone (deleted or expired). */
  missing: boolean;
  day: string;
  month: string;
  range: { first: string; last: string } | null;
  /** The scrubber's and the hours' steps. */
  dayStills: { id: string; at: string; takenAt: string }[];
  /** The pictures of the shown still's hour, without weather (only the shown one needs it). */
  hourStills: ArchiveStill[];
  monthDays: string[];
  previous: StillStep | null;
  next: StillStep | null;
  jumps: { yesterday: string | null; weekAgo: string | null; yearAgo: string | null };
};

/** An `<img>`'s picture attributes for a still: the still, its versions by width, its size. */
export const stillImage = (still: StillPicture) => ({
  src: still.url,
  srcSet: still.srcSet ?? undefined,
  width: still.width,
  height: still.height,
});

/**
 * `?at=` of the archive page: a lake-time slot, minutes a multiple of ten, with its offset in
 * the first pass of the hour the clocks go back (see lakeWallClock).
 */
export const ARCHIVE_AT_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:[0-5]0(?:[+-]\d{2}:\d{2})?$/;

/** Readable addresses to share: "?at=2026-11-22T14:30" (a colon needs no escaping in a query). */
export function archiveHref(archivePath: string, params: Record<string, string>): string {
  const search = new URLSearchParams(params).toString().replaceAll("%3A", ":");
  return search ? `${archivePath}?${search}` : archivePath;
}
