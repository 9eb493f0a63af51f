import { zValidator } from "@hono/zod-validator";
import { Hono } from "hono";
import { z } from "zod";
import { OEMBED_CACHE_SECONDS, oembedFor } from "#app/.server/embed/oembed.ts";
import { serverMessages } from "#app/.server/messages.ts";
import type { OembedAnswer } from "#app/features/embed/embed-api.ts";
import { createI18n } from "#app/i18n/catalogs.ts";
import { apiError, rejectInvalid } from "./errors.ts";
import type { ApiEnv } from "./types.ts";

const limit = z.coerce.number().int().min(1).max(4096).optional();
export const oembedQuery = z.object({
  url: z.url(),
  maxwidth: limit,
  maxheight: limit,
  format: z.enum(["json", "xml"]).default("json"),
});

/** oEmbed (oembed.com): a pasted link to the camera becomes the embed in WordPress, Discourse, chats. */
export const oembedRoutes = new Hono<ApiEnv>().get(
  "/",
  zValidator("query", oembedQuery, rejectInvalid(400, "invalid_query")),
  async (c) => {
    const { format, ...request } = c.req.valid("query");
    c.header("Access-Control-Allow-Origin", "*");
    // §2.3.5: a provider that does not offer a format answers 501.
    if (format === "xml") return apiError(c, 501, "format_not_offered", "Only JSON is offered");
    const answer = await oembedFor(c.var, request, (locale) =>
      createI18n(locale, serverMessages[locale]),
    );
    if (!answer)
      return apiError(c, 404, "not_found", "No embeddable page of this site has this URL");
    c.header("Cache-Control", `public, max-age=${OEMBED_CACHE_SECONDS}`);
    return c.json(answer satisfies OembedAnswer);
  },
);
