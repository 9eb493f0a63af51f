import { and, asc, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "#app/.server/db/client.ts";
import { describeDays, describeJobs, type describeKinds } from "#app/.server/db/schema.ts";
import { utcDay } from "#app/.server/pseudonyms/visitor-id.ts";
import {
  type DescriptionModel,
  type Descriptions,
  describePictures,
  neuronsOf,
  type Pictures,
} from "./describe-model.ts";
import { describedMedia } from "./described-media.ts";
import { describedStill } from "./described-still.ts";

/** After this many failed calls a job is given up: the template stays (ADR 029). */
const DESCRIBE_ATTEMPTS = 3;
/** Per cron run, so a run stays well inside its time and a backlog drains over the day. */
const JOBS_PER_RUN = 2;

type DescribeKind = (typeof describeKinds)[number];
type DescribeJob = typeof describeJobs.$inferSelect;

export type DescribedSubject = {
  pictures(db: Db, bucket: R2Bucket, job: DescribeJob): Promise<Pictures | null>;
  write(db: Db, job: DescribeJob, texts: Descriptions): Promise<BatchItem<"sqlite">[]>;
};

const subjects: Record<DescribeKind, DescribedSubject> = {
  media: describedMedia,
  still: describedStill,
};

/** One of the UTC day's calls (the allowance resets then), in one statement so runs cannot race. */
async function takeCall(db: Db, cap: number): Promise<boolean> {
  if (cap <= 0) return false;
  const taken = await db
    .insert(describeDays)
    .values({ day: utcDay(), calls: 1 })
    .onConflictDoUpdate({
      target: describeDays.day,
      set: { calls: sql`${describeDays.calls} + 1` },
      setWhere: sql`${describeDays.calls} < ${cap}`,
    })
    .returning({ calls: describeDays.calls });
  return taken.length > 0;
}

export async function describeToday(db: Db): Promise<{ calls: number; neurons: number }> {
  const row = await db.select().from(describeDays).where(eq(describeDays.day, utcDay())).get();
  return { calls: row?.calls ?? 0, neurons: row ? neuronsOf(row) : 0 };
}

export async function runDescribeJobs(
  db: Db,
  bucket: R2Bucket,
  model: DescriptionModel,
  { cap, cameraLocation }: { cap: number; cameraLocation: string },
): Promise<void> {
  const due = await db
    .select()
    .from(describeJobs)
    .where(eq(describeJobs.state, "pending"))
    .orderBy(asc(describeJobs.id))
    .limit(JOBS_PER_RUN);
  for (const job of due) {
    const subject = subjects[job.kind];
    const pictures = await subject.pictures(db, bucket, job);
    if (!pictures) {
      await finish(db, job, "failed");
      continue;
    }
    if (!(await takeCall(db, cap))) return;
    const claimed = await db
      .update(describeJobs)
      .set({ attempts: sql`${describeJobs.attempts} + 1` })
      .where(and(eq(describeJobs.id, job.id), eq(describeJobs.attempts, job.attempts)))
      .returning({ attempts: describeJobs.attempts });
    const attempts = claimed[0]?.attempts;
    if (attempts === undefined) continue;
    try {
      const { texts, usage } = await describePictures(model, pictures, cameraLocation);
      const tokens = { tokensIn: usage?.tokensIn ?? 0, tokensOut: usage?.tokensOut ?? 0 };
      const writes = await subject.write(db, job, texts);
      await db.batch([
        finishStatement(db, job, "done", tokens),
        db
          .update(describeDays)
          .set({
            tokensIn: sql`${describeDays.tokensIn} + ${tokens.tokensIn}`,
            tokensOut: sql`${describeDays.tokensOut} + ${tokens.tokensOut}`,
          })
          .where(eq(describeDays.day, utcDay())),
        ...writes,
      ]);
    } catch (error) {
      if (attempts < DESCRIBE_ATTEMPTS) {
        console.warn(`describe: job ${job.id}, attempt ${attempts} failed`, error);
        continue;
      }
      console.error(`describe: job ${job.id} failed ${attempts} times, the template stays`, error);
      await finish(db, job, "failed");
    }
  }
}

function finishStatement(
  db: Db,
  job: DescribeJob,
  state: "done" | "failed",
  tokens: { tokensIn: number; tokensOut: number } | null = null,
) {
  return db
    .update(describeJobs)
    .set({ state, finishedAt: new Date(), ...tokens })
    .where(eq(describeJobs.id, job.id));
}

async function finish(db: Db, job: DescribeJob, state: "done" | "failed"): Promise<void> {
  await finishStatement(db, job, state);
}
