import { z } from "zod";
import type { Db } from "#app/.server/db/client.ts";
import { DAY_MS, MINUTE_MS } from "#time/durations.ts";
import { lakeTime } from "./parse-lake-time.ts";
import { saveMeasurement } from "./weather-store.ts";

/** The owner's reading may be dated this far ahead (a clock's drift), not further. */
const SKEW_MS = 5 * MINUTE_MS;

/** No open source publishes the south's water temperature: the owner enters it (ADR 007). */
export const southReadingForm = z.object({
  celsius: z.string().trim().min(1).transform(Number).pipe(z.number().min(0).max(35)),
  // The form's datetime-local, read on the lake's clock.
  measuredAt: lakeTime.refine(
    (date) => date.getTime() >= Date.now() - 365 * DAY_MS,
    "measuredAt is over a year ago",
  ),
});

type SouthReading = z.infer<typeof southReadingForm>;

export async function saveSouthReading(
  db: Db,
  { celsius, measuredAt }: SouthReading,
  now = Date.now(),
): Promise<"saved" | "future"> {
  if (measuredAt.getTime() > now + SKEW_MS) return "future";
  const measurement = { provider: "owner", measuredAt, data: { celsius } };
  await saveMeasurement(db, "water_temperature_south", measurement, new Date(now));
  return "saved";
}
