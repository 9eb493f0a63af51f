import type { z } from "zod";
import { readBody } from "./read-body.ts";

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

export type FormRead<T> = { ok: true; data: T } | { ok: false; status: 400 | 413 };

/** Anything that is not such a form is a 400 or a 413, never a 500. */
export async function readFormData(
  request: Request,
  maxBytes: number,
): Promise<FormRead<FormData>> {
  const contentType = request.headers.get("Content-Type") ?? "";
  const mediaType = contentType.split(";")[0]?.trim().toLowerCase() ?? "";
  if (!FORM_TYPES.has(mediaType) || !request.body) return { ok: false, status: 400 };
  const body = await readBody(request, maxBytes);
  if (!body) return { ok: false, status: 413 };
  try {
    const form = await new Response(body, { headers: { "Content-Type": contentType } }).formData();
    return { ok: true, data: form };
  } catch {
    return { ok: false, status: 400 };
  }
}

export async function readForm<T>(
  request: Request,
  schema: z.ZodType<T>,
  maxBytes: number,
): Promise<FormRead<T>> {
  const form = await readFormData(request, maxBytes);
  if (!form.ok) return form;
  const parsed = schema.safeParse(Object.fromEntries(form.data));
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, status: 400 };
}
