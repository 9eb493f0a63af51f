import { zValidator } from "@hono/zod-validator";
import { type Context, Hono } from "hono";
import { z } from "zod";
import { langQuery, listMedia, listQuery } from "#app/.server/gallery/list-media.ts";
import { countLike } from "#app/.server/gallery/once-a-day.ts";
import { toPublicItem } from "#app/.server/gallery/public-item.ts";
import { getPublishedMedia, MEDIA_ID_PATTERN } from "#app/.server/gallery/published-media.ts";
import { clientNetwork } from "#app/.server/http/client-address.ts";
import { mediaBase } from "#app/.server/media-host/public-url.ts";
import { networkId, utcDay } from "#app/.server/pseudonyms/visitor-id.ts";
import type { LikeAnswer, MediaPage, PublicMediaItem } from "#app/features/gallery/gallery-api.ts";
import { apiError, rejectInvalid } from "./errors.ts";
import { rateLimit } from "./rate-limit.ts";
import type { ApiEnv } from "./types.ts";

const idParam = z.object({ id: z.string().regex(MEDIA_ID_PATTERN, "unknown media id") });

const notFound = rejectInvalid(404, "not_found", "No such media item");
const badQuery = rejectInvalid(400, "invalid_query");

function cacheInLanguage(c: Context<ApiEnv>) {
  c.header("Cache-Control", "public, max-age=30");
  c.header("Vary", "Cookie, Accept-Language");
}

/** Likes, limited per network: a few people behind one address still fit. */
const limited = rateLimit("MEDIA_RATE_LIMIT", (c) => `like:${clientNetwork(c.req.raw)}`);

async function todaysNetwork(c: Context<ApiEnv>) {
  const day = utcDay();
  return { day, network: await networkId(c.var.db, clientNetwork(c.req.raw), day) };
}

export const galleryRoutes = new Hono<ApiEnv>()
  .get("/", zValidator("query", listQuery, badQuery), async (c) => {
    const filters = { ...c.req.valid("query"), lang: c.var.locale };
    const { rows, nextCursor } = await listMedia(c.var.db, filters);
    cacheInLanguage(c);
    const items = rows.map((row) => toPublicItem(row, filters.lang, mediaBase(c.var.config)));
    return c.json({ items, nextCursor } satisfies MediaPage);
  })
  .get(
    "/:id",
    zValidator("param", idParam, notFound),
    zValidator("query", langQuery, badQuery),
    async (c) => {
      const row = await getPublishedMedia(c.var.db, c.req.valid("param").id);
      if (!row) return apiError(c, 404, "not_found", "No such media item");
      cacheInLanguage(c);
      return c.json(
        toPublicItem(row, c.var.locale, mediaBase(c.var.config)) satisfies PublicMediaItem,
      );
    },
  )
  .post("/:id/like", zValidator("param", idParam, notFound), limited, async (c) => {
    const { day, network } = await todaysNetwork(c);
    const result = await countLike(c.var.db, c.req.valid("param").id, network, day);
    if (!result) return apiError(c, 404, "not_found", "No such media item");
    return c.json({ likes: result.count, liked: true } satisfies LikeAnswer);
  });
