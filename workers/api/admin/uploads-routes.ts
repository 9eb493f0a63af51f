import { zValidator } from "@hono/zod-validator";
import { type Context, Hono } from "hono";
import { z } from "zod";
import { isShareCard, startsAsJpeg } from "#app/.server/files/jpeg.ts";
import { readBody } from "#app/.server/http/read-body.ts";
import {
  completeUpload,
  createUpload,
  discard,
  doneParts,
  listUploads,
  putVersion,
  storePart,
  type UploadOf,
  versionKey,
} from "#app/.server/uploads/upload-store.ts";
import {
  CONTENT_TYPES,
  MAX_BYTES,
  type UploadKind,
  uploadKinds,
  VERSIONS,
  versions,
} from "#app/features/uploads/upload-limits.ts";
import type { OpenUpload, OpenUploads } from "#app/features/uploads/uploads-api.ts";
import { SHARE_CARD } from "#protocol/share-card.ts";
import { tileSheetIndexSchema } from "#protocol/still-facts.ts";
import { DAY_MS } from "#time/durations.ts";
import { apiError, rejectInvalid } from "#workers/api/errors.ts";
import { rateLimit } from "#workers/api/rate-limit.ts";
import type { OwnerEnv } from "#workers/api/require-owner.ts";
import {
  answerCompletion,
  partParam,
  refusePart,
  type UploadWording,
  withUpload,
} from "#workers/api/resumable-upload.ts";

type UploadEnv = OwnerEnv & {
  Variables: OwnerEnv["Variables"] & { upload: UploadOf<UploadKind> };
};

const badBody = rejectInvalid(400, "invalid_body");
const EARLIEST_TAKEN_AT = Date.UTC(1990, 0, 1);
/** The latest instant a JavaScript Date can hold: anything later is not a file's date. */
const LATEST_DATE = 8.64e15;

const newUpload = z
  .object({
    kind: z.enum(uploadKinds),
    fileName: z.string().trim().min(1).max(255),
    byteSize: z.number().int().positive(),
    contentType: z.enum([...CONTENT_TYPES.photo, ...CONTENT_TYPES.video]),
    lastModified: z.number().int().nonnegative().max(LATEST_DATE),
  })
  .refine((body) => (CONTENT_TYPES[body.kind] as readonly string[]).includes(body.contentType), {
    message: "does not match the kind",
    path: ["contentType"],
  });

const measurements = z.object({
  width: z.number().int().min(16).max(30_000),
  height: z.number().int().min(16).max(30_000),
  durationSeconds: z
    .number()
    .positive()
    .max(24 * 3600)
    .optional(),
  takenAt: z
    .number()
    .int()
    .refine((ms) => ms >= EARLIEST_TAKEN_AT && ms <= Date.now() + DAY_MS, "implausible"),
  zoom: tileSheetIndexSchema.optional(),
});

const versionParam = z.object({ version: z.enum(versions) });

const rateLimited = rateLimit<OwnerEnv>("UPLOAD_RATE_LIMIT", (c) => c.var.session.id);

const wording: UploadWording = {
  notFound: "No such upload",
  whole: "file",
  refused: {
    unsupported_content: "The file is not a JPEG photo or an MP4/MOV video",
    not_whole:
      "The file or one of its versions is not whole (cut short, or with more after its end): upload it again through the Upload tab",
    location_data:
      "The file or one of its versions tells where it was taken (EXIF GPS, XMP or QuickTime location): upload it through the Upload tab, which removes the location",
  },
  missing: {
    parts_missing: "Parts of this upload are missing",
    versions_missing: "Versions of this upload are missing",
  },
};

const noSuchUpload = (c: Context) => apiError(c, 404, "not_found", wording.notFound);

async function openUpload(
  c: { var: { db: OwnerEnv["Variables"]["db"] } },
  upload: UploadOf<UploadKind>,
): Promise<OpenUpload> {
  return {
    id: upload.id,
    kind: upload.kind,
    fileName: upload.fileName,
    byteSize: upload.byteSize,
    lastModified: upload.fileModifiedAt.getTime(),
    partSize: upload.partSize,
    doneParts: await doneParts(c.var.db, upload.id),
  };
}

