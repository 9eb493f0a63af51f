import { z } from "zod";
import { SIGNATURE_WINDOW_SECONDS } from "#protocol/device-signature.ts";
import { STILL_BACKFILL_HOURS, STILL_SLOT_MS } from "#protocol/still-upload.ts";
import { HOUR_MS } from "#time/durations.ts";

/** As far ahead as the signature allows, so a box whose clock runs fast does not lose its stills. */
const TAKEN_AT_SKEW_MS = SIGNATURE_WINDOW_SECONDS * 1000;

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
