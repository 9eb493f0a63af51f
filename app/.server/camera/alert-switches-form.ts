import { z } from "zod";

// A checked box sends "on", an unchecked one nothing.
const checked = z
  .literal("on")
  .optional()
  .transform((value) => value === "on");

export const alertSwitchesForm = z.object({
  intent: z.literal("alerts"),
  offline: checked,
  timelapse: checked,
  power: checked,
  card: checked,
});
