import * as z from "zod/mini";

/** How the API refuses (workers/api/errors.ts): every status that is not a success. */
export const apiErrorAnswer = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
});
export type ApiErrorAnswer = z.output<typeof apiErrorAnswer>;
