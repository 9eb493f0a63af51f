import { z } from "zod";
import { fromLakeTime } from "#time/lake-time.ts";

const isoLike = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/;

export function parseLakeTime(value: string): Date | null {
  const match = isoLike.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0));
  return fromLakeTime(Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1, hour, minute, second));
}

export const lakeTime = z.string().transform((value, ctx) => {
  const instant = parseLakeTime(value);
  if (instant) return instant;
  ctx.addIssue({ code: "custom", message: `not a local date and time: ${value}` });
  return z.NEVER;
});
