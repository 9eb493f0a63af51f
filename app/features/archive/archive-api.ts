import * as z from "zod/mini";
import { currentWeather } from "#app/features/weather/weather.ts";
import type { StillWeather } from "./stills.ts";

/** Stored as JSON in `stills.weather`, and read back through this: rows may predate a change. */
export const stillWeather = z.object({
  ...z.pick(currentWeather, { condition: true, isDay: true, temperature: true, windSpeed: true })
    .shape,
  waterTemperature: z.nullable(z.number()),
}) satisfies z.ZodMiniType<StillWeather>;

export const stillPicture = z.object({
  takenAt: z.iso.datetime(),
  url: z.string(),
  srcSet: z.nullable(z.string()),
  cardUrl: z.nullable(z.string()),
  width: z.int(),
  height: z.int(),
  weather: z.nullable(stillWeather),
});
export type StillPicture = z.output<typeof stillPicture>;

export const bestOfAnswer = z.object({ id: z.string(), bestOf: z.boolean() });
export type BestOfAnswer = z.output<typeof bestOfAnswer>;

export const stillTextsAnswer = z.object({ id: z.string(), texts: z.enum(["keep", "remove"]) });
export type StillTextsAnswer = z.output<typeof stillTextsAnswer>;

export const deletedStill = z.object({ deleted: z.string() });
export type DeletedStill = z.output<typeof deletedStill>;

/** The owner's answer to a day's pick: the still it names now, null when removed. */
export const dayPickAnswer = z.object({
  day: z.string(),
  kind: z.enum(["sunset", "best"]),
  id: z.nullable(z.string()),
});
export type DayPickAnswer = z.output<typeof dayPickAnswer>;
