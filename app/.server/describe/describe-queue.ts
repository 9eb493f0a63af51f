import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "#app/.server/db/client.ts";
import { describeJobs, type describeKinds } from "#app/.server/db/schema.ts";

/** For the caller's batch; `subjects` selects `subject_id`, `template` and `moments`; pending jobs are replaced. */
export function queueDescriptions(db: Db, kind: (typeof describeKinds)[number], subjects: SQL) {
  return [
    db
      .delete(describeJobs)
      .where(
        and(
          eq(describeJobs.state, "pending"),
          eq(describeJobs.kind, kind),
          sql`${describeJobs.subjectId} in (select subject_id from (${subjects}))`,
        ),
      ),
    // Every column in the table's order: id null is the next id.
    db
      .insert(describeJobs)
      .select(
        sql`select null, ${kind}, subject_id, template, moments, 'pending', 0, null, null, ${Date.now()}, null from (${subjects})`,
      ),
  ] as const;
}
