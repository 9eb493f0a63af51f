import * as z from "zod/mini";

/** `GET /api/health`: 503 with `degraded` when D1 does not answer. */
export const healthAnswer = z.object({
  status: z.enum(["ok", "degraded"]),
  build: z.string(),
  db: z.enum(["ok", "unreachable"]),
});
export type HealthAnswer = z.output<typeof healthAnswer>;

export const buildAnswer = z.object({ buildId: z.string() });
export type BuildAnswer = z.output<typeof buildAnswer>;

export const settingsAnswer = z.object({ maintenance: z.boolean() });
export type PublicSettings = z.output<typeof settingsAnswer>;