export const uploadsRoutes = new Hono<UploadEnv>()
  .use("*", rateLimited)
  // "/:id/*" also matches "/:id" itself.
  .use("/:id/*", withUpload(uploadKinds, wording))
  .get("/", async (c) => {
    const open = await listUploads(c.var.db);
    const uploads = await Promise.all(open.map((upload) => openUpload(c, upload)));
    return c.json({ uploads } satisfies OpenUploads);
  })
  .post("/", zValidator("json", newUpload, badBody), async (c) => {
    const input = c.req.valid("json");
    if (input.byteSize > MAX_BYTES[input.kind]) {
      const limit = `${MAX_BYTES[input.kind] / 1024 / 1024} MiB`;
      return apiError(c, 413, "too_large", `A ${input.kind} may be at most ${limit}`);
    }
    const upload = await createUpload(c.var.db, c.env.MEDIA, input);
    return c.json(await openUpload(c, upload), 201);
  })
  .get("/:id", async (c) => c.json(await openUpload(c, c.var.upload)))
  .put("/:id/parts/:n", zValidator("param", partParam, badBody), async (c) => {
    const { upload } = c.var;
    const { n } = c.req.valid("param");
    const { body } = c.req.raw;
    const length = Number(c.req.header("Content-Length"));
    const refused = refusePart(c, upload, n, body ? length : undefined, wording);
    if (refused || !body) return refused;
    let stored: boolean;
    try {
      // FixedLengthStream gives R2 a known length and fails a body that ends early.
      stored = await storePart(
        c.var.db,
        c.env.MEDIA,
        upload,
        n,
        body.pipeThrough(new FixedLengthStream(length)),
      );
    } catch {
      return apiError(c, 400, "invalid_part", `Part ${n} did not arrive whole`);
    }
    return stored ? c.body(null, 204) : noSuchUpload(c);
  })
  .put("/:id/:version", zValidator("param", versionParam, badBody), async (c) => {
    const { upload } = c.var;
    const { version } = c.req.valid("param");
    const key = versionKey(upload, version);
    if (!key) {
      return apiError(c, 400, "invalid_version", `This upload has no ${version} version`);
    }
    const { maxBytes } = VERSIONS[version];
    const bytes = await readBody(c.req.raw, maxBytes);
    if (!bytes) {
      return apiError(
        c,
        413,
        "too_large",
        `The ${version} version may be at most ${maxBytes} bytes`,
      );
    }
    if (!startsAsJpeg(bytes)) {
      return apiError(c, 415, "not_jpeg", `The ${version} version must be a JPEG`);
    }
    if (version === "card" && !isShareCard(bytes)) {
      const { width, height } = SHARE_CARD;
      return apiError(
        c,
        422,
        "implausible_version",
        `The card must be one whole JPEG of ${width}×${height} pixels`,
      );
    }
    const stored = await putVersion(c.var.db, c.env.MEDIA, upload, key, bytes);
    return stored ? c.body(null, 204) : noSuchUpload(c);
  })
  .post("/:id/complete", zValidator("json", measurements, badBody), async (c) => {
    const { upload } = c.var;
    const measured = c.req.valid("json");
    if ((upload.kind === "video") !== (measured.durationSeconds !== undefined)) {
      return apiError(c, 400, "invalid_body", "durationSeconds: only videos have a duration");
    }
    const result = await completeUpload(c.var.db, c.env.MEDIA, upload, measured);
    return answerCompletion(c, result, wording);
  })
  .delete("/:id", async (c) => {
    // Completed (or discarded) meanwhile: gone as an upload, as if it had never been found.
    if (!(await discard(c.var.db, c.env.MEDIA, c.var.upload))) {
      return noSuchUpload(c);
    }
    return c.body(null, 204);
  });
