import { sql } from "drizzle-orm";
import type { Db } from "#app/.server/db/client.ts";
import { media } from "#app/.server/db/schema.ts";

export type MediaTotals = { images: number; videos: number; views: number; likes: number };

/** The dashboard's totals (spec §2) over the whole library, in one query; time-lapses are videos. */
export async function mediaTotals(db: Db): Promise<MediaTotals> {
  const row = await db
    .select({
      images: sql<number>`count(*) filter (where ${media.type} = 'image')`,
      videos: sql<number>`count(*) filter (where ${media.type} <> 'image')`,
      views: sql<number>`coalesce(sum(${media.viewCount}), 0)`,
      likes: sql<number>`coalesce(sum(${media.likeCount}), 0)`,
    })
    .from(media)
    .get();
  return row ?? { images: 0, videos: 0, views: 0, likes: 0 };
}
