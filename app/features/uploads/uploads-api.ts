import * as z from "zod/mini";
import { uploadKinds } from "./upload-limits.ts";

export const openUpload = z.object({
  id: z.string(),
  kind: z.enum(uploadKinds),
  fileName: z.string(),
  byteSize: z.int(),
  lastModified: z.int(),
  partSize: z.int(),
  doneParts: z.array(z.int()),
});
export type OpenUpload = z.output<typeof openUpload>;

export const openUploads = z.object({ uploads: z.array(openUpload) });
export type OpenUploads = z.output<typeof openUploads>;

export const completedUpload = z.object({ id: z.string() });
export type CompletedUpload = z.output<typeof completedUpload>;
