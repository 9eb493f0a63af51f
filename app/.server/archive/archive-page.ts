import { and, asc, desc, eq, exists, getTableColumns, gt, gte, lt, lte, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "#app/.server/db/client.ts";
import { stills } from "#app/.server/db/schema.ts";
import { parseLakeTime } from "#app/.server/weather/parse-lake-time.ts";
import {
  ARCHIVE_AT_PATTERN,
  type ArchivePage,
  type ArchiveStill,
  type Comparison,
  type StillStep,
} from "#app/features/archive/stills.ts";
import type { Locale } from "#app/i18n/locales.ts";
import { sunsetQuality } from "#protocol/day-picks.ts";
import { STILL_SLOT_MS } from "#protocol/still-upload.ts";
import { addDays } from "#time/calendar-day.ts";
import { lakeWallClock } from "#time/lake-time.ts";
import { picksQuery } from "./day-picks.ts";
import { monthStripsQuery, toDayStrip } from "./day-strips.ts";
import { archivedPicture, archivedSheet, newestStillQuery } from "./still-picture.ts";

type StillRow = typeof stills.$inferSelect;

/** An address names its offset only in the first pass of the hour the clocks go back. */
const addressInstant = (at: string) => (at.length > 16 ? new Date(at) : parseLakeTime(at));

/** "2026-13-45T02:30" has the pattern's shape but names no moment. */
const namesAMoment = (at: string) =>
  z.iso.date().safeParse(at.slice(0, 10)).success &&
  Number(at.slice(11, 13)) < 24 &&
  Number.isFinite(addressInstant(at)?.getTime());

const moment = z
  .string()
  // A "+" typed into an address (an offset, see lakeWallClock) arrives as a space.
  .transform((at) => at.replace(" ", "+"))
  .pipe(z.string().regex(ARCHIVE_AT_PATTERN).refine(namesAMoment))
  .optional()
  .catch(undefined);

/** Malformed parameters are ignored: the page then shows the newest still. */
export const archiveQuery = z.object({
  at: moment,
  /** The moment `at` is compared with ("then and now"). */
  vs: moment,
  day: z.iso.date().optional().catch(undefined),
  month: z
    .string()
    .regex(/^\d{4}-(?:0[1-9]|1[0-2])$/)
    .optional()
    .catch(undefined),
});
export type ArchiveQuery = z.infer<typeof archiveQuery>;

const toArchiveStill =
  (base: string) =>
  (row: StillRow): ArchiveStill => ({
    ...archivedPicture(row, base),
    id: row.id,
    at: lakeWallClock(row.slot.getTime()),
    bestOf: row.bestOf,
    sheet: archivedSheet(row, base),
  });

export function sameTimeEarlier(at: string, back: "day" | "week" | "year"): number {
  const [date, time] = [at.slice(0, 10), at.slice(11, 16)];
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1, day));
  if (back === "day") target.setUTCDate(day - 1);
  if (back === "week") target.setUTCDate(day - 7);
  // A year before 29 February is 28 February, not 1 March.
  if (back === "year")
    target.setUTCFullYear(year - 1, month - 1, month === 2 && day === 29 ? 28 : day);
  const iso = target.toISOString().slice(0, 10);
  return parseLakeTime(`${iso}T${time}`)?.getTime() ?? Number.NaN;
}

const backs = ["day", "week", "year"] as const;

/** A jump lands on the still nearest the same time, if one is within half an hour. */
const NEAR_MS = 3 * STILL_SLOT_MS;

function nearest(db: Db, instant: number) {
  return db
    .select({ slot: stills.slot })
    .from(stills)
    .where(
      and(
        gte(stills.slot, new Date(instant - NEAR_MS)),
        lte(stills.slot, new Date(instant + NEAR_MS)),
      ),
    )
    .orderBy(sql`abs(${stills.slot} - ${instant})`)
    .limit(1);
}

