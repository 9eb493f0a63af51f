// Generated from the routes' own zod schemas (issue 36): a schema changed is the document changed.
import { toJSONSchema, type z } from "zod";
import { STILL_ID_PATTERN } from "#app/.server/archive/manage-stills.ts";
import { langQuery, listQuery } from "#app/.server/gallery/list-media.ts";
import { MEDIA_ID_PATTERN } from "#app/.server/gallery/published-media.ts";
import { oembedAnswer } from "#app/features/embed/embed-api.ts";
import { likeAnswer, mediaPage, publicMediaItem } from "#app/features/gallery/gallery-api.ts";
import { streamStatus } from "#app/features/live-stream/live-stream-api.ts";
import { weatherSnapshot } from "#app/features/weather/weather.ts";
import { apiErrorAnswer } from "#app/lib/api-error.ts";
import { buildAnswer, healthAnswer, settingsAnswer } from "#app/shell/shell-api.ts";
import { versionQuery } from "./archive-routes.ts";
import { oembedQuery } from "./oembed-routes.ts";

type Schema = z.core.$ZodType;

/** One documented operation; `answer` is the 200's JSON schema, or the media types of a file. */
export type PublicOperation = {
  method: "get" | "post";
  path: string;
  summary: string;
  query?: Schema;
  pathParams?: Record<string, RegExp>;
  answer: Schema | string[];
  errors?: Record<number, string>;
};

export const publicOperations: PublicOperation[] = [
  {
    method: "get",
    path: "/health",
    summary: "The deploy and its database: 503 `degraded` when D1 does not answer. Not cached.",
    answer: healthAnswer,
  },
  {
    method: "get",
    path: "/build",
    summary: "The running deploy's build id.",
    answer: buildAnswer,
  },
  {
    method: "get",
    path: "/settings",
    summary: "Public settings (maintenance mode). Cached 10 s.",
    answer: settingsAnswer,
  },
  {
    method: "get",
    path: "/weather",
    summary:
      "Current weather, three days, the lake level and the water temperature north and south. Cached 60 s, ETag.",
    answer: weatherSnapshot,
    errors: {
      503: "`weather_pending`: the first fetch after a deploy is still running (Retry-After)",
    },
  },
  {
    method: "get",
    path: "/media",
    summary:
      "Published photos, videos and time-lapses, a page at a time (`nextCursor`). Cached 30 s.",
    query: listQuery,
    answer: mediaPage,
    errors: { 400: "`invalid_query`" },
  },
  {
    method: "get",
    path: "/media/{id}",
    summary: "One published item. Cached 30 s.",
    pathParams: { id: MEDIA_ID_PATTERN },
    query: langQuery,
    answer: publicMediaItem,
    errors: { 404: "`not_found`: unknown or not published" },
  },
  {
    method: "post",
    path: "/media/{id}/like",
    summary: "Likes an item once per visitor and day, without a cookie. 30 a minute per network.",
    pathParams: { id: MEDIA_ID_PATTERN },
    answer: likeAnswer,
    errors: { 404: "`not_found`", 429: "`rate_limited`" },
  },
  {
    method: "get",
    path: "/files/{key}",
    summary:
      "A published item's file or one of its smaller versions (`media/<64 hex>.<ext>`, as the items name them): Range, conditional requests, cached for a year (immutable).",
    pathParams: { key: /^media\/[0-9a-f]{64}\.[a-z0-9]+$/ },
    answer: ["image/jpeg", "video/mp4", "video/quicktime"],
    errors: { 404: "`not_found`" },
  },
  {
    method: "get",
    path: "/stills/{file}",
    summary:
      "The newest still (`newest.jpg`) or an archived one by its id: cached until the next still is due (600 s), conditional requests.",
    pathParams: {
      file: new RegExp(`^(newest|${STILL_ID_PATTERN.source.slice(1, -1)})\\.jpg$`),
    },
    query: versionQuery,
    answer: ["image/jpeg"],
    errors: { 400: "`bad_version`", 404: "`no_still`" },
  },
  {
    method: "get",
    path: "/oembed",
    summary:
      "oEmbed (oembed.com) for the home, embed and gallery addresses: a `rich` answer with the iframe, within `maxwidth`/`maxheight`; found through the pages' discovery link. Cached 1 h.",
    query: oembedQuery,
    answer: oembedAnswer,
    errors: {
      400: "`invalid_query`",
      404: "`not_found`: not an embeddable page of this site",
      501: "`format_not_offered`: only JSON",
    },
  },
  {
    method: "get",
    path: "/stream/status",
    summary: "Whether the camera is online and live, with the newest still. Not cached.",
    answer: streamStatus,
  },
];

/** Routes ours alone, by prefix: any other route outside the document fails test/openapi.test.ts. */
export const unpublished: Record<string, string> = {
  "/api/locale": "this site's language switch, a form",
  "/api/beacon":
    "this site's own counting of product events, live starts' speed and the Web Vitals",
  "/api/admin/": "the owner's, behind a session",
  "/api/ingest/": "the camera box's, signed",
  "/api/stream/session": "a visitor's one-minute session, for this site's player",
  "/api/stream/s/":
    "a session's playlist for players without Media Source Extensions, behind its token",
  "/api/openapi.json": "this document",
};

/** OpenAPI 3.1's schema objects are JSON Schema 2020-12: the dialect is the document's. */
function json(schema: Schema) {
  const { $schema: _, ...described } = toJSONSchema(schema, { io: "output" });
  return described;
}

const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: json(apiErrorAnswer) } },
});

function queryParameters(schema: Schema) {
  const object = toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as {
    properties?: Record<string, object>;
  };
  return Object.entries(object.properties ?? {}).map(([name, property]) => ({
    name,
    in: "query",
    required: false,
    schema: property,
  }));
}

function operation(op: PublicOperation) {
  const parameters = [
    ...Object.entries(op.pathParams ?? {}).map(([name, pattern]) => ({
      name,
      in: "path",
      required: true,
      schema: { type: "string", pattern: pattern.source },
    })),
    ...(op.query ? queryParameters(op.query) : []),
  ];
  const ok = Array.isArray(op.answer)
    ? { description: "The file", content: Object.fromEntries(op.answer.map((type) => [type, {}])) }
    : { description: "OK", content: { "application/json": { schema: json(op.answer) } } };
  return {
    summary: op.summary,
    ...(parameters.length > 0 ? { parameters } : {}),
    responses: {
      200: ok,
      ...Object.fromEntries(
        Object.entries(op.errors ?? {}).map(([status, why]) => [status, errorResponse(why)]),
      ),
      503: errorResponse("`database_busy`: D1's queue is full (Retry-After)"),
    },
  };
}

export function openApiDocument(buildId: string) {
  const paths: Record<string, Record<string, ReturnType<typeof operation>>> = {};
  for (const op of publicOperations) {
    paths[op.path] = { ...paths[op.path], [op.method]: operation(op) };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Lake Garda Live Camera",
      version: buildId,
      description:
        "The camera's public read API: weather, stills, the gallery and the camera's status. Every error is `{ error: { code, message } }`. Answers are cached as each operation says; likes and views are limited to 30 a minute per client network. Please cache on your side and credit the site (see the Terms).",
    },
    servers: [{ url: "/api" }],
    paths,
  };
}
