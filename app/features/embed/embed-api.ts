import * as z from "zod/mini";

/** `GET /api/oembed`: oembed.com §2.3.4, type "rich"; the thumbnail's three fields all or none. */
export const oembedAnswer = z.object({
  version: z.literal("1.0"),
  type: z.literal("rich"),
  title: z.string(),
  provider_name: z.string(),
  provider_url: z.url(),
  author_name: z.string(),
  author_url: z.url(),
  cache_age: z.int(),
  html: z.string(),
  width: z.int(),
  height: z.int(),
  thumbnail_url: z.optional(z.url()),
  thumbnail_width: z.optional(z.int()),
  thumbnail_height: z.optional(z.int()),
});
export type OembedAnswer = z.output<typeof oembedAnswer>;
