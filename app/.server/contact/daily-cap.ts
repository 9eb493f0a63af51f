import { lt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { contactDailyCounts } from "../db/schema";
import { utcDay } from "../visitors/visitor-id";

/** The site-wide daily cap that keeps a flood of messages out of the owner's inbox. */
export async function takeDailySlot(db: Db, limit: number): Promise<boolean> {
  const counted = await db
    .insert(contactDailyCounts)
    .values({ day: utcDay(), messages: 1 })
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
