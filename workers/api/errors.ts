import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { z } from "zod";
import type { ApiErrorAnswer } from "#app/lib/api-error.ts";

type Issues = { issues: z.core.$ZodIssue[] };

export function apiError(c: Context, status: ContentfulStatusCode, code: string, message: string) {
  return c.json({ error: { code, message } } satisfies ApiErrorAnswer, status);
}

/** `message` replaces zod's wording where the detail would only leak how ids look. */
export function rejectInvalid(status: 400 | 404, code: string, message?: string) {
  return (result: { success: boolean; error?: Issues }, c: Context) => {
    if (result.success) return;
    const issue = result.error?.issues[0];
    const where = issue?.path.join(".") || "request";
    return apiError(c, status, code, message ?? `${where}: ${issue?.message ?? "invalid"}`);
  };
}
