import { z } from "zod";
import { LAKE_TIME_ZONE } from "~/lib/format";

const partsFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: LAKE_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "numeric",
  second: "numeric",
});

function lakeOffsetMs(instant: number): number {
  const parts = Object.fromEntries(
    partsFormat.formatToParts(instant).map((part) => [part.type, Number(part.value)]),
  );
  const wall = Date.UTC(
    parts.year ?? 0,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return wall - (instant - (instant % 1000));
}

/** Italian sources omit the offset; two passes get it right on the days the clocks change. */
export function fromLakeTime(
  year: number,
  month: number,
  day: number,
  hour = 0,
  minute = 0,
  second = 0,
): Date {
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  const guess = wall - lakeOffsetMs(wall);
  return new Date(wall - lakeOffsetMs(guess));
}

const isoLike = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/;

export function parseLakeTime(value: string): Date | null {
  const match = isoLike.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0));
  return fromLakeTime(year ?? 0, month ?? 1, day ?? 1, hour, minute, second);
}

export const lakeTime = z.string().transform((value, ctx) => {
  const instant = parseLakeTime(value);
  if (instant) return instant;
  ctx.addIssue({ code: "custom", message: `not a local date and time: ${value}` });
  return z.NEVER;
});
