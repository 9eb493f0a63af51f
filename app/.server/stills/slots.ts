import { z } from "zod";
import { STILL_BACKFILL_HOURS, STILL_SLOT_MS } from "../../../protocol/daily-content.ts";
import { HOUR_MS, MINUTE_MS } from "../../../protocol/durations.ts";

/** The box's clock is NTP-synchronised; this covers the upload's own travel time. */
export const TAKEN_AT_SKEW_MS = 2 * MINUTE_MS;

export const slotOf = (instant: number) => instant - (instant % STILL_SLOT_MS);

/** X-Taken-At: absent means "now"; otherwise an ISO instant within the backfill window. */
export const takenAtHeaders = z.object({
  "x-taken-at": z.iso
    .datetime({ offset: true })
    .transform((value) => Date.parse(value))
    .refine((takenAt) => takenAt <= Date.now() + TAKEN_AT_SKEW_MS, "is in the future")
    .refine(
      (takenAt) => takenAt >= Date.now() - STILL_BACKFILL_HOURS * HOUR_MS,
      `is older than ${STILL_BACKFILL_HOURS} hours`,
    )
    .optional(),
});
