import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import type { StillTexts } from "#app/features/archive/stills.ts";
import { uploadKinds } from "#app/features/uploads/upload-limits.ts";
import type { TileSheetIndex } from "#protocol/tile-sheet.ts";

export const siteSettings = sqliteTable(
  "site_settings",
  {
    id: integer("id").primaryKey(),
    maintenance: integer("maintenance", { mode: "boolean" }).notNull().default(false),
    /** The camera's alert mails go out in the language the owner last used in the admin. */
    ownerLocale: text("owner_locale").notNull().default("de"),
    /** JSON list of the camera alerts switched on (features/camera); null: all of them. */
    cameraAlerts: text("camera_alerts"),
    /** The last published item whose files the cron copied to the public bucket (ADR 008). */
    publicFilesBackfill: text("public_files_backfill"),
    /** The stills the cron copies to the public bucket are older than this slot (ADR 027). */
    publicStillsBackfill: integer("public_stills_backfill", { mode: "timestamp_ms" }),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [check("site_settings_single_row", sql`${t.id} = 1`)],
);

export const mediaTypes = ["image", "video", "timelapse"] as const;

export const mediaStatuses = ["draft", "published", "hidden"] as const;

export const media = sqliteTable(
  "media",
  {
    id: text("id").primaryKey(),
    type: text("type", { enum: mediaTypes }).notNull(),
    titleEn: text("title_en").notNull().default(""),
    titleDe: text("title_de").notNull().default(""),
    titleIt: text("title_it").notNull().default(""),
    titleFr: text("title_fr").notNull().default(""),
    titleEs: text("title_es").notNull().default(""),
    descriptionEn: text("description_en").notNull().default(""),
    descriptionDe: text("description_de").notNull().default(""),
    descriptionIt: text("description_it").notNull().default(""),
    descriptionFr: text("description_fr").notNull().default(""),
    descriptionEs: text("description_es").notNull().default(""),
    /** ",sunset,harbour,": lower-case tags between commas. */
    tagsEn: text("tags_en").notNull().default(","),
    tagsDe: text("tags_de").notNull().default(","),
    tagsIt: text("tags_it").notNull().default(","),
    tagsFr: text("tags_fr").notNull().default(","),
    tagsEs: text("tags_es").notNull().default(","),
    /** The per-language fields Workers AI filled and the owner has not edited since. */
    machineTranslated: text("machine_translated", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    /** A picture's text alternative per language; empty: its title stands in. */
    altEn: text("alt_en").notNull().default(""),
    altDe: text("alt_de").notNull().default(""),
    altIt: text("alt_it").notNull().default(""),
    altFr: text("alt_fr").notNull().default(""),
    altEs: text("alt_es").notNull().default(""),
    /** The per-language fields Workers AI described and the owner has not edited since. */
    machineDescribed: text("machine_described", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    source: text("source").notNull().default(""),
    status: text("status", { enum: mediaStatuses }).notNull().default("draft"),
    featured: integer("featured", { mode: "boolean" }).notNull().default(false),
    viewCount: integer("view_count").notNull().default(0),
    likeCount: integer("like_count").notNull().default(0),
    takenAt: integer("taken_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    fileKey: text("file_key").notNull(),
    /** The owner's file as uploaded (with its metadata): never served to visitors. */
    originalKey: text("original_key"),
    thumbnailKey: text("thumbnail_key").notNull(),
    /** A photo's versions for phones and the grid (ADR 031); none for films and older photos. */
    mediumKey: text("medium_key"),
    smallKey: text("small_key"),
    /** Its share card (SHARE_CARD) for link previews; none from older boxes and uploads. */
    cardKey: text("card_key"),
    /** A photo's web version as a tile sheet with its index, for zoom past the screen (ADR 032). */
    tilesKey: text("tiles_key"),
    zoom: text("zoom", { mode: "json" }).$type<TileSheetIndex>(),
    contentType: text("content_type").notNull(),
    byteSize: integer("byte_size").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    durationSeconds: real("duration_seconds"),
    /** The lake-time day a camera box film shows: one film per day, replaced on a re-run. */
    filmDay: text("film_day"),
  },
  (t) => [
    uniqueIndex("media_film_day").on(t.filmDay),
    index("media_status_taken").on(t.status, t.takenAt, t.id),
    index("media_status_type_taken").on(t.status, t.type, t.takenAt, t.id),
    index("media_status_featured_taken").on(t.status, t.featured, t.takenAt, t.id),
    index("media_file_key").on(t.fileKey),
    index("media_thumbnail_key").on(t.thumbnailKey),
    index("media_medium_key").on(t.mediumKey),
    index("media_small_key").on(t.smallKey),
    index("media_card_key").on(t.cardKey),
    index("media_tiles_key").on(t.tilesKey),
  ],
);

/** Files a film's re-run replaced: pages rendered before still name them until `deleteAfter`. */
export const retiredFiles = sqliteTable(
  "retired_files",
  {
    key: text("key").primaryKey(),
    mediaId: text("media_id").notNull(),
    contentType: text("content_type").notNull(),
    deleteAfter: integer("delete_after", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("retired_files_delete_after").on(t.deleteAfter)],
);

/** Public copies of a replaced or removed still: pages rendered before name them until `deleteAfter`. */
export const retiredStills = sqliteTable(
  "retired_stills",
  {
    publicId: text("public_id").primaryKey(),
    deleteAfter: integer("delete_after", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("retired_stills_delete_after").on(t.deleteAfter)],
);

export const likeSalts = sqliteTable("like_salts", {
  day: text("day").primaryKey(),
  salt: text("salt").notNull(),
});

export const weatherSources = [
  "weather",
  "lake_level",
  "water_temperature_north",
  "water_temperature_south",
] as const;

/** A row with null data records attempts that never succeeded, so a new deploy fetches only once. */
export const weatherReadings = sqliteTable("weather_readings", {
  source: text("source", { enum: weatherSources }).primaryKey(),
  provider: text("provider"),
  data: text("data", { mode: "json" }),
  measuredAt: integer("measured_at", { mode: "timestamp_ms" }),
  fetchedAt: integer("fetched_at", { mode: "timestamp_ms" }),
  attemptedAt: integer("attempted_at", { mode: "timestamp_ms" }).notNull(),
});

/** The owner's logins: a session cookie is valid only while its row exists. */
export const adminSessions = sqliteTable(
  "admin_sessions",
  {
    id: text("id").primaryKey(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("admin_sessions_expires").on(t.expiresAt)],
);

/** Only the nonce, until the challenge expires: nothing of a message is ever stored. */
export const contactNonces = sqliteTable(
  "contact_nonces",
  {
    nonce: text("nonce").primaryKey(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("contact_nonces_expires").on(t.expiresAt)],
);

export const contactDailyCounts = sqliteTable("contact_daily_counts", {
  day: text("day").primaryKey(),
  messages: integer("messages").notNull(),
});

export const contactSenders = sqliteTable(
  "contact_senders",
  {
    day: text("day").notNull(),
    sender: text("sender").notNull(),
    messages: integer("messages").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.sender] })],
);

/** The R2 binding cannot list uploaded parts, so their ETags are kept here to resume. */
export const uploads = sqliteTable(
  "uploads",
  {
    id: text("id").primaryKey(),
    kind: text("kind", { enum: [...uploadKinds, "timelapse"] }).notNull(),
    /** Never part of a key. */
    fileName: text("file_name").notNull(),
    byteSize: integer("byte_size").notNull(),
    contentType: text("content_type").notNull(),
    fileModifiedAt: integer("file_modified_at", { mode: "timestamp_ms" }).notNull(),
    partSize: integer("part_size").notNull(),
    objectKey: text("object_key").notNull(),
    r2UploadId: text("r2_upload_id").notNull(),
    fileKey: text("file_key").notNull(),
    thumbnailKey: text("thumbnail_key").notNull(),
    mediumKey: text("medium_key"),
    smallKey: text("small_key"),
    cardKey: text("card_key"),
    tilesKey: text("tiles_key"),
    /** A film's hash: the box resumes an upload only for the very same file. */
    sha256: text("sha256"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("uploads_created").on(t.createdAt)],
);

export const uploadParts = sqliteTable(
  "upload_parts",
  {
    uploadId: text("upload_id")
      .notNull()
      .references(() => uploads.id, { onDelete: "cascade" }),
    partNumber: integer("part_number").notNull(),
    etag: text("etag").notNull(),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.partNumber] })],
);

export const analyticsDimensions = [
  "views",
  "visitors",
  "page",
  "referrer",
  "country",
  "device",
  "language",
  "event",
  "embed",
  // A sampled live start's speed and page load's Web Vitals, a counter per bucket
  // (speedMetrics in app/features/statistics/speed-report.ts).
  "live_start",
  "lcp",
  "inp",
  "cls",
] as const;

export const analyticsCounts = sqliteTable(
  "analytics_counts",
  {
    day: text("day").notNull(),
    dimension: text("dimension", { enum: analyticsDimensions }).notNull(),
    value: text("value").notNull(),
    count: integer("count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.dimension, t.value] })],
);

/** A network's day under its salted pseudonym (ADR 014); WITHOUT ROWID in 0028, as drizzle cannot say so. */
export const networkDays = sqliteTable(
  "network_days",
  {
    day: text("day").notNull(),
    network: text("network").notNull(),
    visitors: text("visitors", { mode: "json" }).$type<string[]>().notNull().default([]),
    liked: text("liked", { mode: "json" }).$type<string[]>().notNull().default([]),
    viewed: text("viewed", { mode: "json" }).$type<string[]>().notNull().default([]),
  },
  (t) => [primaryKey({ columns: [t.day, t.network] })],
);

/** A referring site is named once visitors from three of these 64 network buckets came. */
export const analyticsReferrerNetworks = sqliteTable(
  "analytics_referrer_networks",
  {
    day: text("day").notNull(),
    host: text("host").notNull(),
    bucket: integer("bucket").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.host, t.bucket] })],
);

export const usageDays = sqliteTable("usage_days", {
  day: text("day").primaryKey(),
  requests: integer("requests").notNull(),
  rowsRead: integer("rows_read").notNull(),
  rowsWritten: integer("rows_written").notNull(),
  objectRequests: integer("object_requests").notNull(),
});

/** `day` is the lake-time date, so the calendar needs no time-zone arithmetic in SQL (ADR 017). */
export const stills = sqliteTable(
  "stills",
  {
    id: text("id").primaryKey(),
    slot: integer("slot", { mode: "timestamp_ms" }).notNull(),
    day: text("day").notNull(),
    takenAt: integer("taken_at", { mode: "timestamp_ms" }).notNull(),
    fileKey: text("file_key").notNull(),
    thumbnailKey: text("thumbnail_key"),
    mediumKey: text("medium_key"),
    smallKey: text("small_key"),
    cardKey: text("card_key"),
    /** A proposed still's full frame, 2560 wide, and its tile sheet with the sheet's index (ADR 032). */
    largeKey: text("large_key"),
    tilesKey: text("tiles_key"),
    zoom: text("zoom", { mode: "json" }).$type<TileSheetIndex>(),
    byteSize: integer("byte_size").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    weather: text("weather", { mode: "json" }),
    /** Kept forever; the others expire after STILL_RETENTION_DAYS. */
    bestOf: integer("best_of", { mode: "boolean" }).notNull().default(false),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    /** Its mean colour (0xrrggbb) as the box measured it; null from a box before that. */
    colour: integer("colour"),
    /** Alt text and a line per language, for a picked or best-of still (ADR 029). */
    texts: text("texts", { mode: "json" }).$type<StillTexts>(),
    /** Who wrote `texts`; the owner's, a removal too, is never overwritten. */
    textsBy: text("texts_by", { enum: ["machine", "owner"] }),
    /** Names its copies in the public bucket, new with each picture; null until they are there. */
    publicId: text("public_id"),
  },
  (t) => [
    uniqueIndex("stills_slot").on(t.slot),
    index("stills_day_slot").on(t.day, t.slot),
    index("stills_best_slot").on(t.bestOf, t.slot),
    index("stills_file_key").on(t.fileKey),
    index("stills_thumbnail_key").on(t.thumbnailKey),
    index("stills_medium_key").on(t.mediumKey),
    index("stills_small_key").on(t.smallKey),
  ],
);

/** A row a day, so the month view reads no still: each slot's "#rgb" from lake midnight (ADR 017). */
export const dayStrips = sqliteTable("day_strips", {
  day: text("day").primaryKey(),
  colours: text("colours").notNull(),
  noonWeather: text("noon_weather", { mode: "json" }),
});

/** The owner's choice, a removal (id null) too, is never overwritten by the box (ADR 026); scores 0–100. */
export const dayPicks = sqliteTable(
  "day_picks",
  {
    day: text("day").primaryKey(),
    sunsetId: text("sunset_id"),
    sunsetBy: text("sunset_by", { enum: ["box", "owner"] }),
    sunsetScore: real("sunset_score"),
    bestId: text("best_id"),
    bestBy: text("best_by", { enum: ["box", "owner"] }),
    bestScore: real("best_score"),
  },
  (t) => [index("day_picks_sunset_id").on(t.sunsetId), index("day_picks_best_id").on(t.bestId)],
);

export const describeKinds = ["media", "still"] as const;
export const describeStates = ["pending", "done", "failed"] as const;

/** Pictures waiting for Workers AI's description; `template` holds the texts it may replace. */
export const describeJobs = sqliteTable(
  "describe_jobs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind", { enum: describeKinds }).notNull(),
    subjectId: text("subject_id").notNull(),
    template: text("template", { mode: "json" }).$type<Record<string, string>>().notNull(),
    /** A film's start, middle and end (ms): the archive stills nearest them are what it shows. */
    moments: text("moments", { mode: "json" }).$type<number[]>(),
    state: text("state", { enum: describeStates }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    tokensIn: integer("tokens_in"),
    tokensOut: integer("tokens_out"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    finishedAt: integer("finished_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("describe_jobs_state_id").on(t.state, t.id)],
);

/** Workers AI calls per UTC day (its free allowance resets at 00:00 UTC): the cap's counter. */
export const describeDays = sqliteTable("describe_days", {
  day: text("day").primaryKey(),
  calls: integer("calls").notNull(),
  tokensIn: integer("tokens_in").notNull().default(0),
  tokensOut: integer("tokens_out").notNull().default(0),
});

/** Media host URLs whose cached copies must go (a hidden or deleted file); the cron retries them. */
export const cachePurges = sqliteTable("cache_purges", {
  url: text("url").primaryKey(),
  queuedAt: integer("queued_at", { mode: "timestamp_ms" }).notNull(),
});