function selectedStill(db: Db, query: ArchiveQuery) {
  const chosen = db.select().from(stills);
  if (query.at) {
    return chosen.where(eq(stills.slot, addressInstant(query.at) ?? new Date(-1))).limit(1);
  }
  if (query.day) return chosen.where(eq(stills.day, query.day)).orderBy(desc(stills.slot)).limit(1);
  return newestStillQuery(db);
}

function neighbours(db: Db, slot: Date) {
  const pick = () => db.select({ slot: stills.slot }).from(stills);
  return [
    pick().where(lt(stills.slot, slot)).orderBy(desc(stills.slot)).limit(1),
    pick().where(gt(stills.slot, slot)).orderBy(asc(stills.slot)).limit(1),
  ] as const;
}

const nextMonth = (month: string) => {
  const [year, m] = month.split("-").map(Number) as [number, number];
  return m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, "0")}`;
};

/** The month's days with stills: a probe a day, where a walk over the month's stills read each. */
function monthDaysQuery(db: Db, month: string) {
  const days: string[] = [];
  for (let day = `${month}-01`; day.startsWith(month); day = addDays(day, 1)) days.push(day);
  const probed = sql<string>`value`;
  return db
    .select({ day: probed })
    .from(sql`json_each(${JSON.stringify(days)})`)
    .where(exists(db.select({ found: sql`1` }).from(stills).where(eq(stills.day, probed))))
    .orderBy(probed);
}

const wallClockOf = (found: { slot: Date } | undefined) =>
  found ? lakeWallClock(found.slot.getTime()) : null;

const step = (from: Date, to: Date): StillStep => ({
  at: lakeWallClock(to.getTime()),
  takenAt: to.toISOString(),
  adjacent: Math.abs(to.getTime() - from.getTime()) === STILL_SLOT_MS,
});

function comparedStill(db: Db, vs: string) {
  const instant = addressInstant(vs) ?? new Date(-1);
  const pick = () => db.select().from(stills);
  return [
    pick().where(eq(stills.slot, instant)).limit(1),
    pick().where(lt(stills.slot, instant)).orderBy(desc(stills.slot)).limit(1),
    pick().where(gt(stills.slot, instant)).orderBy(asc(stills.slot)).limit(1),
  ] as const;
}

/** The nearest is never the still being compared. */
function comparison(
  vs: string,
  shown: StillRow,
  [exact, before, after]: (StillRow | undefined)[],
  mediaBase: string,
): Comparison {
  const instant = addressInstant(vs)?.getTime() ?? 0;
  const distance = (row: StillRow) => Math.abs(row.slot.getTime() - instant);
  const nearest = [before, after]
    .filter((row): row is StillRow => row !== undefined && row.id !== shown.id)
    .toSorted((a, b) => distance(a) - distance(b))[0];
  return {
    vs,
    vsAt: addressInstant(vs)?.toISOString() ?? "",
    still: exact ? toArchiveStill(mediaBase)(exact) : null,
    nearest: nearest
      ? { at: lakeWallClock(nearest.slot.getTime()), takenAt: nearest.takenAt.toISOString() }
      : null,
  };
}

function dayPicksOf(
  row:
    | {
        sunsetId: string | null;
        sunsetSlot: number | null;
        bestId: string | null;
        bestSlot: number | null;
      }
    | undefined,
): ArchivePage["picks"] {
  const pick = (id: string | null | undefined, slot: number | null | undefined) =>
    id && slot ? { id, at: lakeWallClock(slot), takenAt: new Date(slot).toISOString() } : null;
  return { sunset: pick(row?.sunsetId, row?.sunsetSlot), best: pick(row?.bestId, row?.bestSlot) };
}

/** `today`: where the calendar opens when the archive is empty; `place`: for the strips' dawn and dusk. */
export async function loadArchivePage(
  db: Db,
  query: ArchiveQuery,
  {
    today,
    place,
    locale,
    mediaBase,
  }: {
    today: string;
    place: { latitude: number; longitude: number };
    locale: Locale;
    mediaBase: string;
  },
): Promise<ArchivePage> {
  const [[row], [first], [last]] = await db.batch([
    selectedStill(db, query),
    db.select({ day: stills.day }).from(stills).orderBy(asc(stills.slot)).limit(1),
    db.select({ day: stills.day }).from(stills).orderBy(desc(stills.slot)).limit(1),
  ]);
  const text = row?.texts?.[locale];
  const still = row
    ? {
        ...toArchiveStill(mediaBase)(row),
        ...(text && { text: { ...text, auto: row.textsBy === "machine" } }),
      }
    : null;
  const day = still?.at.slice(0, 10) ?? query.at?.slice(0, 10) ?? query.day ?? last?.day ?? today;
  const month = query.month ?? day.slice(0, 7);

  const around =
    row && still
      ? [
          ...neighbours(db, row.slot),
          ...backs.map((back) => nearest(db, sameTimeEarlier(still.at, back))),
          ...(query.vs ? comparedStill(db, query.vs) : []),
        ]
      : [];
  const [dayRows, monthRows, stripRows, pickRows, ...found] = await db.batch([
    db
      // Named: D1's batch answers rows by column name, so two unnamed nulls would shift the rest.
      .select({
        ...getTableColumns(stills),
        weather: sql<null>`null`.as("no_weather"),
        texts: sql<null>`null`.as("no_texts"),
      })
      .from(stills)
      .where(eq(stills.day, day))
      .orderBy(asc(stills.slot)),
    monthDaysQuery(db, month),
    monthStripsQuery(db, month, nextMonth(month)),
    picksQuery(db, day, month, nextMonth(month)),
    ...around,
  ]);
  const [previous, next, ...jumps] = found
    .slice(0, 5)
    .map((rows) => rows[0] as { slot: Date } | undefined);
  const [yesterday = null, weekAgo = null, yearAgo = null] = jumps.map(wallClockOf);
  const [compareYesterday, compareWeek, compareYear] = backs.map((back, index) => {
    if (!still) return null;
    const instant = sameTimeEarlier(still.at, back);
    return (
      [yesterday, weekAgo, yearAgo][index] ??
      (Number.isNaN(instant) ? null : lakeWallClock(instant))
    );
  });
  return {
    still,
    missing: Boolean(query.at) && !still,
    day,
    month,
    range: first && last ? { first: first.day, last: last.day } : null,
    dayStills: dayRows.map(({ id, slot, takenAt }) => ({
      id,
      at: lakeWallClock(slot.getTime()),
      takenAt: takenAt.toISOString(),
    })),
    hourStills: dayRows
      .filter(
        (r) => still && lakeWallClock(r.slot.getTime()).slice(0, 13) === still.at.slice(0, 13),
      )
      .map(toArchiveStill(mediaBase)),
    monthDays: monthRows.map((r) => r.day),
    monthStrips: stripRows.map((row) => toDayStrip(row, place)),
    picks: dayPicksOf(pickRows.find((r) => r.day === day)),
    sunsets: Object.fromEntries(
      pickRows.flatMap((r) => {
        const quality = r.sunsetId ? sunsetQuality(r.sunsetScore) : null;
        return quality ? [[r.day, quality]] : [];
      }),
    ),
    previous: row && previous ? step(row.slot, previous.slot) : null,
    next: row && next ? step(row.slot, next.slot) : null,
    jumps: { yesterday, weekAgo, yearAgo },
    compareWith: {
      yesterday: compareYesterday ?? null,
      weekAgo: compareWeek ?? null,
      yearAgo: compareYear ?? null,
    },
    comparison:
      query.vs && row
        ? comparison(
            query.vs,
            row,
            found.slice(5).map((rows) => rows[0] as StillRow | undefined),
            mediaBase,
          )
        : null,
  };
}
