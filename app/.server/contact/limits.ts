import type { Db } from "#app/.server/db/client.ts";
import { utcDay } from "#app/.server/pseudonyms/visitor-id.ts";
import type { ContactLimit } from "#app/features/contact/contact-fields.ts";
import { dailyAllowance, messagesOfDay, OPEN_MESSAGES, takeDailySlot } from "./daily-cap.ts";
import { giveBackSenderSlot, senderOf, takeSenderSlot } from "./senders.ts";

type Sending = { cap: number; proven: boolean; now: number };

function allowance({ cap, proven, now }: Sending): number {
  return proven ? dailyAllowance(cap, now) : Math.min(cap, OPEN_MESSAGES);
}

export async function limitOfDay(db: Db, sending: Sending): Promise<ContactLimit | null> {
  const sent = await messagesOfDay(db, utcDay(new Date(sending.now)));
  if (sent >= sending.cap) return "tomorrow";
  if (sent >= allowance(sending)) return sending.proven ? "later" : "javascript";
  return null;
}

/** The site's count is taken only up to what the day allows, whatever raced (ADR 012). */
export async function takeMessageSlots(
  db: Db,
  network: string,
  sending: Sending,
): Promise<ContactLimit | null> {
  const day = utcDay(new Date(sending.now));
  const sender = await senderOf(db, network, day);
  if (!(await takeSenderSlot(db, day, sender))) return "network";
  if (await takeDailySlot(db, day, allowance(sending))) return null;
  await giveBackSenderSlot(db, day, sender);
  return (await limitOfDay(db, sending)) ?? "later";
}

export async function proofNeeded(db: Db, now = Date.now()): Promise<boolean> {
  return (await messagesOfDay(db, utcDay(new Date(now)))) >= OPEN_MESSAGES;
}
