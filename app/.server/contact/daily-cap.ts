import { eq, lt, sql } from "drizzle-orm";
import type { Db } from "#app/.server/db/client.ts";
import { contactDailyCounts } from "#app/.server/db/schema.ts";
import { DAY_MS } from "#time/durations.ts";

/** The day's messages that need only the maths question; later ones need a proof of work too. */
export const OPEN_MESSAGES = 20;

/** The cap is released evenly through the day, so a morning's flood cannot spend the evening's. */
export function dailyAllowance(limit: number, now: number): number {
  if (limit <= OPEN_MESSAGES) return limit;
  const dayDone = ((now % DAY_MS) + 1) / DAY_MS;
  return OPEN_MESSAGES + Math.ceil((limit - OPEN_MESSAGES) * dayDone);
}

export async function messagesOfDay(db: Db, day: string): Promise<number> {
  const row = await db
    .select({ messages: contactDailyCounts.messages })
    .from(contactDailyCounts)
    .where(eq(contactDailyCounts.day, day))
    .get();
  return row?.messages ?? 0;
}

export async function takeDailySlot(db: Db, day: string, limit: number): Promise<boolean> {
  const counted = await db
    .insert(contactDailyCounts)
    .values({ day, messages: 1 })
    .onConflictDoUpdate({
      target: contactDailyCounts.day,
      set: { messages: sql`${contactDailyCounts.messages} + 1` },
      setWhere: lt(contactDailyCounts.messages, limit),
    })
    .returning({ messages: contactDailyCounts.messages });
  return counted.length === 1;
}

export function purgeEarlierDays(db: Db, today: string) {
  return db.delete(contactDailyCounts).where(lt(contactDailyCounts.day, today));
}
