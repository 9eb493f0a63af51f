import { and, asc, eq, gte, isNotNull, lt, notExists, sql } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import * as schema from "#app/.server/db/schema.ts";
import { stillWeather } from "#app/features/archive/archive-api.ts";
import { type DayStrip, STRIP_GAP } from "#app/features/archive/day-strip.ts";
import { STILL_SLOT_MS } from "#protocol/still-upload.ts";
import { addDays } from "#time/calendar-day.ts";
import { civilTwilight } from "#time/civil-twilight.ts";
import { atLakeTime } from "#time/lake-time.ts";

const { dayStrips, stills } = schema;
// Not client.ts's Db: the demo seed (Node) rebuilds its days' strips too.
type Db = DrizzleD1Database<typeof schema>;

function daySlots(day: string) {
  const start = atLakeTime(day, "00:00").getTime();
  const end = atLakeTime(addDays(day, 1), "00:00").getTime();
  return { start, count: (end - start) / STILL_SLOT_MS };
}

/** For the batch that adds, replaces or deletes one of `day`'s stills (ADR 017). */
export function rebuildDayStrip(db: Db, day: string) {
  const { start, count } = daySlots(day);
  const noon = atLakeTime(day, "13:00").getTime();
  const digit = (shift: number) => sql.raw(`(((colour >> ${shift}) & 255) * 15 + 127) / 255`);
  const colours = sql<string>`(
    WITH RECURSIVE strip(n, colours) AS (
      SELECT 0, ''
      UNION ALL
      SELECT n + 1, colours || coalesce(
        (SELECT printf('%x%x%x', ${digit(16)}, ${digit(8)}, ${digit(0)}) FROM stills
          WHERE slot = ${start} + n * ${STILL_SLOT_MS} AND colour IS NOT NULL),
        ${STRIP_GAP})
      FROM strip WHERE n < ${count}
    )
    SELECT colours FROM strip WHERE n = ${count})`;
  const noonWeather = db
    .select({ weather: stills.weather })
    .from(stills)
    .where(and(eq(stills.day, day), isNotNull(stills.weather)))
    .orderBy(sql`abs(${stills.slot} - ${noon})`)
    .limit(1);
  const ofTheDay = db.select().from(stills).where(eq(stills.day, day));
  return [
    db
      .insert(dayStrips)
      .select(
        db
          .select({
            day: sql<string>`${day}`.as("day"),
            colours: colours.as("colours"),
            noonWeather: sql`(${noonWeather})`.as("noon_weather"),
          })
          .from(stills)
          .where(eq(stills.day, day))
          .limit(1),
      )
      .onConflictDoUpdate({
        target: dayStrips.day,
        set: { colours: sql`excluded.colours`, noonWeather: sql`excluded.noon_weather` },
      }),
    db.delete(dayStrips).where(and(eq(dayStrips.day, day), notExists(ofTheDay))),
  ] as const;
}

export const monthStripsQuery = (db: Db, month: string, nextMonth: string) =>
  db
    .select()
    .from(dayStrips)
    .where(and(gte(dayStrips.day, `${month}-01`), lt(dayStrips.day, `${nextMonth}-01`)))
    .orderBy(asc(dayStrips.day));

export function toDayStrip(
  row: typeof dayStrips.$inferSelect,
  place: { latitude: number; longitude: number },
): DayStrip {
  const { start, count } = daySlots(row.day);
  const { dawn, dusk } = civilTwilight(row.day, place);
  const column = (instant: Date | null, fallback: number) =>
    instant ? Math.floor((instant.getTime() - start) / STILL_SLOT_MS) : fallback;
  const [from, to] = [column(dawn, 0), Math.min(count - 1, column(dusk, count - 1))];
  const weather = stillWeather.safeParse(row.noonWeather);
  return {
    day: row.day,
    start: start + from * STILL_SLOT_MS,
    // Sent, so the page's scripts leave the still protocol (and zod) out.
    step: STILL_SLOT_MS,
    colours: row.colours.slice(3 * from, 3 * (to + 1)),
    noon: weather.success
      ? { condition: weather.data.condition, temperature: weather.data.temperature }
      : null,
  };
}
