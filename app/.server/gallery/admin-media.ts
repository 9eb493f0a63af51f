import { and, eq, or, type SQL } from "drizzle-orm";
import type { WorkerScope } from "#app/.server/context.ts";
import type { Db } from "#app/.server/db/client.ts";
import { inList } from "#app/.server/db/in-list.ts";
import { media, type mediaStatuses, type mediaTypes } from "#app/.server/db/schema.ts";
import {
  isDescribedField,
  queueMediaDescriptions,
  undescribedUpload,
  withoutMarksOf,
} from "#app/.server/describe/described-media.ts";
import { syncPublicFiles } from "#app/.server/media-host/public-files.ts";
import { withoutItems } from "#app/.server/statistics/network-days.ts";
import { type LocalizedField, localizedFields } from "#app/features/gallery/localized-fields.ts";
import type { MediaType, mediaTypes as typesOfFields } from "#app/features/gallery/media.ts";
import {
  type AdminMediaItem,
  type BulkOutcome,
  MAX_SELECTION,
  type MatchingItem,
  type MediaFieldsPatch,
  type MediaStatus,
  type mediaStatuses as statusesOfFields,
} from "#app/features/gallery/media-fields.ts";
import { listWhere, type MatchFilters } from "./list-media.ts";
import type { MediaRow } from "./public-item.ts";
import { servedFileColumns, servedKeysOf } from "./served-files.ts";

// The browser's copy of the lists (app/features/gallery/media-fields.ts) must match the database's.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
true satisfies Same<(typeof typesOfFields)[number], (typeof mediaTypes)[number]>;
true satisfies Same<(typeof statusesOfFields)[number], (typeof mediaStatuses)[number]>;

/** The owner's thumbnails: drafts and hidden items have no public URL (ADR 015). */
const adminThumbnailUrl = (id: string) => `/api/admin/media/${id}/thumbnail`;

const tagsOf = (column: string) => column.split(",").filter(Boolean);
const tagsColumn = (tags: string[]) => `,${tags.join(",")},`;

export function toAdminItem(row: MediaRow): AdminMediaItem {
  const tags = Object.fromEntries(localizedFields("tags").map((name) => [name, tagsOf(row[name])]));
  return {
    id: row.id,
    type: row.type,
    featured: row.featured,
    status: row.status,
    source: row.source,
    takenAt: row.takenAt.toISOString(),
    titleEn: row.titleEn,
    titleDe: row.titleDe,
    titleIt: row.titleIt,
    titleFr: row.titleFr,
    titleEs: row.titleEs,
    descriptionEn: row.descriptionEn,
    descriptionDe: row.descriptionDe,
    descriptionIt: row.descriptionIt,
    descriptionFr: row.descriptionFr,
    descriptionEs: row.descriptionEs,
    ...(tags as Pick<AdminMediaItem, "tagsEn" | "tagsDe" | "tagsIt" | "tagsFr" | "tagsEs">),
    altEn: row.altEn,
    altDe: row.altDe,
    altIt: row.altIt,
    altFr: row.altFr,
    altEs: row.altEs,
    machineTranslated: row.machineTranslated as AdminMediaItem["machineTranslated"],
    machineDescribed: row.machineDescribed,
    views: row.viewCount,
    likes: row.likeCount,
    thumbnailUrl: adminThumbnailUrl(row.id),
    width: row.width,
    height: row.height,
  };
}

function columnsOf(patch: MediaFieldsPatch): Partial<typeof media.$inferInsert> {
  const { takenAt, tagsEn, tagsDe, tagsIt, tagsFr, tagsEs, ...rest } = patch;
  const tags = { tagsEn, tagsDe, tagsIt, tagsFr, tagsEs };
  return {
    ...rest,
    ...(takenAt === undefined ? {} : { takenAt: new Date(takenAt) }),
    ...Object.fromEntries(
      Object.entries(tags)
        .filter((entry): entry is [string, string[]] => entry[1] !== undefined)
        .map(([name, value]) => [name, tagsColumn(value)]),
    ),
  };
}

const titleColumns = Object.fromEntries(
  localizedFields("title").map((name) => [name, media[name]]),
) as { [N in LocalizedField<"title">]: (typeof media)[N] };

