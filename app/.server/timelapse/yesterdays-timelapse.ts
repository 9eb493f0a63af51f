import { and, eq } from "drizzle-orm";
import type { Db } from "#app/.server/db/client.ts";
import { media } from "#app/.server/db/schema.ts";
import { toPublicItem } from "#app/.server/gallery/public-item.ts";
import type { PublicMediaItem } from "#app/features/gallery/gallery-api.ts";
import type { Locale } from "#app/i18n/locales.ts";
import { addDays } from "#time/calendar-day.ts";
import { lakeDate } from "#time/lake-time.ts";

/** Yesterday's film, once published (one indexed read: `film_day` is unique). */
export async function yesterdaysTimelapse(
  db: Db,
  locale: Locale,
  mediaBase: string,
  now = Date.now(),
): Promise<PublicMediaItem | null> {
  const row = await db
    .select()
    .from(media)
    .where(and(eq(media.filmDay, addDays(lakeDate(now), -1)), eq(media.status, "published")))
    .get();
  return row ? toPublicItem(row, locale, mediaBase) : null;
}
