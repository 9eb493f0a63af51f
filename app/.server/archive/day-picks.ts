// The day's sunset and best still: the box proposes, the owner decides (ADR 026).
import { and, eq, exists, gte, lt, not, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "#app/.server/db/client.ts";
import { dayPicks, stills } from "#app/.server/db/schema.ts";
import { queueStillDescriptions } from "#app/.server/describe/described-still.ts";
import { PICK_KINDS, type PickKind } from "#protocol/day-picks.ts";

const columns = {
  sunset: { id: dayPicks.sunsetId, by: dayPicks.sunsetBy, score: dayPicks.sunsetScore },
  best: { id: dayPicks.bestId, by: dayPicks.bestBy, score: dayPicks.bestScore },
} as const;
const parts = ["id", "by", "score"] as const;
type Part = (typeof parts)[number];
const fieldName = (kind: PickKind, part: Part) =>
  `${kind}${part[0]?.toUpperCase()}${part.slice(1)}` as `${PickKind}${"Id" | "By" | "Score"}`;

function pickFromStill(db: Db, kind: PickKind, values: Record<Part, SQL>, where: SQL | undefined) {
  const fields: Record<string, SQL.Aliased | typeof stills.day> = { day: stills.day };
  for (const each of PICK_KINDS) {
    for (const part of parts) {
      fields[fieldName(each, part)] = (each === kind ? values[part] : sql`null`).as(
        columns[each][part].name,
      );
    }
  }
  // Its fields are day_picks' columns in order, which drizzle's types cannot see.
  return db.select(fields).from(stills).where(where) as never;
}

/** For the batch that archives the proposed still: one statement, which keeps what the owner set. */
export function proposePick(db: Db, slot: Date, kind: PickKind, score: number) {
  const { by } = columns[kind];
  const values = { id: sql`${stills.id}`, by: sql`'box'`, score: sql`${score}` };
  const set = parts.map((part) => {
    const column = columns[kind][part];
    const proposed = sql.raw(`excluded.${column.name}`);
    return [
      fieldName(kind, part),
      sql`CASE WHEN ${by} = 'owner' THEN ${column} ELSE ${proposed} END`,
    ];
  });
  return db
    .insert(dayPicks)
    .select(pickFromStill(db, kind, values, eq(stills.slot, slot)))
    .onConflictDoUpdate({ target: dayPicks.day, set: Object.fromEntries(set) });
}

/** The owner's choice, or a removal (`id` null) the box never proposes over; false: no such still that day. */
export async function setOwnerPick(db: Db, day: string, kind: PickKind, id: string | null) {
  const owner = { [fieldName(kind, "id")]: id, [fieldName(kind, "by")]: "owner" as const };
  if (id === null) {
    await db
      .insert(dayPicks)
      .values({ day, ...owner })
      .onConflictDoUpdate({ target: dayPicks.day, set: owner });
    return true;
  }
  const values = { id: sql`${stills.id}`, by: sql`'owner'`, score: sql`null` };
  const where = and(eq(stills.id, id), eq(stills.day, day));
  const [written] = await db.batch([
    db
      .insert(dayPicks)
      .select(pickFromStill(db, kind, values, where))
      .onConflictDoUpdate({ target: dayPicks.day, set: owner })
      .returning({ day: dayPicks.day }),
    ...queueStillDescriptions(db, where),
  ]);
  return written.length > 0;
}

/** For the batch that deletes a still: a picked one deleted is a pick the owner removed. */
export const forgetPicksOf = (db: Db, id: string) =>
  PICK_KINDS.map((kind) =>
    db
      .update(dayPicks)
      .set({ [fieldName(kind, "id")]: null, [fieldName(kind, "by")]: "owner" })
      .where(eq(columns[kind].id, id)),
  );

const picked = exists(
  sql`(SELECT 1 FROM ${dayPicks} WHERE ${dayPicks.sunsetId} = ${stills.id} OR ${dayPicks.bestId} = ${stills.id})`,
);
/** Retention keeps every still a day's pick names. */
export const notPicked = not(picked);

/** For the batch that archives a proposal: its still is described if it became a pick. */
export const queueProposalDescriptions = (db: Db, slot: Date) =>
  queueStillDescriptions(db, and(eq(stills.slot, slot), picked));

const slotOf = (id: (typeof columns)[PickKind]["id"]) =>
  sql<number | null>`(SELECT ${stills.slot} FROM ${stills} WHERE ${stills.id} = ${id})`;

export const picksQuery = (db: Db, day: string, month: string, nextMonth: string) =>
  db
    .select({
      day: dayPicks.day,
      sunsetId: dayPicks.sunsetId,
      sunsetSlot: slotOf(dayPicks.sunsetId),
      sunsetScore: dayPicks.sunsetScore,
      bestId: dayPicks.bestId,
      bestSlot: slotOf(dayPicks.bestId),
    })
    .from(dayPicks)
    .where(
      or(
        eq(dayPicks.day, day),
        and(gte(dayPicks.day, `${month}-01`), lt(dayPicks.day, `${nextMonth}-01`)),
      ),
    );