/** Named for a partial failure's message; null when there are more than "Select all" takes. */
export async function listMatching(db: Db, filters: MatchFilters): Promise<MatchingItem[] | null> {
  const rows = await db
    .select({ id: media.id, ...titleColumns })
    .from(media)
    .where(listWhere(filters, { owner: true }))
    .limit(MAX_SELECTION + 1);
  return rows.length > MAX_SELECTION ? null : rows;
}

export async function getAdminMedia(db: Db, id: string): Promise<MediaRow | null> {
  return (await db.select().from(media).where(eq(media.id, id)).get()) ?? null;
}

export async function updateMedia(
  scope: WorkerScope,
  id: string,
  patch: MediaFieldsPatch,
): Promise<MediaRow | null> {
  const { db } = scope;
  const edited = Object.keys(patch).filter(isDescribedField);
  const [[row]] = await db.batch([
    db
      .update(media)
      .set({
        ...columnsOf(patch),
        // The owner's edit ends the mark "Written automatically".
        ...(edited.length > 0 ? { machineDescribed: withoutMarksOf(edited) } : {}),
      })
      .where(eq(media.id, id))
      .returning(),
    ...(patch.status === "published"
      ? queueMediaDescriptions(db, and(eq(media.id, id), undescribedUpload) as SQL)
      : []),
  ]);
  if (row && patch.status) await syncPublicFiles(scope, servedKeysOf([row]));
  return row ?? null;
}

const outcome = (ids: string[], done: string[]): BulkOutcome => {
  const changed = new Set(done);
  return {
    done: ids.filter((id) => changed.has(id)),
    failed: ids.filter((id) => !changed.has(id)),
  };
};

export async function updateMany(
  scope: WorkerScope,
  ids: string[],
  change: { status: MediaStatus } | { type: MediaType },
): Promise<BulkOutcome> {
  const { db } = scope;
  const [rows] = await db.batch([
    db
      .update(media)
      .set(change)
      .where(inList(media.id, ids))
      .returning({ id: media.id, ...servedFileColumns }),
    ...("status" in change && change.status === "published"
      ? queueMediaDescriptions(db, and(inList(media.id, ids), undescribedUpload) as SQL)
      : []),
  ]);
  if ("status" in change) {
    await syncPublicFiles(scope, servedKeysOf(rows.map(({ id: _, ...keys }) => keys)));
  }
  return outcome(
    ids,
    rows.map((row) => row.id),
  );
}

export async function deleteMany(scope: WorkerScope, ids: string[]): Promise<BulkOutcome> {
  return outcome(ids, await deleteMediaWhere(scope, inList(media.id, ids)));
}

/** An R2 object another item still names is kept: items from before random keys (ADR 013) may share one. */
export async function deleteMediaWhere(scope: WorkerScope, where: SQL): Promise<string[]> {
  const { db } = scope;
  const keyColumns = { ...servedFileColumns, originalKey: media.originalKey };
  type KeyColumn = keyof typeof keyColumns;
  const keysOf = (rows: Record<KeyColumn, string | null>[]) =>
    rows.flatMap((row) =>
      (Object.keys(keyColumns) as KeyColumn[])
        .map((column) => row[column])
        .filter((key) => key !== null),
    );
  const doomed = db.select({ id: media.id }).from(media).where(where);
  const [, deleted] = await db.batch([
    withoutItems(db, doomed),
    db
      .delete(media)
      .where(where)
      .returning({ id: media.id, ...keyColumns }),
  ]);
  const keys = [...new Set(keysOf(deleted))];
  await syncPublicFiles(scope, keys);
  if (keys.length > 0) {
    const stillUsed = await db
      .select(keyColumns)
      .from(media)
      .where(or(...Object.values(keyColumns).map((column) => inList(column, keys))));
    const used = new Set(keysOf(stillUsed));
    const orphans = keys.filter((key) => !used.has(key));
    // Rows first: a failed R2 delete leaves objects behind, never an item without its files.
    if (orphans.length > 0) {
      await scope.env.MEDIA.delete(orphans).catch((error: unknown) => {
        console.error("media: R2 objects left behind", orphans.join(" "), error);
      });
    }
  }
  return deleted.map((row) => row.id);
}
