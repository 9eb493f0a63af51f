import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { media } from "../db/schema";

export async function recordView(db: Db, id: string): Promise<number | null> {
  const row = await db
    .update(media)
    .set({ viewCount: sql`${media.viewCount} + 1` })
    .where(and(eq(media.id, id), eq(media.status, "published")))
    .returning({ views: media.viewCount })
    .get();
  return row?.views ?? null;
}
