import { and, eq, inArray, lt, type SQL } from "drizzle-orm";
import type { WorkerScope } from "#app/.server/context.ts";
import type { Db } from "#app/.server/db/client.ts";
import { stills } from "#app/.server/db/schema.ts";
import { queueStillDescriptions } from "#app/.server/describe/described-still.ts";
import { DAY_MS } from "#time/durations.ts";
import { forgetPicksOf, notPicked } from "./day-picks.ts";
import { rebuildDayStrip } from "./day-strips.ts";
import { removeRetiredStills, retirePublicCopies } from "./public-stills.ts";
import { stillKeyColumns, stillKeys } from "./still-keys.ts";
import { forgetNewestStill } from "./still-picture.ts";

export const STILL_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export async function setBestOf(db: Db, id: string, bestOf: boolean): Promise<boolean> {
  const [updated] = await db.batch([
    db.update(stills).set({ bestOf }).where(eq(stills.id, id)).returning({ id: stills.id }),
    ...(bestOf ? queueStillDescriptions(db, eq(stills.id, id)) : []),
  ]);
  return updated.length > 0;
}

/** The owner keeps the automatic texts as checked, or removes them for the template: either is final. */
export async function settleStillTexts(db: Db, id: string, keep: boolean): Promise<boolean> {
  const updated = await db
    .update(stills)
    .set(keep ? { textsBy: "owner" } : { texts: null, textsBy: "owner" })
    .where(eq(stills.id, id))
    .returning({ id: stills.id });
  return updated.length > 0;
}

/** The row goes first: a failed R2 delete leaves an object no URL serves, never a still without its picture. */
async function deleteStillsWhere(
  scope: WorkerScope,
  where: SQL,
  days: string[],
  picked: ReturnType<typeof forgetPicksOf> = [],
) {
  const { db, env } = scope;
  const [, deleted] = await db.batch([
    retirePublicCopies(db, where, Date.now()),
    db.delete(stills).where(where).returning(stillKeyColumns),
    ...days.flatMap((day) => rebuildDayStrip(db, day)),
    ...picked,
  ]);
  forgetNewestStill();
  const keys = deleted.flatMap(stillKeys);
  if (keys.length > 0) {
    await env.MEDIA.delete(keys).catch((error: unknown) => {
      console.error("stills: R2 objects left behind", keys.join(" "), error);
    });
  }
  if (deleted.length > 0) {
    await removeRetiredStills(scope).catch((error: unknown) => {
      console.error("stills: public copies left for the cron", error);
    });
  }
  return deleted.length;
}

const daysOf = async (query: PromiseLike<{ day: string }[]>) => (await query).map(({ day }) => day);

export async function deleteStill(scope: WorkerScope, id: string): Promise<number> {
  const { db } = scope;
  // A slot's id keeps its day: read before the batch, it is the day the delete changes.
  const days = await daysOf(db.select({ day: stills.day }).from(stills).where(eq(stills.id, id)));
  return deleteStillsWhere(scope, eq(stills.id, id), days, forgetPicksOf(db, id));
}

/** A run removes at most this many: a backlog goes over the next runs. */
const EXPIRY_BATCH = 100;

/** Chosen and deleted in one statement, so a still marked best of or picked meanwhile is kept. */
export async function expireStills(scope: WorkerScope, retentionDays: number) {
  const { db } = scope;
  const cutoff = new Date(Date.now() - retentionDays * DAY_MS);
  const due = db
    .select({ id: stills.id })
    .from(stills)
    .where(and(eq(stills.bestOf, false), lt(stills.slot, cutoff), notPicked))
    .orderBy(stills.slot)
    .limit(EXPIRY_BATCH);
  const days = await daysOf(
    db.selectDistinct({ day: stills.day }).from(stills).where(inArray(stills.id, due)),
  );
  return deleteStillsWhere(scope, inArray(stills.id, due), days);
}
