import { and, eq, lt, sql } from "drizzle-orm";
import type { Db } from "#app/.server/db/client.ts";
import { contactSenders } from "#app/.server/db/schema.ts";
import { visitorId } from "#app/.server/pseudonyms/visitor-id.ts";
import { MESSAGES_PER_NETWORK } from "#app/features/contact/contact-fields.ts";

/** The network under the day's salt (as visitors are counted): forgotten with the salt. */
export function senderOf(db: Db, network: string, day: string): Promise<string> {
  return visitorId(db, `contact\n${network}`, day);
}

export async function takeSenderSlot(db: Db, day: string, sender: string): Promise<boolean> {
  const counted = await db
    .insert(contactSenders)
    .values({ day, sender, messages: 1 })
    .onConflictDoUpdate({
      target: [contactSenders.day, contactSenders.sender],
      set: { messages: sql`${contactSenders.messages} + 1` },
      setWhere: lt(contactSenders.messages, MESSAGES_PER_NETWORK),
    })
    .returning({ messages: contactSenders.messages });
  return counted.length === 1;
}

export async function giveBackSenderSlot(db: Db, day: string, sender: string): Promise<void> {
  await db
    .update(contactSenders)
    .set({ messages: sql`${contactSenders.messages} - 1` })
    .where(and(eq(contactSenders.day, day), eq(contactSenders.sender, sender)));
}

export function purgeEarlierSenders(db: Db, today: string) {
  return db.delete(contactSenders).where(lt(contactSenders.day, today));
}
