import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import type { Refusal } from "#app/.server/files/stored-file.ts";
import {
  type CompleteResult,
  findUpload,
  type Upload,
  type UploadOf,
} from "#app/.server/uploads/upload-store.ts";
import { partCount, partLength } from "#app/features/uploads/upload-limits.ts";
import type { CompletedUpload } from "#app/features/uploads/uploads-api.ts";
import { apiError } from "./errors.ts";
import type { ApiEnv } from "./types.ts";

// Shared by the owner's uploads and the box's films; who may send, and how, stays per route.

type UploadEnv<K extends Upload["kind"]> = ApiEnv & {
  Variables: ApiEnv["Variables"] & { upload: UploadOf<K> };
};

export type UploadWording = {
  notFound: string;
  whole: string;
  refused: Record<Refusal, string>;
  missing: Record<"parts_missing" | "versions_missing", string>;
};

export const partParam = z.object({ n: z.coerce.number().int().min(1).max(10_000) });

export function withUpload<K extends Upload["kind"]>(kinds: readonly K[], wording: UploadWording) {
  return createMiddleware<UploadEnv<K>>(async (c, next) => {
    const id = c.req.param("id") ?? "";
    const upload = /^[a-f0-9]{32}$/.test(id) ? await findUpload(c.var.db, id, kinds) : undefined;
    if (!upload) return apiError(c, 404, "not_found", wording.notFound);
    c.set("upload", upload);
    await next();
  });
}

/** R2 refuses unequal parts but the last, and a part past the end. */
export function refusePart(
  c: Context,
  upload: Upload,
  n: number,
  byteLength: number | undefined,
  wording: UploadWording,
) {
  const count = partCount(upload.byteSize);
  if (n > count) return apiError(c, 400, "invalid_part", `The ${wording.whole} has ${count} parts`);
  const expected = partLength(upload.byteSize, n);
  if (byteLength !== expected) {
    return apiError(c, 400, "invalid_part", `Part ${n} must be exactly ${expected} bytes`);
  }
  return undefined;
}

export function answerCompletion(c: Context, result: CompleteResult, wording: UploadWording) {
  if (result.ok) return c.json({ id: result.mediaId } satisfies CompletedUpload, 201);
  // Discarded while it was being completed: as if the discard had come first.
  if (result.reason === "discarded") return apiError(c, 404, "not_found", wording.notFound);
  if (result.reason === "parts_missing" || result.reason === "versions_missing") {
    return apiError(c, 409, result.reason, wording.missing[result.reason]);
  }
  if (result.reason === "implausible_tiles") {
    return apiError(
      c,
      422,
      result.reason,
      "The tile sheet must be the web version's 256×256 JPEG tiles, cut by the index sent as zoom",
    );
  }
  return apiError(c, 422, result.reason, wording.refused[result.reason]);
}
